import { detailPriceCents } from "./service-prices";
import { FAMILY_LABELS, type CatalogueProduct, type Dimensions, type EnergyClass, type Family } from "./product";
import { typeLabel } from "./family-fields";

/*
 * The product comparison (issue 15): up to four products of one family side by side, every
 * characteristic on its own row, the rows whose values differ marked. The page reads only its
 * address (/comparar?productos=12,15,18), so a comparison can be shared; the visitor's list
 * while choosing lives in a cookie (app/server/catalogue/comparison.server.ts). Pure: the
 * server brings the products, this decides what is compared and how each row reads.
 */

export const COMPARE_MAX = 4;
export const COMPARE_PATH = "/comparar";

/** Query keys of the comparison page: the products, a notice after a post, only differences. */
export const PRODUCTS_PARAM = "productos";
export const NOTICE_PARAM = "aviso";
export const DIFFERENCES_PARAM = "diferencias";

/** The address of a comparison of these products (the one to share). */
export function comparisonHref(ids: readonly number[], extra: Record<string, string> = {}): string {
  const query = [...(ids.length > 0 ? [`${PRODUCTS_PARAM}=${ids.join(",")}`] : []), ...Object.entries(extra).map(([k, v]) => `${k}=${v}`)];
  return query.length > 0 ? `${COMPARE_PATH}?${query.join("&")}` : COMPARE_PATH;
}

export type ComparisonRequest = {
  /** The product ids to look up: each once, in the address's order, at most COMPARE_MAX. */
  ids: number[];
  /** Parts of the address that are not a product id, as typed (shortened). */
  invalid: string[];
  /** How many more ids the address named beyond COMPARE_MAX. */
  overLimit: number;
};

const ID = /^[1-9]\d{0,8}$/;
/** Enough for any real list; the rest of a pasted monster is not even looked at. */
const MAX_PARTS = 40;

/** `?productos=12,15,18` as the ids to compare; what cannot be one is reported, never thrown. */
export function parseComparisonParam(value: string | null): ComparisonRequest {
  const parts = (value ?? "")
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .slice(0, MAX_PARTS);
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const part of parts) {
    if (!ID.test(part)) {
      if (invalid.length < 3) invalid.push(part.length > 20 ? `${part.slice(0, 20)}…` : part);
      continue;
    }
    const id = Number(part);
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids: ids.slice(0, COMPARE_MAX), invalid, overLimit: Math.max(0, ids.length - COMPARE_MAX) };
}

/** One cell: text, an amount (shown with <Price>), an energy class (shown as the label), or no data. */
export type ComparisonCell =
  | { kind: "text"; text: string }
  | { kind: "price"; cents: number }
  | { kind: "energy"; energyClass: EnergyClass }
  | { kind: "missing" };

export type ComparisonRow = { key: string; label: string; cells: ComparisonCell[]; differs: boolean };

export type ComparedProduct = Pick<CatalogueProduct, "id" | "family" | "brand" | "model" | "type" | "image" | "photos">;

export type Comparison = {
  /** The family compared (that of the first product found); null when nothing is. */
  family: Family | null;
  products: ComparedProduct[];
  rows: ComparisonRow[];
  /** What of the address is not shown, and why, in Spanish. */
  notes: string[];
  /** The ids actually compared: the address to share. */
  ids: number[];
};

/** What a missing value reads as, in every cell and in the tests. */
export const MISSING = "—";

export function cellText(cell: ComparisonCell, formatMoney: (cents: number) => string): string {
  switch (cell.kind) {
    case "text":
      return cell.text;
    case "price":
      return formatMoney(cell.cents);
    case "energy":
      return cell.energyClass;
    case "missing":
      return MISSING;
  }
}

const decimal = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });
// As formatRatio of ../product-specs ("4,0", "6,35"); not imported, so that module stays inside
// the product page's own chunk instead of becoming one more file on its first load.
const ratio = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const missing: ComparisonCell = { kind: "missing" };
const text = (value: string | null | undefined): ComparisonCell =>
  value === null || value === undefined || value.trim() === "" ? missing : { kind: "text", text: value.trim() };
const measure = (value: number | null, unit: string) => (value === null ? missing : text(`${decimal.format(value)} ${unit}`));
const yesNo = (value: boolean | null) => (value === null ? missing : text(value ? "Sí" : "No"));
const sizes = (d: Dimensions | null) =>
  d === null ? missing : text(`${decimal.format(d.alto)} × ${decimal.format(d.ancho)} × ${decimal.format(d.fondo)} cm`);

/** The power each family states (the one its size filters read). */
const POWER_LABELS: Record<Family, string> = {
  calderas: "Potencia de agua caliente",
  aires: "Potencia de refrigeración",
  aerotermia: "Potencia de calefacción",
  termostatos: "Potencia",
};

