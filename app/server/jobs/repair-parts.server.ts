import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import { STANDARD_VAT_RATE, withoutVatCents } from "~/domain/money";
import { repairCover } from "~/domain/repairs/repair-bill";
import type { RepairFormFacts } from "~/domain/repairs/repair-report-form";
import type { RepairPart } from "~/domain/repairs/repair-outcome";
import type { RepairDraft } from "~/domain/repairs/repair-report-form";
import { takeStock } from "../catalogue/stock.server";
import { products } from "../catalogue/catalogue-schema.server";
import type { Database, Transaction } from "../db/client.server";
import type { Job } from "./job-charges.server";
import { callOutToCharge } from "./repair-invoice.server";

/*
 * The catalogue's side of a repair report (issue 31): the parts a technician may take from stock
 * (in stock and on sale, by name), priced at the catalogue's price without VAT
 * when the report is signed, and taken from stock in the report's transaction.
 */

type Executor = Pick<Database, "select">;


/** How many parts the form lists: the whole catalogue of a big shop would not fit a phone's list. */
export const PART_CHOICES_LIMIT = 300;

const partName = sql<string>`trim(${products.brand} || ' ' || ${products.model})`;

export async function repairFormFacts(db: Executor, job: Pick<Job, "id" | "repair" | "customer">, now: Date): Promise<RepairFormFacts> {
  const terms = job.repair!;
  const callOutCents = await callOutToCharge(db, job);
  const rows = await db
    .select({ id: products.id, name: partName, priceCents: products.priceCents, stock: products.stock })
    .from(products)
    .where(and(eq(products.active, true), gt(products.stock, 0)))
    .orderBy(asc(partName), asc(products.id))
    .limit(PART_CHOICES_LIMIT);
  return {
    cover: repairCover(terms, madridDay(now)),
    coverageText: terms.coverage.text,
    callOutCents,
    callOutPaid: terms.coverage.callOutCents > 0 && callOutCents === 0,
    parts: rows.map((row) => ({ id: row.id, name: row.name, unitBaseCents: withoutVatCents(row.priceCents, STANDARD_VAT_RATE), stock: row.stock })),
    customerNif: job.customer.nif,
  };
}

export type PricedParts = { ok: true; parts: RepairPart[] } | { ok: false; status: 400 | 409; field: string; message: string };

/** Prices the report's parts under the products' row locks, refusing one gone or short in stock; nothing is taken yet. */
export async function priceRepairParts(tx: Transaction, wanted: RepairDraft["parts"]): Promise<PricedParts> {
  if (wanted.length === 0) return { ok: true, parts: [] };
  const rows = await tx
    .select({ id: products.id, name: partName, priceCents: products.priceCents, stock: products.stock })
    .from(products)
    .where(inArray(products.id, wanted.map((part) => part.productId)))
    .orderBy(asc(products.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parts: RepairPart[] = [];
  for (const [i, part] of wanted.entries()) {
    const row = byId.get(part.productId);
    if (!row) return { ok: false, status: 400, field: `repair.parts.${i}.productId`, message: "Esta pieza ya no está en el catálogo: quítela y escríbala como material." };
    if (row.stock < part.quantity) {
      return { ok: false, status: 409, field: `repair.parts.${i}.quantity`, message: `En el almacén constan ${Math.max(row.stock, 0)} unidades de ${row.name}: corrija la cantidad o escríbala como material.` };
    }
    parts.push({ productId: row.id, description: row.name, quantity: part.quantity, unitBaseCents: withoutVatCents(row.priceCents, STANDARD_VAT_RATE) });
  }
  return { ok: true, parts };
}

/** Takes the priced parts from stock (their rows are locked and were checked by priceRepairParts). */
export async function takeRepairParts(tx: Transaction, parts: readonly RepairPart[], now: Date): Promise<void> {
  for (const part of parts) {
    if (!(await takeStock(tx, part.productId, part.quantity, now))) throw new Error(`no quedan ${part.quantity} unidades del producto ${part.productId}`);
  }
}
