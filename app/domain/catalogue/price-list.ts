import type { Family } from "./product";
import { decimalEuros, formatEuros, parseEuros } from "../money";

/*
 * The catalogue's price list as CSV (issue 11): exported for a spreadsheet, changed there, and
 * imported back. Pure: the server reads the file into lines (csv-parse) and brings the rows;
 * here we say, line by line, what would change and what is wrong. Only prices, stock, the
 * low-stock threshold and visibility change this way; family, brand and model are there for
 * the owner to recognise the product.
 */

export const PRICE_LIST_COLUMNS = ["id", "familia", "marca", "modelo", "precio", "precio_anterior", "stock", "umbral_stock", "visible"] as const;
type Column = (typeof PRICE_LIST_COLUMNS)[number];

export type PriceListProduct = {
  id: number;
  family: Family;
  brand: string;
  model: string;
  priceCents: number;
  previousPriceCents: number | null;
  promotionDiscountCents: number | null;
  stock: number;
  lowStockThreshold: number;
  active: boolean;
};

export type PriceListField = "priceCents" | "previousPriceCents" | "stock" | "lowStockThreshold" | "active";
type Values = Pick<PriceListProduct, PriceListField>;

export const PRICE_LIST_FIELD_LABELS: Record<PriceListField, string> = {
  priceCents: "Precio",
  previousPriceCents: "Precio anterior",
  stock: "Stock",
  lowStockThreshold: "Umbral de stock",
  active: "Visible",
};

export type PriceListChange = { field: PriceListField; before: number | boolean | null; after: number | boolean | null };
export type PlannedLine = { line: number; id: number; name: string; changes: PriceListChange[]; before: Values; after: Values };
export type PriceListError = { line: number; message: string };
export type PriceListPlan = { changed: PlannedLine[]; unchanged: number; errors: PriceListError[]; ids: number[] };

/** One record of the file and the line it starts on (1 is the header). */
export type CsvRecord = { line: number; fields: string[] };

/** The separator of the file, from its header: ";" (Spanish spreadsheets) unless only "," appears. */
export function detectSeparator(text: string): ";" | "," {
  const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return !header.includes(";") && header.includes(",") ? "," : ";";
}

/** A name a spreadsheet must not run as a formula ("=HYPERLINK(...)" typed as a model). */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The export's rows, header first: decimal commas and "sí"/"no", as a Spanish spreadsheet
 * reads them. The server writes them with ";" and a byte order mark.
 */
export function priceListRows(products: readonly PriceListProduct[]): string[][] {
  return [
    [...PRICE_LIST_COLUMNS],
    ...products.map((p) => [
      String(p.id),
      p.family,
      inert(p.brand),
      inert(p.model),
      decimalEuros(p.priceCents),
      decimalEuros(p.previousPriceCents),
      String(p.stock),
      String(p.lowStockThreshold),
      p.active ? "sí" : "no",
    ]),
  ];
}

/** "Precio anterior" or "precio_anterior" or "PRECIO ANTERIOR": the same column. */
function columnName(header: string): string {
  return header.trim().toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, "_");
}

// A blank cell is an error, not "no": hiding a product must be written.
const YES = new Set(["si", "sí", "true", "1"]);
const NO = new Set(["no", "false", "0"]);

function wholeNumber(text: string, label: string): number | string {
  const value = text.trim();
  if (/^-\d+$/.test(value)) return `${label} «${text}»: no puede ser negativo.`;
  if (!/^\d{1,6}$/.test(value)) return `${label} «${text}» no válido: escriba un número entero.`;
  return Number(value);
}

type Parsed = { ok: true; values: Partial<Values> } | { ok: false; message: string };

function readLine(fields: string[], columns: Column[]): Parsed {
  const values: Partial<Values> = {};
  const problems: string[] = [];
  columns.forEach((column, i) => {
    const text = fields[i] ?? "";
    if (column === "precio" || column === "precio_anterior") {
      const cents = parseEuros(text);
      if (column === "precio_anterior" && text.trim() === "") values.previousPriceCents = null;
      else if (cents === null || (column === "precio" && cents === 0)) {
        const label = column === "precio" ? "Precio" : "Precio anterior";
        problems.push(`${label} «${text}» no válido: escriba un importe en euros mayor que 0, por ejemplo 1.234,56.`);
      } else values[column === "precio" ? "priceCents" : "previousPriceCents"] = cents;
    } else if (column === "stock" || column === "umbral_stock") {
      const n = wholeNumber(text, column === "stock" ? "Stock" : "Umbral de stock");
      if (typeof n === "string") problems.push(n);
      else values[column === "stock" ? "stock" : "lowStockThreshold"] = n;
    } else if (column === "visible") {
      const word = text.trim().toLowerCase();
      if (YES.has(word)) values.active = true;
      else if (NO.has(word)) values.active = false;
      else problems.push(`Visible «${text}» no válido: escriba «sí» o «no».`);
    }
  });
  return problems.length ? { ok: false, message: problems.join(" ") } : { ok: true, values };
}

