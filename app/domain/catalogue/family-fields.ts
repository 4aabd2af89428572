import type { CatalogueProduct, Family } from "./product";

/*
 * Which technical characteristics each family carries (spec section 3, "Product"), and the
 * types the owner picks from. The form shows only its family's fields and stores null in
 * the others, which is how the detail page knows what to list (app/domain/catalogue/product-specs.ts).
 * The heat pump flag of aerothermal units is not in the spec's list, but every one of them
 * has it and the detail page shows it, so the form keeps it editable.
 */

export type NumberField =
  | "powerKw"
  | "flowLpm"
  | "heatingPowerKw"
  | "coolingCapacityFgh"
  | "noiseIndoorDb"
  | "noiseOutdoorDb"
  | "seer"
  | "scop"
  | "soundPowerDb";
export type TextField = "accumulator" | "refrigerant" | "controller" | "eprelNumber";
export type FlagField = "heatPump" | "wifi" | "mainsPowered" | "inverter";
export type DimensionsField = "dimensions" | "dimensionsOutdoor" | "dimensionsIndoor" | "dimensionsTank";
export type TechnicalField = NumberField | TextField | FlagField | DimensionsField;

export const NUMBER_FIELDS: NumberField[] = [
  "powerKw",
  "flowLpm",
  "heatingPowerKw",
  "coolingCapacityFgh",
  "noiseIndoorDb",
  "noiseOutdoorDb",
  "seer",
  "scop",
  "soundPowerDb",
];
export const TEXT_FIELDS: TextField[] = ["accumulator", "refrigerant", "controller", "eprelNumber"];
export const FLAG_FIELDS: FlagField[] = ["heatPump", "wifi", "mainsPowered", "inverter"];
export const DIMENSIONS_FIELDS: DimensionsField[] = ["dimensions", "dimensionsOutdoor", "dimensionsIndoor", "dimensionsTank"];
export const TECHNICAL_FIELDS: TechnicalField[] = [...NUMBER_FIELDS, ...TEXT_FIELDS, ...FLAG_FIELDS, ...DIMENSIONS_FIELDS];

/**
 * What the EU energy label and its product information sheet state (issue 15): the form shows
 * them beside the energy class, not among the characteristics. SEER and SCOP are the label's
 * seasonal efficiencies (Regulation (EU) 626/2011 for air conditioners, 811/2013 for space
 * heaters); the sound power is the one on the label, of the outdoor unit for a split.
 */
export const LABEL_FIELDS: TechnicalField[] = ["seer", "scop", "soundPowerDb", "eprelNumber"];

/** The label's figures each family carries: boilers have no seasonal ratio of a heat pump. */
const LABEL_FIELDS_OF: Record<Family, TechnicalField[]> = {
  calderas: ["soundPowerDb", "eprelNumber"],
  termostatos: [],
  aires: ["seer", "scop", "soundPowerDb", "eprelNumber"],
  aerotermia: ["seer", "scop", "soundPowerDb", "eprelNumber"],
};

/** In the order the form shows them (the label's figures last). */
export const FAMILY_FIELDS: Record<Family, TechnicalField[]> = {
  calderas: ["powerKw", "heatingPowerKw", "flowLpm", "accumulator", "heatPump", "dimensions", ...LABEL_FIELDS_OF.calderas],
  termostatos: ["wifi", "mainsPowered"],
  aires: [
    "powerKw",
    "coolingCapacityFgh",
    "noiseIndoorDb",
    "noiseOutdoorDb",
    "refrigerant",
    "heatPump",
    "inverter",
    "dimensionsIndoor",
    "dimensionsOutdoor",
    ...LABEL_FIELDS_OF.aires,
  ],
  aerotermia: ["powerKw", "accumulator", "controller", "heatPump", "dimensionsOutdoor", "dimensionsIndoor", "dimensionsTank", ...LABEL_FIELDS_OF.aerotermia],
};

