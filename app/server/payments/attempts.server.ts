import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { newRedsysOrderCode, NOTIFICATION_PATH, PAY_METHOD_PARAMETER } from "~/domain/payments/redsys-codes";
import type { OnlineMethod } from "~/domain/payments/payment-states";
import { config, publicBaseUrl, type RedsysConfig } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { paymentAttempts } from "./payments-schema.server";
import { signedMessage, type SignedMessage } from "./redsys-signature.server";
import { FIRST_PAYMENT_STORES_CARD } from "./redsys-stored-card.server";

/*
 * Payment attempts (issue 12): each trip of the customer to Redsys gets its own row and its
 * own Redsys order code, written in the transaction that holds the order's units (the order
 * itself, or "pay again") or, for a job's deposit or final balance (issue 17), the job's row.
 * The pay page only reads an attempt and signs its form.
 */

export type Attempt = typeof paymentAttempts.$inferSelect;

const MAX_CODE_DRAWS = 5;

export function paymentPagePath(number: string, code: string): string {
  return `/login/pedidos/${encodeURIComponent(number)}/pago?intento=${encodeURIComponent(code)}`;
}

export function returnPagePath(number: string, code: string): string {
  return `/login/pedidos/${encodeURIComponent(number)}/pago/vuelta?intento=${encodeURIComponent(code)}`;
}

/** Who an attempt pays: an order, or (issue 17) a job's deposit or final balance. */
export type AttemptFor = { orderId: number; chargeId?: never } | { chargeId: number; orderId?: never };

/** A new attempt for `amountCents` of an order or a job's charge, with its own Redsys order code. */
export async function createAttemptFor(tx: Transaction, payer: AttemptFor, amountCents: number, method: OnlineMethod, now: Date): Promise<Attempt> {
  for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({ ...payer, code: newRedsysOrderCode((n) => randomBytes(n)), method, amountCents, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (attempt) return attempt;
  }
  throw new Error("no se pudo generar un código de pedido de Redsys libre");
}

/** A new attempt for the order's whole amount; the order's window is set by the caller. */
export async function createAttempt(tx: Transaction, order: { id: number; amountCents: number }, method: OnlineMethod, now: Date): Promise<Attempt> {
  return createAttemptFor(tx, { orderId: order.id }, order.amountCents, method, now);
}

/** The end of a payment window opened now. */
export function windowEnd(cfg: RedsysConfig, now: Date): Date {
  return new Date(now.getTime() + cfg.windowMinutes * 60_000);
}

/** What the bank shows of a payment, and where Redsys sends the customer back (a path of ours). */
export type PaymentPurpose = { returnPath: string; description: string; merchantData: string };

/**
 * storeCard (issue 31): the customer also agrees that Redsys keeps the card for the plan's
 * renewals; an authorised notification then brings what storedCardFrom reads. Card only:
 * Bizum cannot be kept.
 */
export type PaymentFormOptions = { storeCard?: boolean };

/**
 * The signed form the browser posts to Redsys: amount in cents, euros (978), a plain
 * authorisation (type 0), the method (card only, or Bizum), where to notify and where to
 * send the customer back. The merchant data carries our reference (the order's or the
 * quote's number) for the bank's portal.
 */
export function signedPaymentForm(
  cfg: RedsysConfig,
  attempt: Pick<Attempt, "code" | "amountCents" | "method">,
  purpose: PaymentPurpose,
  { storeCard = false }: PaymentFormOptions = {},
): { action: string; fields: SignedMessage } {
  if (storeCard && attempt.method !== "tarjeta") throw new Error("signedPaymentForm: solo se puede guardar una tarjeta, no un pago con Bizum");
  const base = publicBaseUrl();
  const back = `${base}${purpose.returnPath}`;
  const parameters: Record<string, string> = {
    DS_MERCHANT_AMOUNT: String(attempt.amountCents),
    DS_MERCHANT_ORDER: attempt.code,
    DS_MERCHANT_MERCHANTCODE: cfg.merchantCode,
    DS_MERCHANT_CURRENCY: "978",
    DS_MERCHANT_TRANSACTIONTYPE: "0",
    DS_MERCHANT_TERMINAL: cfg.terminal,
    DS_MERCHANT_MERCHANTURL: `${base}${NOTIFICATION_PATH}`,
    DS_MERCHANT_URLOK: back,
    DS_MERCHANT_URLKO: back,
    DS_MERCHANT_PAYMETHODS: PAY_METHOD_PARAMETER[attempt.method],
    DS_MERCHANT_PRODUCTDESCRIPTION: purpose.description.slice(0, 125),
    DS_MERCHANT_MERCHANTNAME: config().SHOP_NAME.slice(0, 25),
    DS_MERCHANT_MERCHANTDATA: purpose.merchantData,
    DS_MERCHANT_CONSUMERLANGUAGE: "001",
    ...(storeCard ? FIRST_PAYMENT_STORES_CARD : {}),
  };
  return { action: cfg.url, fields: signedMessage(cfg.secretKey, attempt.code, parameters) };
}

/**
 * The signed form of an order's attempt. A card payment of an order whose customer agreed at
 * checkout that Redsys keeps the card for the plans' renewals asks Redsys for its reference.
 */
export function paymentForm(
  cfg: RedsysConfig,
  attempt: Pick<Attempt, "code" | "amountCents" | "method">,
  order: { number: string; renewalCardConsentAt: Date | null },
): { action: string; fields: SignedMessage } {
  return signedPaymentForm(
    cfg,
    attempt,
    { returnPath: returnPagePath(order.number, attempt.code), description: `Pedido ${order.number}`, merchantData: order.number },
    { storeCard: keepsCard(order, attempt) },
  );
}

/** The attempt asks Redsys to keep the card (and its notification brings it). */
export function keepsCard(order: { renewalCardConsentAt: Date | null }, attempt: Pick<Attempt, "method">): boolean {
  return order.renewalCardConsentAt !== null && attempt.method === "tarjeta";
}

/** An attempt of the order `orderId` by its code, or null. */
export async function findAttempt(db: Database, orderId: number, code: string): Promise<Attempt | null> {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.code, code)))
    .limit(1);
  return row ?? null;
}

/** The order's attempts, newest first (Mis Pedidos and the back office). */
export async function attemptsOf(db: Database, orderId: number): Promise<Attempt[]> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id));
}
