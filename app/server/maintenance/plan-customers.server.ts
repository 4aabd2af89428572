import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import type { CustomerTie } from "~/domain/customers/customer-ties";
import type { Database, Transaction } from "../db/client.server";
import { maintenancePlans } from "./maintenance-schema.server";

/*
 * Maintenance plans and the one customer record (issues 30 and 31): a plan is tied to its
 * order's record when it is made; one made before that order had a record is tied by the
 * linking task, and a merge moves plans with everything else.
 */
export const planTie: CustomerTie<Database | Transaction> = {
  label: "planes de mantenimiento",
  untied: async (db, after, limit) =>
    (
      await db
        .select()
        .from(maintenancePlans)
        .where(and(isNull(maintenancePlans.customerId), gt(maintenancePlans.id, after)))
        .orderBy(asc(maintenancePlans.id))
        .limit(limit)
    ).map((plan) => ({ id: plan.id, facts: { name: plan.customerName, email: plan.customerEmail, phone: plan.customerPhone, ...plan.place } })),
  tie: (db, id, customerId) => db.update(maintenancePlans).set({ customerId }).where(eq(maintenancePlans.id, id)),
  move: async (db, from, to) => (await db.update(maintenancePlans).set({ customerId: to }).where(eq(maintenancePlans.customerId, from)).returning({ id: maintenancePlans.id })).length,
};

/** A record's plans, newest first, for its page. */
export function plansOfCustomer(db: Pick<Database, "select">, customerId: number) {
  return db
    .select({ id: maintenancePlans.id, family: maintenancePlans.family, state: maintenancePlans.state, startedOn: maintenancePlans.startedOn, renewsOn: maintenancePlans.renewsOn, priceCents: maintenancePlans.priceCents })
    .from(maintenancePlans)
    .where(eq(maintenancePlans.customerId, customerId))
    .orderBy(desc(maintenancePlans.startedOn), desc(maintenancePlans.id))
    .limit(100);
}