type RowDefinition = { key: string; label: (family: Family) => string; cell: (product: CatalogueProduct) => ComparisonCell };

/** Every characteristic, in the order the table lines them up: money, efficiency, power, noise, the rest. */
const ROWS: RowDefinition[] = [
  { key: "price", label: () => "Precio sin instalación (IVA incluido)", cell: (p) => ({ kind: "price", cents: p.priceCents }) },
  {
    key: "priceInstalled",
    label: () => "Precio con instalación (IVA incluido)",
    cell: (p) => ({ kind: "price", cents: detailPriceCents(p.family, p.priceCents, true) }),
  },
  { key: "energyClass", label: () => "Clase energética", cell: (p) => (p.energyClass ? { kind: "energy", energyClass: p.energyClass } : missing) },
  { key: "seer", label: () => "SEER (eficiencia en refrigeración)", cell: (p) => (p.seer === null ? missing : text(ratio.format(p.seer))) },
  { key: "scop", label: () => "SCOP (eficiencia en calefacción)", cell: (p) => (p.scop === null ? missing : text(ratio.format(p.scop))) },
  { key: "powerKw", label: (family) => POWER_LABELS[family], cell: (p) => measure(p.powerKw, "kW") },
  { key: "coolingCapacityFgh", label: () => "Frigorías", cell: (p) => measure(p.coolingCapacityFgh, "frigorías/h") },
  { key: "heatingPowerKw", label: () => "Potencia de calefacción", cell: (p) => measure(p.heatingPowerKw, "kW") },
  { key: "flowLpm", label: () => "Caudal de agua caliente", cell: (p) => measure(p.flowLpm, "L/min") },
  { key: "noiseIndoorDb", label: () => "Ruido de la unidad interior", cell: (p) => measure(p.noiseIndoorDb, "dB") },
  { key: "noiseOutdoorDb", label: () => "Ruido de la unidad exterior", cell: (p) => measure(p.noiseOutdoorDb, "dB") },
  { key: "soundPowerDb", label: () => "Potencia sonora (etiqueta energética)", cell: (p) => measure(p.soundPowerDb, "dB(A)") },
  { key: "refrigerant", label: () => "Refrigerante", cell: (p) => text(p.refrigerant) },
  { key: "type", label: () => "Tipo", cell: (p) => text(typeLabel(p.family, p.type)) },
  { key: "heatPump", label: () => "Bomba de calor", cell: (p) => yesNo(p.heatPump) },
  { key: "inverter", label: () => "Inverter", cell: (p) => yesNo(p.inverter) },
  { key: "wifi", label: () => "Wifi", cell: (p) => yesNo(p.wifi) },
  { key: "mainsPowered", label: () => "Alimentación 220 V", cell: (p) => yesNo(p.mainsPowered) },
  { key: "accumulator", label: () => "Acumulador", cell: (p) => text(p.accumulator) },
  { key: "controller", label: () => "Controlador", cell: (p) => text(p.controller) },
  { key: "dimensions", label: () => "Medidas (alto × ancho × fondo)", cell: (p) => sizes(p.dimensions) },
  { key: "dimensionsIndoor", label: () => "Unidad interior (alto × ancho × fondo)", cell: (p) => sizes(p.dimensionsIndoor) },
  { key: "dimensionsOutdoor", label: () => "Unidad exterior (alto × ancho × fondo)", cell: (p) => sizes(p.dimensionsOutdoor) },
  { key: "dimensionsTank", label: () => "Acumulador (alto × ancho × fondo)", cell: (p) => sizes(p.dimensionsTank) },
];

/** What two cells are compared by: the text a visitor reads. */
const cellKey = (cell: ComparisonCell) => cellText(cell, (cents) => String(cents));

/**
 * Lines up the products' characteristics: one row per characteristic at least one of them has,
 * "—" where one lacks it, `differs` when the values are not all the same.
 */
