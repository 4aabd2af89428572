import { eq } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { orders, type Address } from "~/server/orders/orders-schema.server";
import { address } from "./my-orders-fixtures";
import { insertTestOrder, type TestOrder } from "./transfer-orders";

/**
 * An order of the back-office order tests: insertTestOrder (one line per unit, stock not
 * touched) with the billing details the list searches (name, company, NIF).
 */
export async function insertBilledOrder(db: Database, order: TestOrder & { bill?: Partial<Address>; amountCents?: number; shippingCents?: number }) {
  const created = await insertTestOrder(db, order);
  const set: Partial<typeof orders.$inferInsert> = {};
  if (order.bill) set.addressBill = address(order.bill);
  if (order.amountCents !== undefined) set.amountCents = order.amountCents;
  if (order.shippingCents !== undefined) set.shippingCents = order.shippingCents;
  if (Object.keys(set).length === 0) return created;
  const [updated] = await db.update(orders).set(set).where(eq(orders.id, created.id)).returning();
  return updated!;
}
