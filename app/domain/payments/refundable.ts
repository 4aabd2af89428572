import { formatEuros } from "../money";
import type { AttemptState, OnlineMethod, RefundChannel, RefundState } from "./payment-states";

/*
 * How much of an order's money can still go back (issue 12, "Refunds": the refunded amount
 * can never exceed what was paid). Pure: the server calls it under the order's row lock with
 * the rows it just read, the page calls it to prefill the forms.
 *
 * What was paid: every card or Bizum attempt that took money ("pagado", and "a reembolsar",
 * a second charge of an order already paid or cancelled), plus the order's amount when it was
 * marked paid (paid_at) without a paid attempt: a transfer, or a payment checked by hand.
 * What is taken: every refund not "rechazado"; one still "enviando" counts, because Redsys
 * may have done it, so a lost answer can never lead to paying back twice.
 * A Redsys refund is also limited to its own attempt (Redsys refuses more than that charge);
 * a transfer refund only by the order's total (it may stand in for a Redsys refund that is
 * impossible, such as an expired card).
 */

export type PaymentAttemptFacts = { id: number; method: OnlineMethod; state: AttemptState; amountCents: number };
export type RefundFacts = { channel: RefundChannel; attemptId: number | null; amountCents: number; state: RefundState };
export type OrderPaymentFacts = {
  amountCents: number;
  /** When the order was marked "Pagado" (null: never). */
  paidAt: Date | string | null;
  attempts: PaymentAttemptFacts[];
  refunds: RefundFacts[];
};

export type AttemptRefundable = {
  id: number;
  method: OnlineMethod;
  amountCents: number;
  /** Money taken by this attempt (pagado or "a reembolsar"). */
  charged: boolean;
  /** A second charge of an order already paid or cancelled: all of it is to go back. */
  duplicate: boolean;
  refundedCents: number;
  pendingCents: number;
  /** What a Redsys refund of this attempt may still be: its own rest, within the order's. */
  leftCents: number;
};

export type Refundable = {
  paidCents: number;
  /** Paid outside Redsys: a transfer, or "Pagado" set by hand without a paid attempt. */
  paidOutsideCents: number;
  refundedCents: number;
  pendingCents: number;
  leftCents: number;
  attempts: AttemptRefundable[];
};

const CHARGED: readonly AttemptState[] = ["pagado", "a reembolsar"];

export function isCharged(state: AttemptState): boolean {
  return CHARGED.includes(state);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const amounts = (refunds: RefundFacts[], state: RefundState) => sum(refunds.filter((r) => r.state === state).map((r) => r.amountCents));

export function refundable(order: OrderPaymentFacts): Refundable {
  const charged = order.attempts.filter((attempt) => isCharged(attempt.state));
  const paidOutsideCents = order.paidAt !== null && !order.attempts.some((attempt) => attempt.state === "pagado") ? order.amountCents : 0;
  const paidCents = paidOutsideCents + sum(charged.map((attempt) => attempt.amountCents));
  const refundedCents = amounts(order.refunds, "hecho");
  const pendingCents = amounts(order.refunds, "enviando");
  const leftCents = Math.max(0, paidCents - refundedCents - pendingCents);
  return {
    paidCents,
    paidOutsideCents,
    refundedCents,
    pendingCents,
    leftCents,
    attempts: order.attempts.map((attempt) => {
      const own = order.refunds.filter((refund) => refund.attemptId === attempt.id);
      const done = amounts(own, "hecho");
      const pending = amounts(own, "enviando");
      const isPaid = isCharged(attempt.state);
      return {
        id: attempt.id,
        method: attempt.method,
        amountCents: attempt.amountCents,
        charged: isPaid,
        duplicate: attempt.state === "a reembolsar",
        refundedCents: done,
        pendingCents: pending,
        leftCents: isPaid ? Math.min(leftCents, Math.max(0, attempt.amountCents - done - pending)) : 0,
      };
    }),
  };
}

export type RefundAsk = { channel: "redsys"; attemptId: number; amountCents: number } | { channel: "transferencia"; amountCents: number };

/** 400: the request is wrong in itself; 409: what is left does not allow it (now). */
export type RefundCheck = { ok: true } | { ok: false; status: 400 | 409; message: string };

export const REFUND_MESSAGES = {
  notPositive: "El importe del reembolso debe ser mayor que 0 €.",
  notThisOrder: "Ese pago no es de este pedido.",
  notCharged: "Ese pago no llegó a cobrarse: no hay nada que devolver por Redsys.",
  nothingLeft: "Ya se ha devuelto todo lo pagado (o hay un reembolso en curso por el resto): no queda nada por devolver.",
  attemptNothingLeft: "Ese pago ya se ha devuelto entero (o hay un reembolso en curso por el resto).",
  overPaid: (leftCents: number) => `El reembolso no puede superar lo pagado: quedan ${formatEuros(leftCents)} por devolver.`,
  overAttempt: (leftCents: number) => `El reembolso no puede superar lo cobrado en ese pago: quedan ${formatEuros(leftCents)} por devolver de él.`,
};

export function checkRefund(state: Refundable, ask: RefundAsk): RefundCheck {
  if (!Number.isSafeInteger(ask.amountCents) || ask.amountCents <= 0) return { ok: false, status: 400, message: REFUND_MESSAGES.notPositive };
  let left = state.leftCents;
  let overMessage = REFUND_MESSAGES.overPaid;
  let noneMessage = REFUND_MESSAGES.nothingLeft;
  if (ask.channel === "redsys") {
    const attempt = state.attempts.find((candidate) => candidate.id === ask.attemptId);
    if (!attempt) return { ok: false, status: 400, message: REFUND_MESSAGES.notThisOrder };
    if (!attempt.charged) return { ok: false, status: 409, message: REFUND_MESSAGES.notCharged };
    if (attempt.leftCents < state.leftCents) {
      left = attempt.leftCents;
      overMessage = REFUND_MESSAGES.overAttempt;
      noneMessage = REFUND_MESSAGES.attemptNothingLeft;
    }
  }
  if (left === 0) return { ok: false, status: 409, message: noneMessage };
  if (ask.amountCents > left) return { ok: false, status: 409, message: overMessage(left) };
  return { ok: true };
}
