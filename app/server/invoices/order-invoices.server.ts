import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { notAnnulled } from "./invoice-list.server";
import { invoiceAnnulments, invoices } from "./invoices-schema.server";

/*
 * An order's invoices (issue 13): the one that counts now — its complete invoice ("F") not
 * annulled (an order whose mistaken payment was undone has an annulled one; its next payment
 * issues a new one, which rectifications then refer to) — and all of them, in order, for the
 * customer's and the owner's order pages.
 */

export async function currentInvoice(db: Pick<Database, "select">, orderId: number): Promise<typeof invoices.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.series, "F"), notAnnulled))
    .orderBy(asc(invoices.id))
    .limit(1);
  return row ?? null;
}

/** Every invoice of the order in the order of issue, with the reason it was annulled if it was. */
export async function orderInvoices(db: Pick<Database, "select">, orderId: number) {
  return db
    .select({
      number: invoices.number,
      series: invoices.series,
      issuedOn: invoices.issuedOn,
      totalCents: invoices.totalCents,
      reason: invoices.reason,
      annulled: invoiceAnnulments.reason,
    })
    .from(invoices)
    .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
}
