import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { factsOfContact } from "~/domain/customers/customer-sources";
import type { CustomerTie } from "~/domain/customers/customer-ties";
import type { Database, Transaction } from "../db/client.server";
import { visits } from "./visits-schema.server";

/* Visits tied to customer records (issue 30; ~/domain/customers/customer-ties). */

export const visitTie: CustomerTie<Database | Transaction> = {
  label: "visitas",
  untied: async (db, after, limit) =>
    (await db.select().from(visits).where(and(isNull(visits.customerId), gt(visits.id, after))).orderBy(asc(visits.id)).limit(limit)).map((row) => ({
      id: row.id,
      facts: factsOfContact(row),
    })),
  tie: (db, id, customerId) => db.update(visits).set({ customerId }).where(eq(visits.id, id)),
  move: async (db, from, to) => (await db.update(visits).set({ customerId: to }).where(eq(visits.customerId, from)).returning({ id: visits.id })).length,
};
