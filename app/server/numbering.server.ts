import { sql } from "drizzle-orm";
import { documentNumber, type DocumentSeries } from "~/domain/document-numbers";
import { madridDay } from "~/domain/dates/madrid-dates";
import type { Transaction } from "./db/client.server";
import { invoiceSeries } from "./db/shared-schema.server";

/*
 * The one numbering service of the shop's documents (decision 0022): complete invoices ("F"),
 * rectifying invoices ("R") and written quotes ("P") take their numbers here, and nothing else
 * writes the series table (invoice_series, by its historical name).
 *
 * Gapless and never twice: the number is taken with an upsert inside the transaction that
 * writes the document, so the series row stays locked until it commits. Two instances numbering
 * at once wait for each other and get consecutive numbers, and a document that rolls back
 * gives its number back with it. Order numbers are not a series: the spec wants them random
 * (domain/order-number.ts).
 */

/**
 * The next sequence of `series` in `year`, under the series row's lock held until commit: in the
 * transaction that writes the document (a plain connection would release the lock at once).
 */
export async function takeSequence(tx: Transaction, series: DocumentSeries, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ series, year, nextNumber: 2 })
    .onConflictDoUpdate({ target: [invoiceSeries.series, invoiceSeries.year], set: { nextNumber: sql`${invoiceSeries.nextNumber} + 1` } })
    .returning({ next: invoiceSeries.nextNumber });
  return row!.next - 1;
}

export type Numbered = {
  series: DocumentSeries;
  year: number;
  sequence: number;
  /** "F2026-000123". */
  number: string;
  /** Madrid's day of the document, "YYYY-MM-DD": its year is the sequence's. */
  day: string;
};

/** The next number of `series` for a document dated `now`: the sequence of Madrid's year. */
export async function nextDocumentNumber(tx: Transaction, series: DocumentSeries, now: Date): Promise<Numbered> {
  const day = madridDay(now);
  const year = Number(day.slice(0, 4));
  const sequence = await takeSequence(tx, series, year);
  return { series, year, sequence, number: documentNumber(series, year, sequence), day };
}
