import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { factsOfOrder } from "~/domain/customers/customer-sources";
import type { CustomerTie } from "~/domain/customers/customer-ties";
import type { Database, Transaction } from "../db/client.server";
import { orders } from "./orders-schema.server";

/* Orders tied to customer records (issue 30; ~/domain/customers/customer-ties). */

export const orderTie: CustomerTie<Database | Transaction> = {
  label: "pedidos",
  untied: async (db, after, limit) =>
    (
      await db
        .select({ id: orders.id, bill: orders.addressBill, email: orders.userEmail, userId: orders.userId })
        .from(orders)
        .where(and(isNull(orders.customerId), gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(limit)
    ).map((row) => ({ id: row.id, facts: factsOfOrder(row.bill, row.email, row.userId) })),
  tie: (db, id, customerId) => db.update(orders).set({ customerId }).where(eq(orders.id, id)),
  move: async (db, from, to) => (await db.update(orders).set({ customerId: to }).where(eq(orders.customerId, from)).returning({ id: orders.id })).length,
};