export function alignRows(products: readonly CatalogueProduct[]): ComparisonRow[] {
  const family = products[0]?.family;
  if (!family) return [];
  return ROWS.flatMap(({ key, label, cell }) => {
    const cells = products.map(cell);
    if (cells.every((c) => c.kind === "missing")) return [];
    const differs = new Set(cells.map(cellKey)).size > 1;
    return [{ key, label: label(family), cells, differs }];
  });
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
const lower = (family: Family) => FAMILY_LABELS[family].plural.toLowerCase();

/**
 * The comparison of what the address asked for: the products found, in its order, of the
 * family of the first one; a Spanish note for each thing left out (not a number, over the
 * limit, no longer in the shop, of another family).
 */
export function buildComparison(request: ComparisonRequest, found: readonly CatalogueProduct[]): Comparison {
  const notes: string[] = [];
  if (request.invalid.length > 0) {
    const quoted = request.invalid.map((part) => `«${part}»`);
    notes.push(`${listOf(quoted)} no ${request.invalid.length === 1 ? "es un número de producto" : "son números de producto"}: lo hemos dejado fuera.`);
  }
  if (request.overLimit > 0) {
    notes.push(
      `Se comparan como máximo ${COMPARE_MAX} productos a la vez: ${
        request.overLimit === 1 ? "hemos dejado fuera el último de la dirección" : `hemos dejado fuera los ${request.overLimit} últimos de la dirección`
      }.`,
    );
  }
  const inOrder = request.ids.flatMap((id) => found.filter((product) => product.id === id).slice(0, 1));
  const gone = request.ids.length - inOrder.length;
  if (gone > 0) {
    notes.push(gone === 1 ? "Uno de los productos de la dirección ya no está en la tienda." : `${gone} productos de la dirección ya no están en la tienda.`);
  }
  const family = inOrder[0]?.family ?? null;
  const compared = inOrder.filter((product) => product.family === family);
  const others = inOrder.filter((product) => product.family !== family);
  if (family && others.length > 0) {
    notes.push(
      `Solo se comparan productos de una misma familia (aquí, ${lower(family)}): hemos dejado fuera ${listOf(
        others.map((p) => `${p.brand} ${p.model} (${FAMILY_LABELS[p.family].singular.toLowerCase()})`),
      )}.`,
    );
  }
  return {
    family,
    products: compared.map(({ id, family: f, brand, model, type, image, photos }) => ({ id, family: f, brand, model, type, image, photos })),
    rows: alignRows(compared),
    notes,
    ids: compared.map((product) => product.id),
  };
}

/* ----------------------------------------------------------- the visitor's list */

export type ListEntry = { id: number; family: Family };

export type AddOutcome =
  | { kind: "added"; ids: number[] }
  | { kind: "already"; ids: number[] }
  | { kind: "full"; ids: number[] }
  /** The list held another family's products: it starts again with this one (and says so). */
  | { kind: "restarted"; ids: number[]; previous: Family };

/**
 * Adds a product to the visitor's list. A product of another family starts a new list rather
 * than being refused: the visitor asked to compare it, and products of different families
 * share almost no characteristic. A fifth product is refused; the list stays as it was.
 */
export function addToComparison(list: readonly ListEntry[], product: ListEntry): AddOutcome {
  const ids = list.map((entry) => entry.id);
  const previous = list[0]?.family;
  if (previous && previous !== product.family) return { kind: "restarted", ids: [product.id], previous };
  if (ids.includes(product.id)) return { kind: "already", ids };
  if (ids.length >= COMPARE_MAX) return { kind: "full", ids };
  return { kind: "added", ids: [...ids, product.id] };
}

/** The list as the cookie holds it (anything else: an empty list): ids, each once, at most COMPARE_MAX. */
export function listFromCookie(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is number => Number.isInteger(id) && id > 0 && id < 1e9);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** The sentence the visitor reads after pressing «Comparar» (beside the button, with JavaScript). */
export function addOutcomeMessage(outcome: AddOutcome, family: Family): string {
  const count = `(${outcome.ids.length} de ${COMPARE_MAX})`;
  switch (outcome.kind) {
    case "added":
      return `Añadido a la comparación ${count}`;
    case "already":
      return `Ya está en la comparación ${count}`;
    case "full":
      return `No se ha añadido: ya compara ${COMPARE_MAX} productos, el máximo. Quite uno para añadir este.`;
    case "restarted":
      return `Comparación nueva de ${lower(family)} ${count}: solo se comparan productos de una misma familia, así que hemos dejado fuera los ${lower(outcome.previous)}.`;
  }
}

/** The answer to an enhanced «Comparar» (js=1): the sentence beside the button and the link. */
export type CompareReply = { ok: boolean; message: string; href: string; count: number };

/** The notices the page shows after a post without JavaScript (?aviso=), by key. */
export const COMPARISON_NOTICES: Record<string, string> = {
  lleno: `No hemos añadido el producto: ya compara ${COMPARE_MAX} productos, el máximo. Quite uno y vuelva a pulsar «Comparar» en el que quería añadir.`,
  nueva: "Hemos empezado una comparación nueva: solo se comparan productos de una misma familia.",
};

export function noticeKey(outcome: AddOutcome): string | null {
  return outcome.kind === "full" ? "lleno" : outcome.kind === "restarted" ? "nueva" : null;
}
