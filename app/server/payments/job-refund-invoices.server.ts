import { asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.server";
import { enqueueInvoiceEmail } from "../invoices/invoice-email.server";
import { rectifyIssued } from "../invoices/rectify-invoice.server";
import type { ChargeContext } from "../jobs/job-charges.server";
import { chargeInvoice } from "../jobs/job-invoices.server";
import { paymentAttempts, refunds } from "./payments-schema.server";

/*
 * The rectifying invoices of a job's refunds (issue 31): each refund done rectifies the
 * charge's invoice by its amount (R series, VERI*FACTU, e-mailed to the customer). A charge
 * whose invoice waited for the customer's NIF is rectified when that invoice is issued
 * (rectifyRefundsOf, called by the jobs' issueChargeInvoice). Kept apart from the refund flow
 * so that the jobs' invoices can call it without an import circle.
 */

type RefundRow = typeof refunds.$inferSelect;

/** A charge's card and Bizum attempts and its refunds, in order. */
export async function chargeMoney(db: Pick<Database, "select">, chargeId: number) {
  return Promise.all([
    db.select().from(paymentAttempts).where(eq(paymentAttempts.chargeId, chargeId)).orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    db.select().from(refunds).where(eq(refunds.jobChargeId, chargeId)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
}

/** The rectifying invoice of one refund done, if the charge has its invoice (otherwise it follows the invoice). */
export async function rectifyRefund(tx: Transaction, context: ChargeContext, refund: RefundRow, now: Date): Promise<void> {
  const original = await chargeInvoice(tx, context.charge.id);
  if (!original) return;
  const reason = refund.reason ? `Reembolso: ${refund.reason}` : "Reembolso";
  const invoice = await rectifyIssued(tx, original, { amountCents: refund.amountCents, reason, refundId: refund.id }, now);
  if (invoice && context.job.customer.email) await enqueueInvoiceEmail(tx, invoice, context.job.customer.email, { kind: "trabajo", page: context.page, jobId: context.job.id });
}

/** After a charge's invoice is issued late: the refunds done meanwhile (but a second charge's) get their rectifying invoices. */
export async function rectifyRefundsOf(tx: Transaction, context: ChargeContext, now: Date): Promise<void> {
  const [attempts, given] = await chargeMoney(tx, context.charge.id);
  const duplicate = new Set(attempts.filter((a) => a.state === "a reembolsar").map((a) => a.id));
  for (const refund of given) {
    if (refund.state !== "hecho" || (refund.attemptId !== null && duplicate.has(refund.attemptId))) continue;
    await rectifyRefund(tx, context, refund, now);
  }
}
