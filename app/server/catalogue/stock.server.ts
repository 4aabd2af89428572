import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../db/client.server";
import { products } from "./catalogue-schema.server";

/*
 * The catalogue's stock, written here only: orders take units when placed and give them back
 * when cancelled or when a card window closes; jobs hold the units of an accepted quote. The
 * callers lock and change product rows in id order, so two of them never deadlock.
 */

/**
 * Takes `units` of a product if its stock has them, in one conditional update (the stock never
 * goes below zero, even without a lock). False, and nothing written, when it has not.
 */
export async function takeStock(tx: Transaction, productId: number, units: number, now: Date): Promise<boolean> {
  const [left] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${units}`, updatedAt: now })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${units}`))
    .returning({ id: products.id });
  return Boolean(left);
}

/** Puts `units` of a product back on sale. */
export async function giveBackStock(tx: Transaction, productId: number, units: number, now: Date): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${units}`, updatedAt: now })
    .where(eq(products.id, productId));
}
