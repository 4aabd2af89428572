import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { factsOfContact, factsOfParty } from "~/domain/customers/customer-sources";
import type { CustomerTie } from "~/domain/customers/customer-ties";
import type { Database, Transaction } from "../db/client.server";
import { contactRequests, quotes } from "./quotes-schema.server";

/* Requests and quotes tied to customer records (issue 30; ~/domain/customers/customer-ties). */

export const requestTie: CustomerTie<Database | Transaction> = {
  label: "solicitudes",
  untied: async (db, after, limit) =>
    (
      await db
        .select()
        .from(contactRequests)
        .where(and(isNull(contactRequests.customerId), gt(contactRequests.id, after)))
        .orderBy(asc(contactRequests.id))
        .limit(limit)
    ).map((row) => ({ id: row.id, facts: factsOfContact({ name: row.nameAndSurname, email: row.email, phone: row.phone, address: row.address, town: row.town }) })),
  tie: (db, id, customerId) => db.update(contactRequests).set({ customerId }).where(eq(contactRequests.id, id)),
  move: async (db, from, to) =>
    (await db.update(contactRequests).set({ customerId: to }).where(eq(contactRequests.customerId, from)).returning({ id: contactRequests.id })).length,
};

export const quoteTie: CustomerTie<Database | Transaction> = {
  label: "presupuestos",
  untied: async (db, after, limit) =>
    (
      await db
        .select({ id: quotes.id, customer: quotes.customer })
        .from(quotes)
        .where(and(isNull(quotes.customerId), gt(quotes.id, after)))
        .orderBy(asc(quotes.id))
        .limit(limit)
    ).map((row) => ({ id: row.id, facts: factsOfParty(row.customer) })),
  tie: (db, id, customerId) => db.update(quotes).set({ customerId }).where(eq(quotes.id, id)),
  move: async (db, from, to) => (await db.update(quotes).set({ customerId: to }).where(eq(quotes.customerId, from)).returning({ id: quotes.id })).length,
};
