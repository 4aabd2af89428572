import { and, eq, ne } from "drizzle-orm";
import { madridDay } from "~/domain/dates/madrid-dates";
import { chargeWords } from "~/domain/jobs/job-charges";
import { jobPagePath, jobPageWords } from "~/domain/jobs/job-page";
import { refundable } from "~/domain/payments/refundable";
import { audit, type Actor } from "../audit.server";
import { publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { chargeContext, chargesOf, type ChargeContext } from "../jobs/job-charges.server";
import { lockCharge } from "../jobs/job-payments.server";
import { jobCharges } from "../jobs/jobs-schema.server";
import { enqueue } from "../outbox.server";
import { jobRef } from "../outbox-refs.server";
import { paymentsView } from "./order-payments.server";
import { chargeMoney, rectifyRefund } from "./job-refund-invoices.server";
import { refunds } from "./payments-schema.server";
import type { RedsysDeps } from "./redsys-rest.server";
import { jobRefundEmail, refundMeans } from "./refund-email.server";
import { recordTransfer, refundByRedsys, settleRefund, type AttemptRow, type HeldMoney, type RedsysAsk, type RefundHolder, type RefundResult, type RefundRow, type TransferAsk } from "./refund-flow.server";

/*
 * Refunds of a job's charges (issue 31, "The money of jobs made whole"): the deposit of a
 * cancelled job, the part of a deposit larger than the job, a call-out paid online, a second
 * card payment of a charge already paid. The one refund flow (refund-flow.server.ts), under the
 * job's and the charge's row locks (lockCharge, as every writer of a job's money), never more
 * than the charge took.
 *
 * A refund done: the job's audit line, the customer's e-mail, and the rectifying invoice of the
 * charge's invoice (R series, VERI*FACTU), e-mailed too (job-refund-invoices.server.ts). A second
 * charge given back ("a reembolsar") was never invoiced, and so is not rectified.
 */

type ChargeMoney = HeldMoney & { context: ChargeContext };

export const JOB_REFUND_MESSAGES = {
  notFound: "Este cobro no existe.",
  depositInFinal: "La factura final de este trabajo ya descuenta esta señal: lo que haya que devolver se devuelve del pago final.",
};

const paidFacts = (charge: ChargeContext["charge"]) => ({ amountCents: charge.amountCents, paidAt: charge.state === "pagado" ? charge.paidAt : null });

/** The charge `chargeId` of the job `jobId` as a refund holder (a charge of another job does not exist here). */
function chargeHolder(jobId: number, chargeId: number): RefundHolder<ChargeMoney> {
  return {
    notFound: JOB_REFUND_MESSAGES.notFound,
    async lock(tx) {
      const locked = await lockCharge(tx, chargeId);
      if (!locked || locked.job.id !== jobId) return null;
      const context = (await chargeContext(tx, chargeId))!;
      const [attempts, given] = await chargeMoney(tx, chargeId);
      const state = refundable({ ...paidFacts(locked.charge), attempts, refunds: given });
      return { context: { ...context, job: locked.job, charge: locked.charge }, owner: { jobChargeId: chargeId }, audit: { entity: "trabajo", entityId: jobId }, attempts, given, state };
    },
    async check(tx, { context }) {
      // The final invoice deducts the deposits invoiced: once it exists, a deposit refunded would be deducted twice.
      if (context.charge.kind !== "senal" || context.charge.state !== "pagado") return null;
      const finals = await tx.select({ id: jobCharges.id }).from(jobCharges).where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.kind, "final"), ne(jobCharges.state, "anulado")));
      return finals.length > 0 ? { ok: false, status: 409, message: JOB_REFUND_MESSAGES.depositInFinal, field: "importe" } : null;
    },
    done: chargeRefundDone,
  };
}

export function refundChargeThroughRedsys(db: Database, actor: Actor, jobId: number, chargeId: number, input: RedsysAsk, deps: RedsysDeps = {}): Promise<RefundResult> {
  return refundByRedsys(db, actor, chargeHolder(jobId, chargeId), { ...input, withdrawalId: null }, deps);
}

export function recordChargeTransferRefund(db: Database, actor: Actor, jobId: number, chargeId: number, input: TransferAsk): Promise<RefundResult> {
  return recordTransfer(db, actor, chargeHolder(jobId, chargeId), { ...input, withdrawalId: null });
}

/** An unanswered Redsys refund of a job's charge, settled by hand. */
export async function settleChargeRefund(db: Database, actor: Actor, jobId: number, refundId: number, done: boolean, now = new Date()): Promise<RefundResult> {
  const [found] = await db.select({ chargeId: refunds.jobChargeId }).from(refunds).where(eq(refunds.id, refundId));
  if (!found?.chargeId) return { ok: false, status: 404, message: "Ese reembolso no existe.", field: "reembolso" };
  return settleRefund(db, actor, chargeHolder(jobId, found.chargeId), refundId, done, now);
}

async function chargeRefundDone(tx: Transaction, actor: Actor, { context, state }: ChargeMoney, refund: RefundRow, attempt: AttemptRow | null, now: Date): Promise<void> {
  const { job, charge, page } = context;
  const means = refundMeans(refund, attempt?.method ?? null);
  const words = chargeWords(charge.kind, job.kind);
  const before = state.refundedCents;
  await audit(tx, actor, {
    action: "reembolsar",
    entity: "trabajo",
    entityId: job.id,
    before: { cobro: charge.id, reembolsadoCents: before },
    after: { cobro: charge.id, concepto: words.label, reembolsadoCents: before + refund.amountCents, reembolso: refund.id, importeCents: refund.amountCents, medio: means.label, referencia: refund.reference, motivo: refund.reason },
  });
  if (job.customer.email) {
    const pageWords = jobPageWords(page);
    const about = { to: job.customer.email, name: job.customer.name, what: words.the, of: pageWords.of, pageName: pageWords.page, pageUrl: `${publicShopInfo().baseUrl}${jobPagePath(page)}` };
    await enqueue(tx, "email", { ...jobRefundEmail(about, refund, means) }, { ref: jobRef(job.id) });
  }
  if (attempt?.state !== "a reembolsar") await rectifyRefund(tx, context, refund, now);
}

/** The refund panels of a job's page: one per charge that took money. */
export async function jobRefundViews(db: Database, jobId: number, now = new Date()) {
  const views = [];
  for (const charge of await chargesOf(db, jobId)) {
    const [attempts, given] = await chargeMoney(db, charge.id);
    const firstDay = madridDay(charge.paidAt ?? charge.createdAt);
    const view = paymentsView({ ...paidFacts(charge), firstDay }, attempts, given, now);
    if (view.paidCents > 0) views.push({ chargeId: charge.id, kind: charge.kind, amountCents: charge.amountCents, view: { ...view, openWithdrawalId: null } });
  }
  return views;
}
