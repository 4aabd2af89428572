import { and, eq, ne, sql } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { canMoveWithdrawal, WITHDRAWAL_STATE_LABELS } from "~/domain/orders/withdrawal-state";
import type { RefundState } from "~/domain/payments/payment-states";
import { checkRefund, refundable, type RefundAsk } from "~/domain/payments/refundable";
import { formatEuros } from "~/domain/money";
import { actorName, audit, type Actor } from "../audit.server";
import { redsysConfig } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { orders, withdrawals } from "../orders/orders-schema.server";
import { recordOrderNote } from "../orders/order-moves.server";
import { paymentAttempts, refunds } from "./payments-schema.server";
import { log, serializeError } from "../log.server";
import { rectifyInvoice } from "../invoices/rectify-invoice.server";
import { enqueue } from "../outbox.server";
import { closeWithdrawalByRefund } from "../orders/withdrawal-handling.server";
import { refundEmail, refundMeans } from "./refund-email.server";
import { REFUND_TIMEOUT_MS, requestRefund, type RefundOutcome } from "./redsys-rest.server";

/*
 * Giving money back (issue 12, "Refunds"): through Redsys for a card or Bizum charge, or
 * recorded after the shop made a transfer by hand. Never more than was paid, even with two
 * administrators at once: every refund is checked and written under the order's row lock
 * (SELECT ... FOR UPDATE), and a Redsys refund is written as "enviando" before Redsys is
 * asked, so that it counts against the limit while the answer is awaited, and for ever if
 * the answer is lost (then an administrator settles it by hand after checking the bank).
 *
 * A refund done: its audit line, a line in the order's history, the customer's e-mail
 * (outbox), and, when it is the refund of a withdrawal, the withdrawal closed; all in the
 * transaction that records it.
 */

type Ok = { ok: true; refundId: number; state: RefundState; message: string };
type Refused = { ok: false; status: 400 | 404 | 409; message: string; field?: "importe" | "pago" | "desistimiento" | "reembolso" };
export type RefundResult = Ok | Refused;

export type RedsysRefundInput = { orderId: number; attemptId: number; amountCents: number; reason: string; withdrawalId?: number | null };
export type TransferRefundInput = { orderId: number; amountCents: number; refundedOn: string; reference: string; reason: string; withdrawalId?: number | null };

/** For tests and the sandbox: another Redsys than the configured one. */
export type { RedsysDeps } from "./redsys-rest.server";
import type { RedsysDeps } from "./redsys-rest.server";

export const UNKNOWN_MEANING = "Sin respuesta de Redsys: compruebe en el portal del banco antes de repetirlo";
/** A refund still "enviando" this long after it was written was never answered (or the process stopped). */
const SETTLE_AFTER_MS = REFUND_TIMEOUT_MS + 40_000;

const logger = () => log("payments");

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * Whether any refund of the order was ever written (done, refused or still being sent): what
 * other areas ask of refunds instead of reading the table (undoing a payment, issue 13).
 */
export async function hasRefunds(tx: Pick<Transaction, "select">, orderId: number): Promise<boolean> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(refunds).where(eq(refunds.orderId, orderId));
  return Number(row?.n) > 0;
}

async function lockOrder(tx: Transaction, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  return order;
}

/** What was paid and given back, read under the order's lock. */
async function moneyOf(tx: Transaction, order: OrderRow) {
  const [attempts, given] = await Promise.all([
    tx.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id)),
    tx.select().from(refunds).where(eq(refunds.orderId, order.id)),
  ]);
  return { attempts, given, state: refundable({ amountCents: order.amountCents, paidAt: order.paidAt, attempts, refunds: given }) };
}

async function check(tx: Transaction, order: OrderRow, ask: RefundAsk, withdrawalId: number | null | undefined): Promise<Refused | null> {
  const { state } = await moneyOf(tx, order);
  const verdict = checkRefund(state, ask);
  if (!verdict.ok) return { ok: false, status: verdict.status, message: verdict.message, field: verdict.status === 400 && ask.channel === "redsys" ? "pago" : "importe" };
  if (withdrawalId) {
    const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for("update").limit(1);
    if (!withdrawal || withdrawal.orderId !== order.id) return { ok: false, status: 400, message: "Ese desistimiento no es de este pedido.", field: "desistimiento" };
    if (!canMoveWithdrawal(withdrawal.state, "reembolsado")) {
      return { ok: false, status: 409, message: `El desistimiento ya está «${WITHDRAWAL_STATE_LABELS[withdrawal.state]}»: este reembolso no puede cerrarlo.`, field: "desistimiento" };
    }
  }
  return null;
}

