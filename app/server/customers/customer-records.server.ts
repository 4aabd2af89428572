import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { customerValues, filledBlanks, identifies, matchedBy, sameCustomer, type CustomerFacts, type CustomerValues } from "~/domain/customers/customer-facts";
import type { Database, Transaction } from "../db/client.server";
import { customers } from "./customers-schema.server";

/*
 * Finding or making the one customer record of a request, a visit, a quote or an order
 * (issue 30), in the transaction that writes it. Two transactions naming the same new
 * customer at once wait for each other on an advisory lock of its keys, so they make one
 * record, not two (PostgreSQL; PGlite has one connection).
 */

type Handle = Database | Transaction;

export type CustomerRow = typeof customers.$inferSelect;

/** The live (not merged) record the values name: by e-mail first, then id, then phone (matchedBy). */
export async function findCustomer(db: Pick<Database, "select">, values: CustomerValues): Promise<CustomerRow | null> {
  const keys: SQL[] = [];
  if (values.email) keys.push(eq(customers.email, values.email));
  if (values.nif) keys.push(eq(customers.nif, values.nif));
  if (values.phoneKey) keys.push(eq(customers.phoneKey, values.phoneKey));
  if (keys.length === 0) return null;
  const rows = await db
    .select()
    .from(customers)
    .where(and(isNull(customers.mergedIntoId), or(...keys)))
    .orderBy(customers.id)
    .limit(20);
  const RANK = { email: 0, nif: 1, phone: 2 } as const;
  const ranked = rows.flatMap((row) => {
    const by = matchedBy(row, values);
    return by ? [{ row, rank: RANK[by] }] : [];
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.row.id - b.row.id)[0]?.row ?? null;
}

async function lockKeys(tx: Handle, values: CustomerValues) {
  for (const key of [values.email && `e:${values.email}`, values.nif && `n:${values.nif}`, values.phoneKey && `t:${values.phoneKey}`]) {
    if (key) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cliente:${key}`}))`);
  }
}

/**
 * The record of these facts: the one they name, its empty fields filled from them, or a new
 * one. Null when the facts name nobody (no e-mail, id or phone). `keep`: the record the row
 * is tied to now, kept while it is still the same customer (an owner correcting a typo in the
 * address does not move a quote to another record).
 */
export async function customerFor(tx: Handle, facts: CustomerFacts, keep: number | null = null): Promise<number | null> {
  const values = customerValues(facts);
  if (!identifies(values)) return keep;
  if (keep !== null) {
    const [current] = await tx.select().from(customers).where(eq(customers.id, keep));
    if (current && !current.mergedIntoId && sameCustomer(current, values)) {
      await fillBlanks(tx, current, values);
      return current.id;
    }
  }
  await lockKeys(tx, values);
  const found = await findCustomer(tx, values);
  if (found) {
    await fillBlanks(tx, found, values);
    return found.id;
  }
  const [created] = await tx
    .insert(customers)
    .values({ ...values, name: values.name || values.company || values.email || values.phone })
    .returning({ id: customers.id });
  return created!.id;
}

async function fillBlanks(tx: Handle, row: CustomerRow, values: CustomerValues) {
  const changes = filledBlanks(row, values);
  if (Object.keys(changes).length > 0) await tx.update(customers).set({ ...changes, updatedAt: new Date() }).where(eq(customers.id, row.id));
}

/** The record a merged one now lives in (follows merges), or the id itself. */
export async function liveCustomerId(db: Pick<Database, "select">, id: number): Promise<number | null> {
  let current = id;
  for (let hop = 0; hop < 20; hop++) {
    const [row] = await db.select({ mergedIntoId: customers.mergedIntoId }).from(customers).where(eq(customers.id, current));
    if (!row) return null;
    if (row.mergedIntoId === null) return current;
    current = row.mergedIntoId;
  }
  return current;
}
