import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { newRedsysOrderCode } from "~/domain/payments/redsys-codes";
import { cardUsableOn, type StoredCard } from "~/domain/payments/stored-card";
import { redsysConfig } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { audit } from "../audit.server";
import { cardCharges, paymentAttempts, storedCards } from "./payments-schema.server";
import type { RedsysDeps } from "./redsys-rest.server";
import { chargeStoredCard, type ChargeOutcome } from "./redsys-stored-card.server";

/*
 * Cards Redsys keeps for the maintenance plans' renewals (issue 31), written and read only
 * here; a plan keeps the card's id. A charge is made in two steps so that it is sent exactly
 * once whatever the number of instances: openCardCharge writes it in the caller's transaction
 * (which also claims what it pays, under a row lock), sendCardCharge sends it and records
 * Redsys's answer. A charge found "enviado" is never sent again.
 */

export type KeptCard = typeof storedCards.$inferSelect;
export type CardCharge = typeof cardCharges.$inferSelect;

/** The card an authorised first payment brought, kept for the order's plans. Idempotent per first payment. */
export async function keepCard(tx: Transaction, { orderId, email, code, card, now }: { orderId: number; email: string; code: string; card: StoredCard; now: Date }): Promise<void> {
  const [kept] = await tx
    .insert(storedCards)
    .values({
      customerEmail: email.trim().toLowerCase(),
      orderId,
      firstCode: code,
      identifier: card.identifier,
      cofTxnId: card.cofTxnId,
      expiry: card.expiry,
      last4: card.maskedCard?.last4 ?? null,
      brand: card.maskedCard?.brand ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: storedCards.firstCode })
    .returning({ id: storedCards.id });
  if (kept) await audit(tx, "sistema", { action: "guardar tarjeta en Redsys", entity: "tarjeta", entityId: String(kept.id), after: { pedido: orderId, caduca: card.expiry, ultimas: card.maskedCard?.last4 ?? null } });
}

/** The card the order's payment kept (the newest, not forgotten), or null. */
export async function cardKeptWithOrder(db: Pick<Database, "select">, orderId: number): Promise<KeptCard | null> {
  const [card] = await db
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.orderId, orderId), isNull(storedCards.forgottenAt)))
    .orderBy(desc(storedCards.id))
    .limit(1);
  return card ?? null;
}

export async function cardById(db: Pick<Database, "select">, id: number | null): Promise<KeptCard | null> {
  if (id === null) return null;
  const [card] = await db.select().from(storedCards).where(eq(storedCards.id, id));
  return card ?? null;
}

export async function cardsById(db: Pick<Database, "select">, ids: number[]): Promise<Map<number, KeptCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(storedCards).where(inArray(storedCards.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Can be charged on `day` (YYYY-MM-DD): kept, not forgotten, not expired by then, and Redsys configured. */
export function isChargeable(card: KeptCard | null, day: string): card is KeptCard {
  return card !== null && card.forgottenAt === null && cardUsableOn(card.expiry, day) && redsysConfig() !== null;
}

/** No plan renews with it any more: it is never charged again (Redsys's reference is useless without our key). */
export async function forgetCard(tx: Transaction, id: number, now: Date): Promise<void> {
  const [forgotten] = await tx
    .update(storedCards)
    .set({ forgottenAt: now })
    .where(and(eq(storedCards.id, id), isNull(storedCards.forgottenAt)))
    .returning({ id: storedCards.id });
  if (forgotten) await audit(tx, "sistema", { action: "olvidar tarjeta guardada", entity: "tarjeta", entityId: String(id) });
}

const MAX_CODE_DRAWS = 5;

/** A new charge of `amountCents` to the card, "enviado", under an order code no attempt or charge has used. */
export async function openCardCharge(tx: Transaction, card: KeptCard, amountCents: number, description: string, now: Date): Promise<CardCharge> {
  for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
    const code = newRedsysOrderCode((n) => randomBytes(n));
    const [used] = await tx.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.code, code)).limit(1);
    if (used) continue;
    const [charge] = await tx
      .insert(cardCharges)
      .values({ storedCardId: card.id, code, amountCents, description: description.slice(0, 125), createdAt: now })
      .onConflictDoNothing({ target: cardCharges.code })
      .returning();
    if (charge) return charge;
  }
  throw new Error("no se pudo generar un código de pedido de Redsys libre");
}

/**
 * Sends a charge opened by openCardCharge to Redsys and records the answer. Only a charge still
 * "enviado" with no answer is sent, and only by the caller that opened it: the caller's claim is
 * what makes it once.
 */
export async function sendCardCharge(db: Database, charge: CardCharge, deps: RedsysDeps = {}, now = new Date()): Promise<ChargeOutcome> {
  const cfg = deps.config === undefined ? redsysConfig() : deps.config;
  const card = await cardById(db, charge.storedCardId);
  let outcome: ChargeOutcome;
  if (!cfg) outcome = { kind: "refused", code: "sin-redsys", meaning: "el pago con tarjeta no está configurado" };
  else if (!card || card.forgottenAt) outcome = { kind: "refused", code: "sin-tarjeta", meaning: "la tarjeta ya no está guardada" };
  else {
    try {
      outcome = await chargeStoredCard(cfg, { code: charge.code, amountCents: charge.amountCents, identifier: card.identifier, cofTxnId: card.cofTxnId, description: charge.description }, deps.fetchImpl ?? fetch, {
        timeoutMs: deps.timeoutMs,
      });
    } catch (error) {
      // A corrupted reference: nothing was sent.
      outcome = { kind: "refused", code: "referencia", meaning: error instanceof Error ? error.message : String(error) };
    }
  }
  const settled =
    outcome.kind === "done"
      ? { state: "autorizado" as const, responseCode: outcome.code, responseMeaning: outcome.meaning, authorisationCode: outcome.authorisationCode }
      : outcome.kind === "refused"
        ? { state: "denegado" as const, responseCode: outcome.code, responseMeaning: outcome.meaning }
        : { state: "sin confirmar" as const, responseMeaning: outcome.reason };
  await db
    .update(cardCharges)
    .set({ ...settled, settledAt: now })
    .where(and(eq(cardCharges.id, charge.id), eq(cardCharges.state, "enviado")));
  return outcome;
}

export async function cardChargeById(db: Pick<Database, "select">, id: number | null): Promise<CardCharge | null> {
  if (id === null) return null;
  const [charge] = await db.select().from(cardCharges).where(eq(cardCharges.id, id));
  return charge ?? null;
}

/** Charges by id, for the owner's list. */
export async function cardChargesById(db: Pick<Database, "select">, ids: number[]): Promise<Map<number, CardCharge>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(cardCharges).where(inArray(cardCharges.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
