import { asc, eq } from "drizzle-orm";
import { formatDateTime, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { decimalEuros } from "~/domain/money";
import { canMoveWithdrawal, type WithdrawalHandling } from "~/domain/orders/withdrawal-state";
import type { AttemptState, RefundState } from "~/domain/payments/payment-states";
import { refundable } from "~/domain/payments/refundable";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import { redsysConfig } from "../config.server";
import type { Database } from "../db/client.server";
import type { orders } from "../orders/orders-schema.server";
import { paymentAttempts, refunds } from "./payments-schema.server";
import { isSettleable } from "./refund-flow.server";

/*
 * The order page's "Pagos" and "Reembolsos" (issue 12): every card or Bizum attempt with
 * Redsys's answer, every refund with its outcome, and what may still go back, ready to print.
 */

const ATTEMPT_LABELS: Record<AttemptState, string> = {
  pendiente: "Pendiente",
  pagado: "Pagado",
  denegado: "Denegado",
  "a reembolsar": "Cobro duplicado: reembolsar",
};

const REFUND_LABELS: Record<RefundState, string> = { enviando: "Enviando", hecho: "Hecho", rechazado: "Rechazado" };

type OrderFacts = Pick<typeof orders.$inferSelect, "id" | "amountCents" | "paidAt" | "createdAt">;
type AttemptRow = typeof paymentAttempts.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export async function loadOrderPayments(db: Database, order: OrderFacts, withdrawal: { id: number; state: WithdrawalHandling } | null, now = new Date()) {
  const [attempts, given] = await Promise.all([
    db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id)).orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return {
    ...paymentsView({ amountCents: order.amountCents, paidAt: order.paidAt, firstDay: madridDay(order.createdAt) }, attempts, given, now),
    /** The withdrawal a refund made now would close. */
    openWithdrawalId: withdrawal && canMoveWithdrawal(withdrawal.state, "reembolsado") ? withdrawal.id : null,
  };
}

/**
 * What was paid and given back, ready to print with the refund forms: an order's (above) or,
 * issue 31, a job's charge's (job-refunds.server.ts). `firstDay`: the earliest day a refund
 * transfer may carry.
 */
export function paymentsView(facts: { amountCents: number; paidAt: Date | null; firstDay: string }, attempts: AttemptRow[], given: RefundRow[], now: Date) {
  const money = refundable({ amountCents: facts.amountCents, paidAt: facts.paidAt, attempts, refunds: given });
  const byId = new Map(attempts.map((attempt) => [attempt.id, attempt]));
  return {
    paidCents: money.paidCents,
    refundedCents: money.refundedCents,
    pendingCents: money.pendingCents,
    leftCents: money.leftCents,
    leftInput: decimalEuros(money.leftCents),
    redsysEnabled: redsysConfig() !== null,
    attempts: attempts.map((attempt, index) => {
      const left = money.attempts[index]!;
      const duplicate = attempt.state === "a reembolsar";
      // A duplicate charge stays flagged until all of it is back (the refund rows tell).
      const settled = duplicate && left.refundedCents >= attempt.amountCents;
      return {
        id: attempt.id,
        date: formatDateTime(attempt.createdAt),
        method: payMethodLabel(attempt.method),
        code: attempt.code,
        amountCents: attempt.amountCents,
        state: attempt.state,
        stateLabel: settled ? "Cobro duplicado: reembolsado" : ATTEMPT_LABELS[attempt.state],
        flagged: duplicate && !settled,
        response: attempt.responseCode ? `${attempt.responseCode} ${attempt.responseMeaning ?? ""}`.trim() : null,
        authorisationCode: attempt.authorisationCode,
        refundedCents: left.refundedCents,
        pendingCents: left.pendingCents,
        leftCents: left.leftCents,
        /** The refund form's amount, as the owner types it ("120,50"). */
        leftInput: decimalEuros(left.leftCents),
      };
    }),
    refunds: given.map((refund) => {
      const attempt = refund.attemptId ? byId.get(refund.attemptId) : undefined;
      const settleable = isSettleable(refund, now);
      return {
        id: refund.id,
        date: formatDateTime(refund.createdAt),
        means: refund.channel === "redsys" ? `${payMethodLabel(attempt?.method ?? "tarjeta")} (Redsys)` : "Transferencia",
        attemptCode: attempt?.code ?? null,
        amountCents: refund.amountCents,
        state: refund.state,
        stateLabel: settleable ? "Sin respuesta" : REFUND_LABELS[refund.state],
        refundedOn: refund.refundedOn ? formatYmd(refund.refundedOn) : null,
        reference: refund.reference,
        response: refund.responseCode ? `${refund.responseCode} ${refund.responseMeaning ?? ""}`.trim() : refund.responseMeaning,
        reason: refund.reason,
        actor: refund.actor,
        settleable,
        closesWithdrawal: refund.withdrawalId !== null,
      };
    }),
    orderDay: facts.firstDay,
    today: madridDay(now),
  };
}

export type OrderPaymentsView = Awaited<ReturnType<typeof loadOrderPayments>>;
