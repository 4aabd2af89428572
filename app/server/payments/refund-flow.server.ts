import { and, eq } from "drizzle-orm";
import type { RefundState } from "~/domain/payments/payment-states";
import { checkRefund, type RefundAsk, type Refundable } from "~/domain/payments/refundable";
import { formatEuros } from "~/domain/money";
import { actorName, audit, type Actor, type AuditEntry } from "../audit.server";
import { redsysConfig } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { log, serializeError } from "../log.server";
import { paymentAttempts, refunds } from "./payments-schema.server";
import { REFUND_TIMEOUT_MS, requestRefund, type RedsysDeps, type RefundOutcome } from "./redsys-rest.server";

/*
 * Giving money back (issue 12, "Refunds"; issue 31 for a job's charges): through Redsys for a
 * card or Bizum charge, or recorded after the shop made a transfer by hand. Never more than
 * was paid, even with two administrators at once: every refund is checked and written under
 * the row lock of what it belongs to (an order, or a job and its charge: the "holder"), and a
 * Redsys refund is written as "enviando" before Redsys is asked, so that it counts against the
 * limit while the answer is awaited, and for ever if the answer is lost (then an administrator
 * settles it by hand after checking the bank).
 *
 * This file is the flow, the same for every holder; what a refund done brings with it (the
 * audit line, the history, the customer's e-mail, the rectifying invoice) is the holder's
 * (refunds.server.ts for orders, job-refunds.server.ts for a job's charges).
 */

export type RefundRow = typeof refunds.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

type Ok = { ok: true; refundId: number; state: RefundState; message: string };
export type Refused = { ok: false; status: 400 | 404 | 409; message: string; field?: "importe" | "pago" | "desistimiento" | "reembolso" };
export type RefundResult = Ok | Refused;

/** What the refunds belong to: exactly one of the two columns of a refund. */
export type RefundOwner = { orderId: number; jobChargeId?: undefined } | { jobChargeId: number; orderId?: undefined };

/** A holder's money, read under its lock. */
export type HeldMoney = { owner: RefundOwner; audit: Pick<AuditEntry, "entity" | "entityId">; attempts: AttemptRow[]; given: RefundRow[]; state: Refundable };

export type RefundHolder<H extends HeldMoney = HeldMoney> = {
  notFound: string;
  /** Locks what the refunds belong to and reads its money; null when it does not exist. */
  lock(tx: Transaction): Promise<H | null>;
  /** The holder's own checks (an order's withdrawal); null when it allows the refund. */
  check?(tx: Transaction, held: H, withdrawalId: number | null): Promise<Refused | null>;
  /** Everything a refund done brings with it, in the transaction that records it (`held` was read before it was done). */
  done(tx: Transaction, actor: Actor, held: H, refund: RefundRow, attempt: AttemptRow | null, now: Date): Promise<void>;
};

export type RedsysAsk = { attemptId: number; amountCents: number; reason: string; withdrawalId?: number | null };
export type TransferAsk = { amountCents: number; refundedOn: string; reference: string; reason: string; withdrawalId?: number | null };

export const UNKNOWN_MEANING = "Sin respuesta de Redsys: compruebe en el portal del banco antes de repetirlo";
/** A refund still "enviando" this long after it was written was never answered (or the process stopped). */
const SETTLE_AFTER_MS = REFUND_TIMEOUT_MS + 40_000;

const logger = () => log("payments");

export const ownerColumns = (owner: RefundOwner) => ({ orderId: owner.orderId ?? null, jobChargeId: owner.jobChargeId ?? null });
export const ownsRefund = (owner: RefundOwner, row: Pick<RefundRow, "orderId" | "jobChargeId">) =>
  owner.orderId !== undefined ? row.orderId === owner.orderId : row.jobChargeId === owner.jobChargeId;

async function checked<H extends HeldMoney>(tx: Transaction, holder: RefundHolder<H>, ask: RefundAsk, withdrawalId: number | null): Promise<H | Refused> {
  const held = await holder.lock(tx);
  if (!held) return { ok: false, status: 404, message: holder.notFound };
  const verdict = checkRefund(held.state, ask);
  if (!verdict.ok) return { ok: false, status: verdict.status, message: verdict.message, field: verdict.status === 400 && ask.channel === "redsys" ? "pago" : "importe" };
  return (await holder.check?.(tx, held, withdrawalId)) ?? held;
}

const isRefused = (value: HeldMoney | Refused): value is Refused => "ok" in value;

async function attemptOf(tx: Transaction, refund: RefundRow): Promise<AttemptRow | null> {
  if (!refund.attemptId) return null;
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, refund.attemptId));
  return attempt ?? null;
}

