import { asc, eq, inArray, sql } from "drizzle-orm";
import type { QuoteAlternative } from "~/domain/quotes/quote-content";
import { products } from "../catalogue/catalogue-schema.server";
import { giveBackStock, takeStock } from "../catalogue/stock.server";
import { jobs, type HeldUnit } from "./jobs-schema.server";
import type { Transaction } from "../db/client.server";

/*
 * The catalogue units a job holds (issue 17), one place for both directions: accepting a quote
 * takes the units of the chosen alternative's catalogue products; cancelling the job, or an
 * unpaid required deposit, gives back exactly what was taken (jobs.held_units). Rows are locked
 * and changed in product id order, as orders do, so the two never deadlock.
 */

/** Whole units wanted per catalogue product of an alternative (fractions round up). */
export function unitsWanted(alternative: QuoteAlternative): HeldUnit[] {
  const wanted = new Map<number, number>();
  for (const line of alternative.lines) {
    if (line.kind !== "producto" || line.productId === null || line.quantityMilli <= 0) continue;
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + Math.ceil(line.quantityMilli / 1000));
  }
  return [...wanted].sort(([a], [b]) => a - b).map(([productId, units]) => ({ productId, units }));
}

export type HoldResult = { held: HeldUnit[]; short: Array<HeldUnit & { name: string }> };

/**
 * Takes what stock there is of each wanted product (never below zero). What could not be taken
 * is returned as `short`: the owner orders it from the distributor; the acceptance stands.
 */
export async function holdUnits(tx: Transaction, wanted: HeldUnit[], now: Date): Promise<HoldResult> {
  const held: HeldUnit[] = [];
  const short: HoldResult["short"] = [];
  if (wanted.length === 0) return { held, short };
  const rows = await tx
    .select({ id: products.id, stock: products.stock, name: sql<string>`${products.brand} || ' ' || ${products.model}` })
    .from(products)
    .where(inArray(products.id, wanted.map((w) => w.productId)))
    .orderBy(asc(products.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { productId, units } of wanted) {
    const row = byId.get(productId);
    const take = Math.min(units, Math.max(row?.stock ?? 0, 0));
    if (take > 0) {
      await takeStock(tx, productId, take, now);
      held.push({ productId, units: take });
    }
    if (take < units) short.push({ productId, units: units - take, name: row?.name ?? `producto ${productId}` });
  }
  return { held, short };
}

/** Gives back the units a job holds, once; returns how many went back. */
export async function releaseJobUnits(tx: Transaction, jobId: number, now: Date): Promise<number> {
  const [job] = await tx.select({ heldUnits: jobs.heldUnits }).from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job || job.heldUnits.length === 0) return 0;
  let total = 0;
  for (const { productId, units } of [...job.heldUnits].sort((a, b) => a.productId - b.productId)) {
    await giveBackStock(tx, productId, units, now);
    total += units;
  }
  await tx.update(jobs).set({ heldUnits: [], updatedAt: now }).where(eq(jobs.id, jobId));
  return total;
}
