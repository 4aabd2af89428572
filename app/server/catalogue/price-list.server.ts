import { asc, eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { createHash } from "node:crypto";
import {
  detectSeparator,
  planPriceList,
  priceListRows,
  type CsvRecord,
  type PriceListPlan,
  type PriceListProduct,
} from "~/domain/catalogue/price-list";
import { audit, changedFields, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { products } from "./catalogue-schema.server";
import { productVersion } from "./product-editor.server";

/*
 * The catalogue's CSV price list (issue 11): export, a dry run that shows line by line what
 * would change, and the import, applied in one transaction with an audit row per product.
 * The dry run's page carries a fingerprint of the file and of the versions of the products it
 * names; the import refuses (409) when any of them changed in between.
 */

/** A catalogue of a few thousand products is well under this. */
export const PRICE_LIST_MAX_BYTES = 1_000_000;

type VersionedProduct = PriceListProduct & { version: string };

const columns = {
  id: products.id,
  family: products.family,
  brand: products.brand,
  model: products.model,
  priceCents: products.priceCents,
  previousPriceCents: products.previousPriceCents,
  promotionDiscountCents: products.promotionDiscountCents,
  stock: products.stock,
  lowStockThreshold: products.lowStockThreshold,
  active: products.active,
  version: productVersion,
};

/**
 * Every product, hidden ones too: UTF-8 with a byte order mark (so Excel reads the accents),
 * ";" and CRLF, as a spreadsheet in Spanish writes and opens it.
 */
export async function exportPriceList(db: Database): Promise<string> {
  const rows = await db.select(columns).from(products).orderBy(asc(products.family), asc(products.id));
  return `\uFEFF${stringify(priceListRows(rows), { delimiter: ";", record_delimiter: "windows" })}`;
}

/**
 * The file's text. A spreadsheet saved "as CSV" on Windows writes Windows-1252, not UTF-8:
 * such a file is read as that rather than refused, so the accents of its names survive.
 */
export function priceListText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The file's records with the line each ends on, or the line where it cannot be read. */
export function readPriceList(text: string): { records: CsvRecord[] } | { line: number; message: string } {
  const body = text.replace(/^\uFEFF/, "");
  try {
    const rows = parse(body, {
      delimiter: detectSeparator(body),
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return { records: rows.map(({ record, info }) => ({ line: info.lines, fields: record })) };
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { line, message: "El archivo no se puede leer como CSV a partir de esta línea: revise las comillas." };
  }
}

function fingerprint(text: string, rows: readonly VersionedProduct[], ids: readonly number[]): string {
  const named = new Set(ids);
  const versions = rows.filter((row) => named.has(row.id)).map((row) => `${row.id}:${row.version}`).sort();
  return createHash("sha256").update(text).update("\n").update(versions.join(",")).digest("base64url");
}

export type DryRun = { plan: PriceListPlan; fingerprint: string };

/**
 * The list as compared and fingerprinted: no byte order mark, "\n" line ends. The dry run's
 * page sends it back in a form, and browsers send a form's line ends as CRLF.
 */
export function normalisePriceListText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

function planOf(raw: string, rows: readonly VersionedProduct[]): DryRun {
  const text = normalisePriceListText(raw);
  const read = readPriceList(text);
  const plan: PriceListPlan =
    "records" in read ? planPriceList(read.records, rows) : { changed: [], unchanged: 0, errors: [read], ids: [] };
  return { plan, fingerprint: fingerprint(text, rows, plan.ids) };
}

/** What the file would change, without changing anything. */
export async function dryRunPriceList(db: Database, text: string): Promise<DryRun> {
  return planOf(text, await db.select(columns).from(products));
}

export type ApplyResult =
  | { kind: "applied"; changed: number }
  | { kind: "invalid"; dryRun: DryRun }
  | { kind: "conflict" };

export const PRICE_LIST_CHANGED =
  "Algún producto de la lista ha cambiado desde la comprobación, o la lista no es la misma: no se ha aplicado nada. Vuelva a comprobar el archivo.";

/** All the changes of the file or none: refused when it has errors or anything moved since `expected`. */
export async function applyPriceList(db: Database, actor: Actor, text: string, expected: string): Promise<ApplyResult> {
  const result = await db.transaction(async (tx: Transaction): Promise<ApplyResult> => {
    // Lock every row in id order (two imports at once wait for each other, never deadlock).
    const rows = await tx.select(columns).from(products).orderBy(asc(products.id)).for("update");
    const dryRun = planOf(text, rows);
    if (dryRun.fingerprint !== expected) return { kind: "conflict" };
    if (dryRun.plan.errors.length > 0) return { kind: "invalid", dryRun };
    for (const line of dryRun.plan.changed) {
      await tx.update(products).set({ ...line.after, updatedAt: sql`now()` }).where(eq(products.id, line.id));
      const { before, after } = changedFields<Record<string, unknown>>(line.before, line.after);
      await audit(tx, actor, { action: "cambió el producto con la lista de precios (CSV)", entity: "producto", entityId: line.id, before, after });
    }
    return { kind: "applied", changed: dryRun.plan.changed.length };
  });
  return result;
}
