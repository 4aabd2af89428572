import { eq, sql } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { canMoveWithdrawal, WITHDRAWAL_STATE_LABELS } from "~/domain/orders/withdrawal-state";
import { refundable } from "~/domain/payments/refundable";
import { formatEuros } from "~/domain/money";
import { actorName, audit, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { orders, withdrawals } from "../orders/orders-schema.server";
import { recordOrderNote } from "../orders/order-moves.server";
import { paymentAttempts, refunds } from "./payments-schema.server";
import { log } from "../log.server";
import { rectifyInvoice } from "../invoices/rectify-invoice.server";
import { enqueue } from "../outbox.server";
import { closeWithdrawalByRefund } from "../orders/withdrawal-handling.server";
import { refundEmail, refundMeans } from "./refund-email.server";
import type { RedsysDeps } from "./redsys-rest.server";
import { recordTransfer, refundByRedsys, settleRefund, type HeldMoney, type RedsysAsk, type RefundHolder, type RefundResult, type TransferAsk } from "./refund-flow.server";

/*
 * An order's refunds (issue 12, "Refunds"), through the one refund flow (refund-flow.server.ts)
 * under the order's row lock. A refund done: its audit line, a line in the order's history,
 * the customer's e-mail (outbox), the rectifying invoice, and, when it is the refund of a
 * withdrawal, the withdrawal closed; all in the transaction that records it.
 */

export { isSettleable, UNKNOWN_MEANING, type RefundResult } from "./refund-flow.server";
export type { RedsysDeps } from "./redsys-rest.server";

export type RedsysRefundInput = RedsysAsk & { orderId: number };
export type TransferRefundInput = TransferAsk & { orderId: number };

type OrderRow = typeof orders.$inferSelect;
type OrderMoney = HeldMoney & { order: OrderRow };

/**
 * Whether any refund of the order was ever written (done, refused or still being sent): what
 * other areas ask of refunds instead of reading the table (undoing a payment, issue 13).
 */
export async function hasRefunds(tx: Pick<Transaction, "select">, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, orderId));
  return Number(row?.n) > 0;
}

function orderHolder(orderId: number): RefundHolder<OrderMoney> {
  return {
    notFound: "Ese pedido no existe.",
    async lock(tx) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
      if (!order) return null;
      const [attempts, given] = await Promise.all([
        tx.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id)),
        tx.select().from(refunds).where(eq(refunds.orderId, order.id)),
      ]);
      const state = refundable({ amountCents: order.amountCents, paidAt: order.paidAt, attempts, refunds: given });
      return { order, owner: { orderId: order.id }, audit: { entity: "pedido", entityId: order.number }, attempts, given, state };
    },
    async check(tx, { order }, withdrawalId) {
      if (!withdrawalId) return null;
      const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update").limit(1);
      if (!withdrawal || withdrawal.orderId !== order.id) return { ok: false, status: 400, message: "Ese desistimiento no es de este pedido.", field: "desistimiento" };
      if (!canMoveWithdrawal(withdrawal.state, "reembolsado")) {
        return { ok: false, status: 409, message: `El desistimiento ya está «${WITHDRAWAL_STATE_LABELS[withdrawal.state]}»: este reembolso no puede cerrarlo.`, field: "desistimiento" };
      }
      return null;
    },
    done: orderRefundDone,
  };
}

export function refundThroughRedsys(db: Database, actor: Actor, input: RedsysRefundInput, deps: RedsysDeps = {}): Promise<RefundResult> {
  return refundByRedsys(db, actor, orderHolder(input.orderId), input, deps);
}

export function recordTransferRefund(db: Database, actor: Actor, input: TransferRefundInput): Promise<RefundResult> {
  return recordTransfer(db, actor, orderHolder(input.orderId), input);
}

/** An unanswered Redsys refund of an order, settled by hand (refund-flow.server.ts, settleRefund). */
export async function settleUnknownRefund(
  db: Database,
  actor: Actor,
  refundId: number,
  done: boolean,
  { orderId, now = new Date() }: { orderId?: number; now?: Date } = {},
): Promise<RefundResult> {
  const [found] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  const of = orderId ?? found?.orderId;
  if (!found || of === null || of === undefined || found.orderId !== of) return { ok: false, status: 404, message: "Ese reembolso no existe.", field: "reembolso" };
  return settleRefund(db, actor, orderHolder(of), refundId, done, now);
}

/** Everything an order's refund done brings with it, in its transaction. */
async function orderRefundDone(tx: Transaction, actor: Actor, { order, state }: OrderMoney, refund: typeof refunds.$inferSelect, attempt: typeof paymentAttempts.$inferSelect | null, now: Date): Promise<void> {
  const means = refundMeans(refund, attempt?.method ?? null);
  const before = state.refundedCents;
  await audit(tx, actor, {
    action: "reembolsar",
    entity: "pedido",
    entityId: order.number,
    before: { reembolsadoCents: before },
    after: {
      reembolsadoCents: before + refund.amountCents,
      reembolso: refund.id,
      importeCents: refund.amountCents,
      medio: means.label,
      referencia: refund.reference,
      motivo: refund.reason,
      ...(refund.withdrawalId ? { desistimiento: refund.withdrawalId } : {}),
    },
  });
  await recordOrderNote(tx, order, { actor: actorName(actor), details: { reembolso: formatEuros(refund.amountCents), medio: means.label, ...(refund.reference ? { referencia: refund.reference } : {}), motivo: refund.reason }, now });
  await enqueue(tx, "email", { ...refundEmail(order, refund, means) }, { ref: orderRef(order.id) });
  // Money of the sale given back: a rectifying invoice (issue 13). A second charge given back
  // ("a reembolsar") was never part of the sale, and so is not invoiced nor rectified.
  if (attempt?.state !== "a reembolsar") {
    const why = refund.withdrawalId ? "Desistimiento del contrato" : "Reembolso";
    await rectifyInvoice(tx, order.id, { amountCents: refund.amountCents, reason: refund.reason ? `${why}: ${refund.reason}` : why, refundId: refund.id }, now);
  }
  if (refund.withdrawalId) {
    const refundedAt = refund.channel === "transferencia" && refund.refundedOn ? madridInstant(refund.refundedOn) : now;
    const closed = await closeWithdrawalByRefund(tx, actor, refund.withdrawalId, { refundedAt, refundCents: refund.amountCents });
    if (!closed.ok) log("payments").info({ reembolso: refund.id, desistimiento: refund.withdrawalId, estado: closed.state }, "el desistimiento ya estaba cerrado: el reembolso no lo cambia");
  }
}
