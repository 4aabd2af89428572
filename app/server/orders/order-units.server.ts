import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { products } from "../catalogue/catalogue-schema.server";
import { giveBackStock, takeStock } from "../catalogue/stock.server";
import { orderLines, orders } from "./orders-schema.server";

/*
 * The units an order holds (issues 11 and 12), one place for both directions. An order takes
 * its units when it is placed; they go back when it is cancelled, or when a card or Bizum
 * order's payment window closes unpaid, and are taken again when that order is paid again.
 * orders.units_held says which side the order is on, so nothing goes back or out twice.
 *
 * Service lines (installation, maintenance) carry a service id in product_id, which may equal
 * some product's id: only lines whose family is the product's family count. Product rows are
 * locked and updated in id order, as the order transaction does, so two never deadlock.
 */

async function unitsOf(tx: Transaction, orderId: number) {
  return tx
    .select({ productId: products.id, name: sql<string>`min(${orderLines.brand} || ' ' || ${orderLines.model})`, units: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(products, and(eq(products.id, orderLines.productId), eq(products.family, orderLines.family)))
    .where(eq(orderLines.orderId, orderId))
    .groupBy(products.id)
    .orderBy(asc(products.id));
}

/** Puts the order's units back on sale, if it holds them; returns how many went back. */
export async function returnUnits(tx: Transaction, orderId: number, now: Date): Promise<number> {
  const [order] = await tx.select({ unitsHeld: orders.unitsHeld }).from(orders).where(eq(orders.id, orderId));
  if (!order?.unitsHeld) return 0;
  let total = 0;
  for (const { productId, units } of await unitsOf(tx, orderId)) {
    await giveBackStock(tx, productId, Number(units), now);
    total += Number(units);
  }
  await tx.update(orders).set({ unitsHeld: false }).where(eq(orders.id, orderId));
  return total;
}

export type TakeResult = { ok: true; taken: number } | { ok: false; missing: string[] };

/**
 * Takes the order's units again (it had released them): all of them or none. The caller's
 * transaction must roll back on `ok: false` only if it wrote something before; this function
 * writes nothing unless every product has the units.
 */
export async function takeUnits(tx: Transaction, orderId: number, now: Date): Promise<TakeResult> {
  const [order] = await tx.select({ unitsHeld: orders.unitsHeld }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.unitsHeld) return { ok: true, taken: 0 };
  const wanted = await unitsOf(tx, orderId);
  const missing: string[] = [];
  for (const { productId, name, units } of wanted) {
    const [row] = await tx.select({ stock: products.stock, active: products.active }).from(products).where(eq(products.id, productId)).for("update");
    if (!row || !row.active || row.stock < units) missing.push(name.trim());
  }
  if (missing.length) return { ok: false, missing };
  let taken = 0;
  for (const { productId, units } of wanted) {
    // Checked under the row locks above: every product has the units.
    await takeStock(tx, productId, Number(units), now);
    taken += Number(units);
  }
  await tx.update(orders).set({ unitsHeld: true }).where(eq(orders.id, orderId));
  return { ok: true, taken };
}
