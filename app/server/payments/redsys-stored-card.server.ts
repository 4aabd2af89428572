import { isAuthorised, REDSYS_ORDER_PATTERN } from "~/domain/payments/redsys-codes";
import { isCardIdentifier, isCofTxnId } from "~/domain/payments/stored-card";
import type { RedsysConfig } from "../config.server";
import { log } from "../log.server";
import { callRedsysRest, outcomeOf, type RestOutcome } from "./redsys-rest.server";

/*
 * Charging a card that Redsys keeps for us ("pago por referencia", Credential on File; issue
 * 31), as Redsys documents stored credentials:
 *
 * - The first payment is the customer's own (CIT), through the usual redirection, with
 *   FIRST_PAYMENT_STORES_CARD added to its form: Redsys authenticates the customer (3-D
 *   Secure) and, if authorised, notifies the reference, the expiry and the network's id of
 *   that transaction (storedCardFrom in domain/payments/stored-card.ts reads them).
 * - Each renewal is the merchant's (MIT), over REST with no customer present: a new order
 *   code, the reference, COF_INI=N, the same COF_TYPE, the first transaction's id, the MIT
 *   exemption from strong authentication and DIRECTPAYMENT=true, because nobody is there to
 *   answer a 3-D Secure challenge.
 *
 * COF_TYPE is R (recurring: a renewal of a fixed plan, agreed at the first payment).
 */

/** Extra parameters of a first payment that asks Redsys to keep the card (transaction type 0). */
export const FIRST_PAYMENT_STORES_CARD = { DS_MERCHANT_IDENTIFIER: "REQUIRED", DS_MERCHANT_COF_INI: "S", DS_MERCHANT_COF_TYPE: "R" } as const;

export const CHARGE_TIMEOUT_MS = 20_000;

export type StoredCardCharge = {
  /** A new Redsys order code (REDSYS_ORDER_PATTERN), never used before, for this charge. */
  code: string;
  amountCents: number;
  /** The stored card's identifier and cofTxnId, as storedCardFrom read them. */
  identifier: string;
  cofTxnId: string;
  /** What the bank's portal shows, cut to Redsys's 125 characters. */
  description: string;
};

/**
 * "done": authorised (0000-0099), with the authorisation code; "refused": a verified denial
 * (its Spanish meaning says why: 0116 no funds, 0101 expired card...) or a SIS error, nothing
 * charged; "unknown": the card may or may not have been charged, only the bank's portal can
 * tell, so the caller must not charge again with a new order code.
 */
export type ChargeOutcome = RestOutcome;

export async function chargeStoredCard(
  cfg: RedsysConfig,
  { code, amountCents, identifier, cofTxnId, description }: StoredCardCharge,
  fetchImpl: typeof fetch = fetch,
  { timeoutMs = CHARGE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<ChargeOutcome> {
  // Bad values are programming errors (or a corrupted record): thrown, never sent.
  if (!REDSYS_ORDER_PATTERN.test(code)) throw new Error("chargeStoredCard: código de pedido de Redsys no válido");
  if (!isCardIdentifier(identifier) || !isCofTxnId(cofTxnId)) throw new Error("chargeStoredCard: referencia o identificador de la operación inicial no válidos");
  const extra: Record<string, string> = {
    DS_MERCHANT_IDENTIFIER: identifier,
    DS_MERCHANT_COF_INI: "N",
    DS_MERCHANT_COF_TYPE: FIRST_PAYMENT_STORES_CARD.DS_MERCHANT_COF_TYPE,
    DS_MERCHANT_COF_TXNID: cofTxnId,
    DS_MERCHANT_EXCEP_SCA: "MIT",
    DS_MERCHANT_DIRECTPAYMENT: "true",
  };
  if (description.trim()) extra.DS_MERCHANT_PRODUCTDESCRIPTION = description.trim().slice(0, 125);

  const answer = await callRedsysRest(cfg, { code, amountCents, transactionType: "0", extra }, fetchImpl, timeoutMs);
  const outcome = outcomeOf(answer, isAuthorised);
  // The reference and the transaction id stay out of the log: they are what charges the card.
  const line = { order: code, amountCents, outcome: outcome.kind, ...(outcome.kind === "unknown" ? { reason: outcome.reason } : { code: outcome.code }) };
  const logger = log("payments");
  if (outcome.kind === "done") logger.info(line, "cobro con tarjeta guardada autorizado por Redsys");
  else logger.warn(line, outcome.kind === "refused" ? "cobro con tarjeta guardada rechazado" : "cobro con tarjeta guardada sin respuesta fiable de Redsys");
  return outcome;
}