export async function refundThroughRedsys(db: Database, actor: Actor, input: RedsysRefundInput, deps: RedsysDeps = {}): Promise<RefundResult> {
  const cfg = deps.config === undefined ? redsysConfig() : deps.config;
  if (!cfg) return { ok: false, status: 409, message: "Redsys no está configurado en esta tienda: registre el reembolso por transferencia." };

  // 1. Under the order's lock: check, and write the refund as "enviando".
  const reserved = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, status: 404, message: "Ese pedido no existe." } as Refused;
    const refused = await check(tx, order, { channel: "redsys", attemptId: input.attemptId, amountCents: input.amountCents }, input.withdrawalId);
    if (refused) return refused;
    const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, input.attemptId));
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        attemptId: input.attemptId,
        withdrawalId: input.withdrawalId ?? null,
        channel: "redsys",
        amountCents: input.amountCents,
        state: "enviando",
        reason: input.reason,
        actor: actorName(actor),
      })
      .returning();
    return { ok: true as const, order, attempt: attempt!, refund: row! };
  });
  if (!reserved.ok) return reserved;
  const { order, attempt, refund } = reserved;
  logger().info({ pedido: order.number, reembolso: refund.id, order: attempt.code, amountCents: refund.amountCents }, "reembolso por Redsys: enviando");

  // 2. Outside any transaction: ask Redsys (up to 20 s), holding no lock.
  let outcome: RefundOutcome;
  try {
    outcome = await requestRefund(cfg, { code: attempt.code, amountCents: refund.amountCents }, deps.fetchImpl ?? fetch, { timeoutMs: deps.timeoutMs });
  } catch (error) {
    logger().error({ err: serializeError(error), reembolso: refund.id }, "error inesperado al pedir el reembolso a Redsys");
    outcome = { kind: "unknown", reason: "error inesperado" };
  }

  // 3. Record the answer; a lost one leaves the refund "enviando", counted, to be settled by hand.
  return db.transaction(async (tx) => {
    const current = (await lockOrder(tx, order.id))!;
    const update =
      outcome.kind === "unknown"
        ? { responseMeaning: UNKNOWN_MEANING, response: { motivo: outcome.reason } }
        : {
            state: outcome.kind === "done" ? ("hecho" as const) : ("rechazado" as const),
            responseCode: outcome.code,
            responseMeaning: outcome.meaning,
            response: outcome.parameters ?? { errorCode: outcome.code },
            ...(outcome.kind === "done" ? { reference: outcome.authorisationCode } : {}),
          };
    const [row] = await tx
      .update(refunds)
      .set({ ...update, updatedAt: new Date() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, "enviando")))
      .returning();
    if (!row) {
      // Settled by hand while Redsys was being asked: the hand (who looked at the bank) wins.
      logger().warn({ reembolso: refund.id, outcome: outcome.kind }, "respuesta de Redsys para un reembolso ya resuelto a mano: no se cambia");
      return { ok: true, refundId: refund.id, state: "enviando", message: "Este reembolso se resolvió a mano mientras llegaba la respuesta de Redsys." } satisfies Ok;
    }
    if (outcome.kind === "done") {
      await refundDone(tx, actor, current, row);
      return { ok: true, refundId: row.id, state: "hecho", message: `Reembolso de ${formatEuros(row.amountCents)} hecho por Redsys. Se ha avisado al cliente por e-mail.` } satisfies Ok;
    }
    if (outcome.kind === "refused") {
      await audit(tx, actor, {
        action: "reembolso rechazado",
        entity: "pedido",
        entityId: current.number,
        after: { reembolso: row.id, importeCents: row.amountCents, respuesta: `${outcome.code} ${outcome.meaning}` },
      });
      return { ok: true, refundId: row.id, state: "rechazado", message: `Redsys ha rechazado el reembolso: ${outcome.code} ${outcome.meaning}. No se ha devuelto nada.` } satisfies Ok;
    }
    await audit(tx, actor, { action: "reembolso sin respuesta", entity: "pedido", entityId: current.number, after: { reembolso: row.id, importeCents: row.amountCents, motivo: outcome.reason } });
    return { ok: true, refundId: row.id, state: "enviando", message: `${UNKNOWN_MEANING}.` } satisfies Ok;
  });
}