export async function refundByRedsys<H extends HeldMoney>(db: Database, actor: Actor, holder: RefundHolder<H>, input: RedsysAsk, deps: RedsysDeps = {}): Promise<RefundResult> {
  const cfg = deps.config === undefined ? redsysConfig() : deps.config;
  if (!cfg) return { ok: false, status: 409, message: "Redsys no está configurado en esta tienda: registre el reembolso por transferencia." };

  // 1. Under the holder's lock: check, and write the refund as "enviando".
  const reserved = await db.transaction(async (tx) => {
    const held = await checked(tx, holder, { channel: "redsys", attemptId: input.attemptId, amountCents: input.amountCents }, input.withdrawalId ?? null);
    if (isRefused(held)) return held;
    const attempt = held.attempts.find((row) => row.id === input.attemptId)!;
    const [row] = await tx
      .insert(refunds)
      .values({
        ...ownerColumns(held.owner),
        attemptId: input.attemptId,
        withdrawalId: input.withdrawalId ?? null,
        channel: "redsys",
        amountCents: input.amountCents,
        state: "enviando",
        reason: input.reason,
        actor: actorName(actor),
      })
      .returning();
    return { ok: true as const, attempt, refund: row!, audit: held.audit };
  });
  if (!reserved.ok) return reserved;
  const { attempt, refund } = reserved;
  logger().info({ ...reserved.audit, reembolso: refund.id, order: attempt.code, amountCents: refund.amountCents }, "reembolso por Redsys: enviando");

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
    const held = (await holder.lock(tx))!;
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
      await holder.done(tx, actor, held, row, attempt, new Date());
      return { ok: true, refundId: row.id, state: "hecho", message: `Reembolso de ${formatEuros(row.amountCents)} hecho por Redsys. Se ha avisado al cliente por e-mail.` } satisfies Ok;
    }
    if (outcome.kind === "refused") {
      await audit(tx, actor, { ...held.audit, action: "reembolso rechazado", after: { reembolso: row.id, importeCents: row.amountCents, respuesta: `${outcome.code} ${outcome.meaning}` } });
      return { ok: true, refundId: row.id, state: "rechazado", message: `Redsys ha rechazado el reembolso: ${outcome.code} ${outcome.meaning}. No se ha devuelto nada.` } satisfies Ok;
    }
    await audit(tx, actor, { ...held.audit, action: "reembolso sin respuesta", after: { reembolso: row.id, importeCents: row.amountCents, motivo: outcome.reason } });
    return { ok: true, refundId: row.id, state: "enviando", message: `${UNKNOWN_MEANING}.` } satisfies Ok;
  });
}

export async function recordTransfer<H extends HeldMoney>(db: Database, actor: Actor, holder: RefundHolder<H>, input: TransferAsk): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const held = await checked(tx, holder, { channel: "transferencia", amountCents: input.amountCents }, input.withdrawalId ?? null);
    if (isRefused(held)) return held;
    const [row] = await tx
      .insert(refunds)
      .values({
        ...ownerColumns(held.owner),
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
    await holder.done(tx, actor, held, row!, null, new Date());
    return { ok: true, refundId: row!.id, state: "hecho", message: `Reembolso por transferencia de ${formatEuros(row!.amountCents)} registrado. Se ha avisado al cliente por e-mail.` } satisfies Ok;
  });
}

/**
 * A Redsys refund left "enviando" (no answer, or the process stopped), settled by an
 * administrator who looked at the bank's portal: done (the customer is told, as for any
 * refund) or not done (it stops counting against the limit). The refund must be the holder's.
 */
export async function settleRefund<H extends HeldMoney>(db: Database, actor: Actor, holder: RefundHolder<H>, refundId: number, done: boolean, now = new Date()): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const held = await holder.lock(tx);
    const [row] = held ? await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update") : [];
    if (!held || !row || !ownsRefund(held.owner, row)) return { ok: false, status: 404, message: "Ese reembolso no existe.", field: "reembolso" } satisfies Refused;
    if (row.state !== "enviando" || row.channel !== "redsys") {
      return { ok: false, status: 409, message: "Este reembolso ya está resuelto.", field: "reembolso" } satisfies Refused;
    }
    if (!isSettleable(row, now)) {
      return { ok: false, status: 409, message: "Este reembolso se está enviando ahora mismo: espere la respuesta de Redsys.", field: "reembolso" } satisfies Refused;
    }
    const who = `comprobado en el portal del banco por ${actorName(actor)}`;
    const [updated] = await tx
      .update(refunds)
      .set({ state: done ? "hecho" : "rechazado", responseMeaning: done ? `Hecho: ${who}` : `No hecho: ${who}`, updatedAt: now })
      .where(eq(refunds.id, refundId))
      .returning();
    if (done) {
      await holder.done(tx, actor, held, updated!, await attemptOf(tx, updated!), now);
      return { ok: true, refundId, state: "hecho", message: `Reembolso de ${formatEuros(row.amountCents)} anotado como hecho. Se ha avisado al cliente por e-mail.` } satisfies Ok;
    }
    await audit(tx, actor, { ...held.audit, action: "reembolso no hecho", before: { reembolso: row.id, estado: "enviando" }, after: { estado: "rechazado", importeCents: row.amountCents } });
    return { ok: true, refundId, state: "rechazado", message: `Reembolso de ${formatEuros(row.amountCents)} anotado como no hecho: ya no cuenta como devuelto.` } satisfies Ok;
  });
}

/** Whether an "enviando" refund may be settled by hand: its answer was lost, or it is long past the request's timeout. */
export function isSettleable(row: Pick<RefundRow, "state" | "channel" | "responseMeaning" | "createdAt">, now = new Date()): boolean {
  return row.state === "enviando" && row.channel === "redsys" && (row.responseMeaning !== null || now.getTime() - row.createdAt.getTime() > SETTLE_AFTER_MS);
}
