import { eq } from "drizzle-orm";
import { resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { orders } from "~/server/orders/orders-schema.server";
import { createAttempt } from "~/server/payments/attempts.server";
import { signedMessage } from "~/server/payments/redsys-signature.server";
import { REDSYS_TEST_KEY } from "./redsys-vectors";

/*
 * Redsys as the shop's server-side tests need it: the public test merchant's settings, and
 * notifications signed as Redsys signs them (URL-safe base64, values URL-encoded). The e2e
 * specs use the stand-in (tests/support/redsys-standin) instead, which has its own code.
 */

export const TEST_REDSYS = { merchantCode: "999008881", terminal: "1", secretKey: REDSYS_TEST_KEY };

/** Turns card and Bizum on for this process (config read again). */
export function enableTestRedsys(extra: Record<string, string> = {}): void {
  process.env.REDSYS_MERCHANT_CODE = TEST_REDSYS.merchantCode;
  process.env.REDSYS_TERMINAL = TEST_REDSYS.terminal;
  process.env.REDSYS_SECRET_KEY = TEST_REDSYS.secretKey;
  Object.assign(process.env, extra);
  resetConfigForTests();
}

export type NotificationFacts = { code: string; amountCents: number; response?: string; merchantCode?: string; terminal?: string; currency?: string; key?: string };

/** The three fields Redsys posts, for this attempt and answer ("0000" paid by default). */
export function notification(facts: NotificationFacts) {
  const parameters = {
    Ds_Date: encodeURIComponent("23/11/2026"),
    Ds_Hour: encodeURIComponent("10:15"),
    Ds_SecurePayment: "1",
    Ds_Amount: String(facts.amountCents),
    Ds_Currency: facts.currency ?? "978",
    Ds_Order: facts.code,
    Ds_MerchantCode: facts.merchantCode ?? TEST_REDSYS.merchantCode,
    Ds_Terminal: facts.terminal ?? "001",
    Ds_Response: facts.response ?? "0000",
    Ds_TransactionType: "0",
    Ds_MerchantData: "",
    Ds_AuthorisationCode: (facts.response ?? "0000") === "0000" ? "218048" : "++++++",
    Ds_ConsumerLanguage: "1",
    Ds_Card_Country: "724",
    Ds_Card_Brand: "1",
  };
  const message = signedMessage(facts.key ?? TEST_REDSYS.secretKey, facts.code, parameters);
  return { ...message, Ds_Signature: message.Ds_Signature.replace(/\+/g, "-").replace(/\//g, "_") };
}

/** A card (or Bizum) attempt for an order written by the tests, with its window open until `holdUntil`. */
export async function openAttempt(db: Database, order: { id: number; amountCents: number }, options: { method?: "tarjeta" | "bizum"; now?: Date; holdUntil?: Date } = {}) {
  const now = options.now ?? new Date();
  await db
    .update(orders)
    .set({ holdUntil: options.holdUntil ?? new Date(now.getTime() + 30 * 60_000) })
    .where(eq(orders.id, order.id));
  return db.transaction((tx) => createAttempt(tx, order, options.method ?? "tarjeta", now));
}
