import { and, asc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { CustomerFacts } from "~/domain/customers/customer-facts";
import { factsOfContact, factsOfOrder, factsOfParty } from "~/domain/customers/customer-sources";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { customerFor } from "./customer-records.server";
import { customers } from "./customers-schema.server";

/*
 * Rows without a customer record get one (issue 30): the requests, visits, quotes and orders
 * written before records existed, the first time the task runs after the upgrade, in batches.
 * New rows are tied when they are written; a row whose facts name nobody (no e-mail, id or
 * phone) stays untied (each run reads past it, by id).
 */

type Source = {
  label: string;
  untied: (db: Database, after: number, limit: number) => Promise<{ id: number; facts: CustomerFacts }[]>;
  tie: (db: Database, id: number, customerId: number) => Promise<unknown>;
};

const SOURCES: Source[] = [
  {
    label: "solicitudes",
    untied: async (db, after, limit) =>
      (await db.select().from(contactRequests).where(and(isNull(contactRequests.customerId), gt(contactRequests.id, after))).orderBy(asc(contactRequests.id)).limit(limit)).map((row) => ({
        id: row.id,
        facts: factsOfContact({ name: row.nameAndSurname, email: row.email, phone: row.phone, address: row.address, town: row.town }),
      })),
    tie: (db, id, customerId) => db.update(contactRequests).set({ customerId }).where(eq(contactRequests.id, id)),
  },
  {
    label: "visitas",
    untied: async (db, after, limit) =>
      (await db.select().from(visits).where(and(isNull(visits.customerId), gt(visits.id, after))).orderBy(asc(visits.id)).limit(limit)).map((row) => ({ id: row.id, facts: factsOfContact(row) })),
    tie: (db, id, customerId) => db.update(visits).set({ customerId }).where(eq(visits.id, id)),
  },
  {
    label: "presupuestos",
    untied: async (db, after, limit) =>
      (await db.select({ id: quotes.id, customer: quotes.customer }).from(quotes).where(and(isNull(quotes.customerId), gt(quotes.id, after))).orderBy(asc(quotes.id)).limit(limit)).map((row) => ({
        id: row.id,
        facts: factsOfParty(row.customer),
      })),
    tie: (db, id, customerId) => db.update(quotes).set({ customerId }).where(eq(quotes.id, id)),
  },
  {
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
  },
];

/** Ties every untied row of each kind, `batch` rows a read; says how many of each. */
export async function linkUntiedRows(db: Database, batch = 500): Promise<string> {
  const done: string[] = [];
  for (const source of SOURCES) {
    let tied = 0;
    let after = 0;
    for (;;) {
      const rows = await source.untied(db, after, batch);
      for (const row of rows) {
        const customerId = await db.transaction(async (tx) => {
          const id = await customerFor(tx, row.facts);
          if (id !== null) await source.tie(tx as unknown as Database, row.id, id);
          return id;
        });
        if (customerId !== null) tied++;
        after = row.id;
      }
      if (rows.length < batch) break;
    }
    done.push(`${source.label}: ${tied}`);
  }
  return `fichas de cliente enlazadas (${done.join(", ")})`;
}

/**
 * The privacy policy's period for a record with nothing left (its requests deleted by age, no
 * visit, quote, order or account): deleted once untouched for as long. Run in the retention
 * task's transaction; returns how many went.
 */
export async function deleteForgottenCustomers(tx: Pick<Database, "execute">, cutoff: SQL): Promise<number> {
  const result = await tx.execute(sql`
    delete from ${customers} c
     where c.updated_at < ${cutoff} and c.user_id is null
       and not exists (select 1 from ${contactRequests} r where r.customer_id = c.id)
       and not exists (select 1 from ${visits} v where v.customer_id = c.id)
       and not exists (select 1 from ${quotes} q where q.customer_id = c.id)
       and not exists (select 1 from ${orders} o where o.customer_id = c.id)
       and not exists (select 1 from ${customers} m where m.merged_into_id = c.id)
    returning c.id`);
  return result.rows.length;
}
