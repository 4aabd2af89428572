import { jobPageWords } from "~/domain/jobs/job-page";
import { and, eq } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import { chargeWords } from "~/domain/jobs/job-charges";
import { OPEN_JOB_STATUSES } from "~/domain/jobs/job-status";
import { canMoveJob } from "~/domain/jobs/job-transitions";
import { payMethodLabel, type PayMethod } from "~/domain/payments/payment-methods";
import { formatEuros } from "~/domain/money";
import { audit, type Actor } from "../audit.server";
import { jobCharges, jobs } from "./jobs-schema.server";
import type { Invoice } from "../invoices/invoices-schema.server";
import type { Transaction } from "../db/client.server";
import { enqueue } from "../outbox.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { jobChargePaidAlert } from "~/domain/alerts/alert-messages";
import { type ChargeContext, type Job, type JobCharge } from "./job-charges.server";
import { issueChargeInvoice } from "./job-final-invoice.server";
import { shopJobNotice } from "./job-payment-emails.server";
import { holdUnits, unitsWanted } from "./job-units.server";
import { acceptedTerms } from "./job-invoices.server";

/*
 * A job's charge is paid (issue 17): by Redsys's notification (card, Bizum) or by a transfer
 * the owner records. One function for both, called under the job's and the charge's row
 * locks with the charge still "pendiente": the charge becomes "pagado"; a deposit gets its
 * invoice at once (and, if its window had closed and the units had gone back, takes them
 * again: what is short is told to the shop); the final balance closes the job ("cobrado").
 */

export type Payment = { method: PayMethod; reference: string | null; recordedBy: string; paidAt: Date };

export type Settled = { invoice: Invoice | null; closed: boolean };

/** The job and the charge, locked in that order (every writer of a job's money does the same). */
export async function lockCharge(tx: Transaction, chargeId: number): Promise<{ job: Job; charge: JobCharge } | null> {
  const [peek] = await tx.select({ jobId: jobCharges.jobId }).from(jobCharges).where(eq(jobCharges.id, chargeId));
  if (!peek) return null;
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, peek.jobId)).for("update");
  const [charge] = await tx.select().from(jobCharges).where(eq(jobCharges.id, chargeId)).for("update");
  return job && charge ? { job, charge } : null;
}

/** A released job whose deposit arrives late takes its units again; returns what is short. */
async function retakeUnits(tx: Transaction, job: Job, now: Date): Promise<string[]> {
  // Only a quote's job holds catalogue units; a repair takes its parts when reported.
  if (job.quoteId === null || !OPEN_JOB_STATUSES.includes(job.status) || job.heldUnits.length > 0) return [];
  const wanted = unitsWanted((await acceptedTerms(tx, job)).alternative);
  if (wanted.length === 0) return [];
  const { held, short } = await holdUnits(tx, wanted, now);
  await tx.update(jobs).set({ heldUnits: held, updatedAt: now }).where(eq(jobs.id, job.id));
  return short.map((s) => `${s.units} x ${s.name}`);
}

/** After the final balance is paid, or when nothing is owed: a finished job becomes "cobrado". Returns whether it moved. */
export async function closeJobIfNothingOwed(tx: Transaction, jobId: number, actor: Actor, now: Date): Promise<boolean> {
  const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job || !canMoveJob(job.status, "cobrado")) return false;
  const [pending] = await tx.select({ id: jobCharges.id }).from(jobCharges).where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.state, "pendiente"))).limit(1);
  if (pending) return false;
  await tx.update(jobs).set({ status: "cobrado", updatedAt: now }).where(eq(jobs.id, jobId));
  await audit(tx, actor, { action: "trabajo: Cobrado", entity: "trabajo", entityId: jobId, before: { estado: job.status }, after: { estado: "cobrado" } });
  return true;
}

/** Marks the locked, pending charge paid and does what follows (invoice, units, closing the job). */
export async function settleCharge(tx: Transaction, context: ChargeContext, payment: Payment, actor: Actor, now: Date): Promise<Settled> {
  const { job, charge, page } = context;
  const of = jobPageWords(page).of;
  const [paid] = await tx
    .update(jobCharges)
    .set({ state: "pagado", paidAt: payment.paidAt, payMethod: payment.method, bankReference: payment.reference, paidRecordedBy: payment.recordedBy, updatedAt: now })
    .where(eq(jobCharges.id, charge.id))
    .returning();
  const label = chargeWords(charge.kind, job.kind).label;
  const short = charge.kind === "senal" ? await retakeUnits(tx, job, now) : [];
  await audit(tx, actor, {
    action: `${label.toLowerCase()} pagada`,
    entity: "trabajo",
    entityId: job.id,
    before: { cargo: charge.id, estado: charge.state },
    after: { cargo: charge.id, estado: "pagado", importe: charge.amountCents, forma: payMethodLabel(payment.method), referencia: payment.reference, ...(short.length ? { sinExistencias: short } : {}) },
  });
  const settledContext = { ...context, charge: paid! };
  const issued = await issueChargeInvoice(tx, settledContext, now);
  const notes: string[] = [];
  if (short.length) notes.push(`La señal se ha pagado después de su plazo y ya no quedan unidades de: ${short.join(", ")}. Pídalas al distribuidor.`);
  if (!issued.invoice) notes.push(`No tenemos el NIF del cliente y sin él no se puede emitir la factura: pídaselo, escríbalo en la página del trabajo y pulse «Emitir la factura».`);
  if (notes.length) {
    const subject = `${label.toLowerCase()} ${of} pagada: revísela`;
    await enqueue(tx, "email", shopJobNotice(job.id, subject, [`${label} de ${formatEuros(charge.amountCents)} ${of} pagada (${payMethodLabel(payment.method)}).`, ...notes]), { ref: jobRef(job.id) });
  }
  await enqueueAlert(tx, jobChargePaidAlert({ label, quoteNumber: page.reference, amountCents: charge.amountCents, how: payMethodLabel(payment.method), jobId: job.id }), jobRef(job.id));
  const closed = charge.kind === "final" ? await closeJobIfNothingOwed(tx, job.id, actor, now) : false;
  return { invoice: issued.invoice, closed };
}