/** What the new values break among the product's prices. */
function priceProblem(product: PriceListProduct, after: Values): string | null {
  const pricesMoved = after.priceCents !== product.priceCents || after.previousPriceCents !== product.previousPriceCents;
  if (!pricesMoved) return null;
  if (after.previousPriceCents !== null && after.previousPriceCents <= after.priceCents) {
    return `El precio anterior (${formatEuros(after.previousPriceCents)}) debe ser mayor que el precio (${formatEuros(after.priceCents)}), o quedar en blanco.`;
  }
  if (product.promotionDiscountCents !== null && after.priceCents <= product.promotionDiscountCents) {
    return `El precio debe ser mayor que el descuento de la promoción (${formatEuros(product.promotionDiscountCents)}).`;
  }
  return null;
}

/** Line by line: what would change, what is wrong. Nothing may be applied while `errors` has any. */
export function planPriceList(records: readonly CsvRecord[], products: readonly PriceListProduct[]): PriceListPlan {
  const plan: PriceListPlan = { changed: [], unchanged: 0, errors: [], ids: [] };
  const [header, ...rows] = records;
  if (!header) return { ...plan, errors: [{ line: 1, message: "El archivo está vacío." }] };
  const names = header.fields.map(columnName);
  const unknown = names.filter((name) => !(PRICE_LIST_COLUMNS as readonly string[]).includes(name));
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  const headerProblems = [
    ...(names.includes("id") ? [] : ["Falta la columna «id»."]),
    ...unknown.map((name) => `Columna desconocida «${name}»: las columnas son ${PRICE_LIST_COLUMNS.join(", ")}.`),
    ...repeated.map((name) => `La columna «${name}» aparece dos veces.`),
  ];
  if (headerProblems.length) return { ...plan, errors: [{ line: header.line, message: headerProblems.join(" ") }] };
  if (rows.length === 0) return { ...plan, errors: [{ line: header.line, message: "El archivo no tiene ninguna línea de productos." }] };

  const columns = names as Column[];
  const byId = new Map(products.map((product) => [product.id, product]));
  const seen = new Map<number, number>();
  for (const { line, fields } of rows) {
    const fail = (message: string) => plan.errors.push({ line, message });
    if (fields.length !== columns.length) {
      fail(`La línea tiene ${fields.length} columnas y la cabecera ${columns.length}.`);
      continue;
    }
    const idText = (fields[columns.indexOf("id")] ?? "").trim();
    const id = /^\d{1,9}$/.test(idText) ? Number(idText) : NaN;
    const product = byId.get(id);
    if (!product) {
      fail(Number.isNaN(id) ? `El id «${idText}» no es un número de producto.` : `No existe ningún producto con el id ${id}.`);
      continue;
    }
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      fail(`El producto ${id} ya aparece en la línea ${earlier}.`);
      continue;
    }
    seen.set(id, line);
    plan.ids.push(id);
    const parsed = readLine(fields, columns);
    if (!parsed.ok) {
      fail(parsed.message);
      continue;
    }
    const before: Values = {
      priceCents: product.priceCents,
      previousPriceCents: product.previousPriceCents,
      stock: product.stock,
      lowStockThreshold: product.lowStockThreshold,
      active: product.active,
    };
    const after: Values = { ...before, ...parsed.values };
    const problem = priceProblem(product, after);
    if (problem) {
      fail(problem);
      continue;
    }
    const changes = (Object.keys(before) as PriceListField[])
      .filter((field) => before[field] !== after[field])
      .map((field) => ({ field, before: before[field], after: after[field] }));
    if (changes.length === 0) plan.unchanged += 1;
    else plan.changed.push({ line, id, name: `${product.brand} ${product.model}`, changes, before, after });
  }
  return plan;
}
