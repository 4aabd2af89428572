import type { CatalogueProduct, Dimensions } from "./product";

/** One line of the characteristics list of the detail page: a Spanish label and its value. */
export type SpecRow = { label: string; value: string };

const decimal = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** A seasonal efficiency as labels print it: "4,0", "6,35". */
export const formatRatio = (value: number) => ratio.format(value);

const yesNo = (value: boolean) => (value ? "Sí" : "No");
const measure = (value: number, unit: string) => `${decimal.format(value)} ${unit}`;
const sizes = ({ alto, ancho, fondo }: Dimensions) =>
  `${decimal.format(alto)} × ${decimal.format(ancho)} × ${decimal.format(fondo)} cm`;

type Field = { label: string; value: (product: CatalogueProduct) => string | null };

const when = <T>(value: T | null, show: (value: T) => string) => (value === null ? null : show(value));

/** The characteristics of spec section 2 ("Product detail"), in the order the page shows them. */
const FIELDS: Field[] = [
  { label: "Potencia", value: (p) => when(p.powerKw, (v) => measure(v, "kW")) },
  { label: "Caudal ACS", value: (p) => when(p.flowLpm, (v) => measure(v, "L/min")) },
  { label: "Potencia calefacción", value: (p) => when(p.heatingPowerKw, (v) => measure(v, "kW")) },
  { label: "Certificación", value: (p) => p.certification },
  { label: "Bomba de calor", value: (p) => when(p.heatPump, yesNo) },
  { label: "Wifi", value: (p) => when(p.wifi, yesNo) },
  { label: "Alimentación 220 V", value: (p) => when(p.mainsPowered, yesNo) },
  { label: "Acumulador", value: (p) => p.accumulator },
  { label: "Controlador", value: (p) => p.controller },
  { label: "Inverter", value: (p) => when(p.inverter, yesNo) },
  { label: "Capacidad frigorífica", value: (p) => when(p.coolingCapacityFgh, (v) => measure(v, "frigorías/h")) },
  { label: "Refrigerante", value: (p) => p.refrigerant },
  { label: "Sonido exterior", value: (p) => when(p.noiseOutdoorDb, (v) => measure(v, "dB")) },
  { label: "Sonido interior", value: (p) => when(p.noiseIndoorDb, (v) => measure(v, "dB")) },
  // Issue 15: the energy label's figures (app/domain/catalogue/family-fields.ts, LABEL_FIELDS).
  { label: "Eficiencia estacional en refrigeración (SEER)", value: (p) => when(p.seer, formatRatio) },
  { label: "Eficiencia estacional en calefacción (SCOP)", value: (p) => when(p.scop, formatRatio) },
  { label: "Potencia sonora", value: (p) => when(p.soundPowerDb, (v) => measure(v, "dB(A)")) },
  { label: "Dimensiones (alto × ancho × fondo)", value: (p) => when(p.dimensions, sizes) },
  { label: "Unidad exterior (alto × ancho × fondo)", value: (p) => when(p.dimensionsOutdoor, sizes) },
  { label: "Unidad interior (alto × ancho × fondo)", value: (p) => when(p.dimensionsIndoor, sizes) },
  { label: "Acumulador (alto × ancho × fondo)", value: (p) => when(p.dimensionsTank, sizes) },
];

/** Only the fields the product has: other families' fields are null and are left out. */
export function productSpecs(product: CatalogueProduct): SpecRow[] {
  return FIELDS.flatMap(({ label, value }) => {
    const shown = value(product);
    return shown === null || shown.trim() === "" ? [] : [{ label, value: shown }];
  });
}

/** The pictures of the gallery: the main image first, then the others, each once. */
export function galleryImages(product: Pick<CatalogueProduct, "image" | "images">): string[] {
  return [...new Set([product.image, ...product.images].filter((src) => src.trim() !== ""))];
}

/** "?imagen=N" (1-based) as the selected picture; anything else selects the first. */
export function selectedImageNumber(param: string | null, total: number): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 && n <= total ? n : 1;
}

/** "Quedan 3 unidades", "Queda 1 unidad", "Agotado". */
export function stockText(stock: number): string {
  if (stock <= 0) return "Agotado";
  return stock === 1 ? "Queda 1 unidad" : `Quedan ${stock} unidades`;
}