/**
 * Families whose units may hold fluorinated gas joined on site (a split, a bibloc heat pump):
 * the form offers the flag (Real Decreto 115/2017; drizzle/0013 set it on the demo rows).
 */
export function mayHoldFgas(family: Family): boolean {
  return family === "aires" || family === "aerotermia";
}

/** The accepted ranges of the label's figures, for the form's messages and the schema. */
export const LABEL_RANGES = {
  seer: { min: 2, max: 15, example: "6,1" },
  scop: { min: 2, max: 7, example: "4,0" },
  soundPowerDb: { min: 30, max: 90, example: "60" },
} as const;

/** An EPREL registration number: digits only (EPREL gives them as a plain number). */
export const EPREL_NUMBER_PATTERN = /^\d{1,12}$/;

/** The size filters of the shop read the power: a product without it would match none. */
export function powerRequired(family: Family): boolean {
  return family !== "termostatos";
}

/** Labels with their unit, as the owner reads them in the form. */
export const FIELD_LABELS: Record<TechnicalField, string> = {
  powerKw: "Potencia (kW)",
  flowLpm: "Caudal de agua caliente (L/min)",
  heatingPowerKw: "Potencia de calefacción (kW)",
  coolingCapacityFgh: "Capacidad frigorífica (frigorías/h)",
  noiseIndoorDb: "Sonido interior (dB)",
  noiseOutdoorDb: "Sonido exterior (dB)",
  accumulator: "Acumulador",
  refrigerant: "Refrigerante",
  controller: "Controlador",
  heatPump: "Bomba de calor",
  wifi: "Wifi",
  mainsPowered: "Alimentación 220 V",
  inverter: "Inverter",
  dimensions: "Medidas",
  dimensionsOutdoor: "Medidas de la unidad exterior",
  dimensionsIndoor: "Medidas de la unidad interior",
  dimensionsTank: "Medidas del acumulador",
  seer: "SEER (eficiencia estacional en refrigeración)",
  scop: "SCOP (eficiencia estacional en calefacción)",
  soundPowerDb: "Potencia sonora (dB(A))",
  eprelNumber: "Número de registro EPREL",
};

export const FGAS_LABEL = "Contiene gases fluorados y no es hermético (split)";

/** The power label says what the figure is for each family. */
export function powerLabel(family: Family): string {
  if (family === "calderas") return "Potencia de agua caliente (kW)";
  if (family === "aires") return "Potencia de refrigeración (kW)";
  if (family === "aerotermia") return "Potencia de calefacción (kW)";
  return FIELD_LABELS.powerKw;
}

/** The types of each family: stored values and what the owner reads. */
export const FAMILY_TYPES: Record<Family, { value: string; label: string }[]> = {
  calderas: ["Condensación", "Mixta condensación", "Solo calefacción"].map((value) => ({ value, label: value })),
  // Lowercase, no accent: the shop's "tipo" filter and preset URLs use these values.
  termostatos: [
    { value: "analogico", label: "Analógico" },
    { value: "digital", label: "Digital" },
  ],
  aires: ["Split pared", "Conductos", "Cassette"].map((value) => ({ value, label: value })),
  aerotermia: ["Monobloc", "Bibloc", "Bibloc con depósito integrado"].map((value) => ({ value, label: value })),
};

export function isFamilyType(family: Family, type: string): boolean {
  return FAMILY_TYPES[family].some((option) => option.value === type);
}

export function typeLabel(family: Family, type: string): string {
  return FAMILY_TYPES[family].find((option) => option.value === type)?.label ?? type;
}

/** Every technical field null but the family's own: what is stored. */
export function onlyFamilyFields<T extends Partial<Pick<CatalogueProduct, TechnicalField>>>(family: Family, values: T): T {
  const kept = new Set(FAMILY_FIELDS[family]);
  const result = { ...values };
  for (const field of TECHNICAL_FIELDS) if (!kept.has(field)) (result as Record<string, unknown>)[field] = null;
  return result;
}
