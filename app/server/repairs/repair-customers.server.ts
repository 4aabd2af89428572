import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { CustomerTie } from "~/domain/customers/customer-ties";
import type { Database, Transaction } from "../db/client.server";
import { repairRequests } from "./repairs-schema.server";

/* Breakdowns on the one customer record (issues 30 and 31): tied when written, moved by a merge. */

export const repairTie: CustomerTie<Database | Transaction> = {
  label: "avisos de avería",
  untied: async (db, after, limit) =>
    (
      await db
        .select()
        .from(repairRequests)
        .where(and(isNull(repairRequests.customerId), gt(repairRequests.id, after)))
        .orderBy(asc(repairRequests.id))
        .limit(limit)
    ).map((row) => ({ id: row.id, facts: { name: row.customerName, email: row.customerEmail, phone: row.customerPhone, address: row.address, town: row.town } })),
  tie: (db, id, customerId) => db.update(repairRequests).set({ customerId }).where(eq(repairRequests.id, id)),
  move: async (db, from, to) => (await db.update(repairRequests).set({ customerId: to }).where(eq(repairRequests.customerId, from)).returning({ id: repairRequests.id })).length,
};

/** A record's breakdowns, newest first, for its page. */
export function repairsOfCustomer(db: Pick<Database, "select">, customerId: number) {
  return db
    .select({ id: repairRequests.id, createdAt: repairRequests.createdAt, family: repairRequests.family, state: repairRequests.state, urgency: repairRequests.urgency })
    .from(repairRequests)
    .where(eq(repairRequests.customerId, customerId))
    .orderBy(desc(repairRequests.createdAt), desc(repairRequests.id))
    .limit(100);
}