export async function recordTransferRefund(db: Database, actor: Actor, input: TransferRefundInput): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return { ok: false, status: 404, message: "Ese pedido no existe." } satisfies Refused;
    const refused = await check(tx, order, { channel: "transferencia", amountCents: input.amountCents }, input.withdrawalId);
    if (refused) return refused;
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        withdrawalId: input.withdrawalId ?? null,
        channel: "transferencia",
        amountCents: input.amountCents,
        state: "hecho",
        refundedOn: input.refundedOn,
        reference: input.reference,
        reason: input.reason,
        actor: actorName(actor),
      })
      .returning();
    await refundDone(tx, actor, order, row!);
    return { ok: true, refundId: row!.id, state: "hecho", message: `Reembolso por transferencia de ${formatEuros(row!.amountCents)} registrado. Se ha avisado al cliente por e-mail.` } satisfies Ok;
  });
}

/**
 * A Redsys refund left "enviando" (no answer, or the process stopped), settled by an
 * administrator who looked at the bank's portal: done (the customer is told, as for any
 * refund) or not done (it stops counting against the limit).
 */
export async function settleUnknownRefund(
  db: Database,
  actor: Actor,
  refundId: number,
  done: boolean,
  { orderId, now = new Date() }: { orderId?: number; now?: Date } = {},
): Promise<RefundResult> {
  const [found] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!found || (orderId !== undefined && found.orderId !== orderId)) return { ok: false, status: 404, message: "Ese reembolso no existe.", field: "reembolso" };
  return db.transaction(async (tx) => {
    const order = (await lockOrder(tx, found.orderId))!;
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!row || row.state !== "enviando" || row.channel !== "redsys") {
      return { ok: false, status: 409, message: "Este reembolso ya está resuelto.", field: "reembolso" } satisfies Refused;
    }
    if (!isSettleable(row, now)) {
      return { ok: false, status: 409, message: "Este reembolso se está enviando ahora mismo: espere la respuesta de Redsys.", field: "reembolso" } satisfies Refused;
    }
    const checked = `comprobado en el portal del banco por ${actorName(actor)}`;
    const [updated] = await tx
      .update(refunds)
      .set({ state: done ? "hecho" : "rechazado", responseMeaning: done ? `Hecho: ${checked}` : `No hecho: ${checked}`, updatedAt: now })
      .where(eq(refunds.id, refundId))
      .returning();
    if (done) {
      await refundDone(tx, actor, order, updated!, now);
      return { ok: true, refundId, state: "hecho", message: `Reembolso de ${formatEuros(row.amountCents)} anotado como hecho. Se ha avisado al cliente por e-mail.` } satisfies Ok;
    }
    await audit(tx, actor, { action: "reembolso no hecho", entity: "pedido", entityId: order.number, before: { reembolso: row.id, estado: "enviando" }, after: { estado: "rechazado", importeCents: row.amountCents } });
    return { ok: true, refundId, state: "rechazado", message: `Reembolso de ${formatEuros(row.amountCents)} anotado como no hecho: ya no cuenta como devuelto.` } satisfies Ok;
  });
}

/** Whether an "enviando" refund may be settled by hand: its answer was lost, or it is long past the request's timeout. */
export function isSettleable(row: Pick<RefundRow, "state" | "channel" | "responseMeaning" | "createdAt">, now = new Date()): boolean {
  return row.state === "enviando" && row.channel === "redsys" && (row.responseMeaning !== null || now.getTime() - row.createdAt.getTime() > SETTLE_AFTER_MS);
}

/** Everything a refund done brings with it, in its transaction. */
async function refundDone(tx: Transaction, actor: Actor, order: OrderRow, refund: RefundRow, now = new Date()): Promise<void> {
  const [attempt] = refund.attemptId ? await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, refund.attemptId)) : [];
  const means = refundMeans(refund, attempt?.method ?? null);
  const [{ before }] = (await tx
    .select({ before: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, "hecho"), ne(refunds.id, refund.id)))) as [{ before: number }];
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
    if (!closed.ok) logger().info({ reembolso: refund.id, desistimiento: refund.withdrawalId, estado: closed.state }, "el desistimiento ya estaba cerrado: el reembolso no lo cambia");
  }
}
