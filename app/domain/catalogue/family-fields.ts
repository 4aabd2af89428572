import type { CatalogueProduct, Family } from "../product";

/*
 * Which technical characteristics each family carries (spec section 3, "Product"), and the
 * types the owner picks from. The form shows only its family's fields and stores null in
 * the others, which is how the detail page knows what to list (app/domain/product-specs.ts).
 * The heat pump flag of aerothermal units is not in the spec's list, but every one of them
 * has it and the detail page shows it, so the form keeps it editable.
 */

export type NumberField = "powerKw" | "flowLpm" | "heatingPowerKw" | "coolingCapacityFgh" | "noiseIndoorDb" | "noiseOutdoorDb";
export type TextField = "accumulator" | "refrigerant" | "controller";
export type FlagField = "heatPump" | "wifi" | "mainsPowered" | "inverter";
export type DimensionsField = "dimensions" | "dimensionsOutdoor" | "dimensionsIndoor" | "dimensionsTank";
export type TechnicalField = NumberField | TextField | FlagField | DimensionsField;

export const NUMBER_FIELDS: NumberField[] = ["powerKw", "flowLpm", "heatingPowerKw", "coolingCapacityFgh", "noiseIndoorDb", "noiseOutdoorDb"];
export const TEXT_FIELDS: TextField[] = ["accumulator", "refrigerant", "controller"];
export const FLAG_FIELDS: FlagField[] = ["heatPump", "wifi", "mainsPowered", "inverter"];
export const DIMENSIONS_FIELDS: DimensionsField[] = ["dimensions", "dimensionsOutdoor", "dimensionsIndoor", "dimensionsTank"];
export const TECHNICAL_FIELDS: TechnicalField[] = [...NUMBER_FIELDS, ...TEXT_FIELDS, ...FLAG_FIELDS, ...DIMENSIONS_FIELDS];

/** In the order the form shows them. */
export const FAMILY_FIELDS: Record<Family, TechnicalField[]> = {
  calderas: ["powerKw", "heatingPowerKw", "flowLpm", "accumulator", "heatPump", "dimensions"],
  termostatos: ["wifi", "mainsPowered"],
  aires: ["powerKw", "coolingCapacityFgh", "noiseIndoorDb", "noiseOutdoorDb", "refrigerant", "heatPump", "inverter", "dimensionsIndoor", "dimensionsOutdoor"],
  aerotermia: ["powerKw", "accumulator", "controller", "heatPump", "dimensionsOutdoor", "dimensionsIndoor", "dimensionsTank"],
};

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
};

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
