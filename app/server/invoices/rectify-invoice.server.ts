import { eq, sql } from "drizzle-orm";
import { invoiceAmounts, negated } from "~/domain/invoices/invoice-amounts";
import type { InvoiceLineView } from "~/domain/invoices/invoice-document";
import { formatEuros } from "~/domain/money";
import { invoices, orders } from "../db/schema.server";
import { enqueueInvoiceEmail } from "./invoice-email.server";
import { nextInvoiceNumber, type Invoice, type Transaction } from "./issue-invoice.server";
import { currentInvoice } from "./order-invoices.server";
import { recordIssuedInvoice } from "./verifactu-chain.server";

/*
 * Rectifying invoices (issue 13; Real Decreto 1619/2012, art. 15): an issued invoice never
 * changes, so a cancellation after payment, a withdrawal or a refund issues an "R" invoice
 * that names the original, says why, and carries negative amounts. An order is never
 * rectified below zero: each rectification takes at most what is still invoiced (the
 * original's total plus the earlier rectifications), so a cancellation followed by its
 * refund rectifies once.
 */

export type RectifyRequest = {
  /** What goes back, VAT included; "rest": everything still invoiced (a cancellation). */
  amountCents: number | "rest";
  reason: string;
  refundId?: number | null;
};

/** The order's complete invoice and what is still invoiced after its rectifications. */
async function invoicedNow(tx: Transaction, orderId: number): Promise<{ original: Invoice; leftCents: number } | null> {
  const original = await currentInvoice(tx, orderId);
  if (!original) return null;
  const [row] = (await tx
    .select({ rectified: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.rectifiesId, original.id))) as [{ rectified: number }];
  return { original, leftCents: original.totalCents + Number(row.rectified) };
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
 * caller's transaction holds the order's row lock.
 */
export async function rectifyInvoice(tx: Transaction, orderId: number, request: RectifyRequest, now: Date): Promise<Invoice | null> {
  const invoiced = await invoicedNow(tx, orderId);
  if (!invoiced || invoiced.leftCents <= 0) return null;
  const { original, leftCents } = invoiced;
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
      orderId,
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
  const [order] = await tx.select({ number: orders.number, userEmail: orders.userEmail }).from(orders).where(eq(orders.id, orderId));
  if (order) await enqueueInvoiceEmail(tx, invoice!, order.userEmail, { kind: "pedido", number: order.number });
  return invoice!;
}
