import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.server";
import { sepaMandates } from "./payments-schema.server";

/*
 * SEPA direct debit mandates (issue 31): written and read only here; the maintenance plans
 * that use one keep its id.
 */

export type Mandate = typeof sepaMandates.$inferSelect;

export type NewMandate = { customerEmail: string; debtorName: string; iban: string; signedAt: Date; signedIp: string; userAgent: string; wording: string };

/** Stores a signed mandate under a reference no other has: "TCM-<plan>-<10 random>", in SEPA's identifier set. */
export async function storeMandate(tx: Transaction, planId: number, mandate: NewMandate): Promise<Mandate> {
  const reference = `TCM-${planId}-${randomBytes(5).toString("hex").toUpperCase()}`;
  const [row] = await tx
    .insert(sepaMandates)
    .values({ ...mandate, reference, userAgent: mandate.userAgent.slice(0, 300) })
    .returning();
  return row!;
}

export async function revokeMandateRow(tx: Transaction, mandateId: number, now: Date): Promise<void> {
  await tx.update(sepaMandates).set({ revokedAt: now }).where(and(eq(sepaMandates.id, mandateId), isNull(sepaMandates.revokedAt)));
}

export async function mandatesById(db: Pick<Database, "select">, ids: number[]): Promise<Map<number, Mandate>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(sepaMandates).where(inArray(sepaMandates.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Their first debit went to the bank: the next ones are RCUR. */
export async function markFirstCollected(tx: Transaction, ids: number[], now: Date): Promise<void> {
  if (ids.length) await tx.update(sepaMandates).set({ firstCollectedAt: now }).where(and(inArray(sepaMandates.id, ids), isNull(sepaMandates.firstCollectedAt)));
}
