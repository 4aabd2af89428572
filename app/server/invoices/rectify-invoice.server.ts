import { eq, sql } from "drizzle-orm";
import { invoiceAmounts, negated } from "~/domain/invoices/invoice-amounts";
import type { InvoiceLineView } from "~/domain/invoices/invoice-document";
import { formatEuros } from "~/domain/money";
import { orders } from "../orders/orders-schema.server";
import { invoices, type Invoice } from "./invoices-schema.server";
import { enqueueInvoiceEmail } from "./invoice-email.server";
import { nextInvoiceNumber } from "./issue-invoice.server";
import { currentInvoice } from "./order-invoices.server";
import { recordIssuedInvoice } from "./verifactu-chain.server";
import type { Transaction } from "../db/client.server";

/*
 * Rectifying invoices (issue 13; Real Decreto 1619/2012, art. 15): an issued invoice never
 * changes, so a cancellation after payment, a withdrawal or a refund issues an "R" invoice
 * that names the original, says why, and carries negative amounts. An order is never
 * rectified below zero: each rectification takes at most what is still invoiced (the
 * original's total plus the earlier rectifications), so a cancellation followed by its
 * refund rectifies once. A job's charge (issue 31) is rectified the same way, by its invoice.
 */

export type RectifyRequest = {
  /** What goes back, VAT included; "rest": everything still invoiced (a cancellation). */
  amountCents: number | "rest";
  reason: string;
  refundId?: number | null;
};

/** What is still invoiced of `original` after its rectifications: its base and its total (a job's final invoice deducts a deposit's base). */
export async function stillInvoiced(tx: Pick<Transaction, "select">, original: Invoice): Promise<{ baseCents: number; totalCents: number }> {
  const [row] = (await tx
    .select({ base: sql<number>`coalesce(sum(${invoices.baseCents}), 0)::int`, total: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.rectifiesId, original.id))) as [{ base: number; total: number }];
  return { baseCents: original.baseCents + Number(row.base), totalCents: original.totalCents + Number(row.total) };
}

/**
 * The lines of a partial refund. With VAT the amount returned includes it; an exempt order
 * (rate 0, Canarias, Ceuta, Melilla) was charged without VAT, so the amount is its own base.
 */
function partialLines(wanted: number, withVat: boolean): { description: string; baseCents: number }[] {
  if (!withVat) return [{ description: `Devolución parcial (${formatEuros(wanted)}, exenta de IVA)`, baseCents: -wanted }];
  return negated(invoiceAmounts([{ description: `Devolución parcial (${formatEuros(wanted)} IVA incluido)`, inclusiveCents: wanted }], true)).lines;
}

/**
 * Issues the rectifying invoice of the order `orderId`, if it has an invoice and something is
 * still invoiced; null otherwise (an unpaid order, or one already rectified to zero). The
 * caller's transaction holds the order's row lock. The customer gets it by e-mail.
 */
export async function rectifyInvoice(tx: Transaction, orderId: number, request: RectifyRequest, now: Date): Promise<Invoice | null> {
  const original = await currentInvoice(tx, orderId);
  const invoice = original ? await rectifyIssued(tx, original, request, now) : null;
  if (!invoice) return null;
  const [order] = await tx.select({ number: orders.number, userEmail: orders.userEmail }).from(orders).where(eq(orders.id, orderId));
  if (order) await enqueueInvoiceEmail(tx, invoice, order.userEmail, { kind: "pedido", number: order.number });
  return invoice;
}

/**
 * Issues the rectifying invoice of an issued invoice (an order's, a job charge's, a plan
 * renewal's: it belongs to the same), if something of it is still invoiced; null otherwise.
 * The caller holds the lock of what it belongs to, and e-mails it.
 */
export async function rectifyIssued(tx: Transaction, original: Invoice, request: RectifyRequest, now: Date): Promise<Invoice | null> {
  const leftCents = (await stillInvoiced(tx, original)).totalCents;
  if (leftCents <= 0) return null;
  const wanted = request.amountCents === "rest" ? leftCents : Math.min(request.amountCents, leftCents);
  if (wanted <= 0) return null;

  const withVat = original.vatRate > 0;
  // The whole invoice at once: its own lines with the sign turned. Otherwise one line for the amount.
  const whole = wanted === original.totalCents;
  const lines: InvoiceLineView[] = whole
    ? original.lines.map((line) => ({ ...line, unitBaseCents: -line.unitBaseCents, baseCents: -line.baseCents }))
    : partialLines(wanted, withVat).map((line) => ({
        description: line.description,
        quantity: 1,
        unitBaseCents: line.baseCents,
        baseCents: line.baseCents,
        vatRate: original.vatRate,
      }));
  const baseCents = whole ? -original.baseCents : lines.reduce((sum, line) => sum + line.baseCents, 0);
  const totalCents = -wanted;

  const numbered = await nextInvoiceNumber(tx, "R", now);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      ...numbered,
      orderId: original.orderId,
      jobChargeId: original.jobChargeId,
      planRenewalId: original.planRenewalId,
      rectifiesId: original.id,
      refundId: request.refundId ?? null,
      reason: request.reason,
      operationOn: null,
      seller: original.seller,
      buyer: original.buyer,
      lines,
      vatRate: original.vatRate,
      baseCents,
      vatCents: totalCents - baseCents,
      totalCents,
      exemption: original.exemption,
      payMethod: original.payMethod,
    })
    .returning();
  await recordIssuedInvoice(tx, invoice!, now);
  return invoice!;
}
