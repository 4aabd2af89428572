import { randomBytes } from "node:crypto";
import type { SisCode } from "./sis-codes";
import type { Method, StandInState, StoredCard } from "./state";

/*
 * Stored cards ("pago por referencia", Credential on File; issue 31), as Redsys documents
 * them. A first payment through the redirection asks for a reference with
 * DS_MERCHANT_IDENTIFIER=REQUIRED, DS_MERCHANT_COF_INI=S and a DS_MERCHANT_COF_TYPE; once
 * authorised, the notification carries the reference (Ds_Merchant_Identifier), the card's
 * expiry (Ds_ExpiryDate, AAMM), the network's id of that transaction (Ds_Merchant_Cof_Txnid)
 * and the masked number. Later charges quote the reference and that id over REST
 * (rest-charge.ts). A refusal with a detail is the stand-in being stricter than Redsys, where
 * the shop has no business sending something; the page says so.
 */

/** Redsys's public test card, as the stand-in keeps it: masked, with a far expiry. */
export const TEST_CARD = { maskedNumber: "454881******0004", expiry: "4912" } as const;

/** DS_MERCHANT_COF_TYPE: instalments, recurring, reauthorisation, resubmission, delayed, incremental, no-show, other. */
export const COF_TYPES: readonly string[] = ["I", "R", "H", "E", "D", "M", "N", "C"];

export type CofRefusal = { code: SisCode; detail?: string };

/** Why the redirection's COF parameters would be refused, or null (no COF, or a sound request for a reference). */
export function firstPaymentCofRefusal(field: (name: string) => string | undefined, method: Method): CofRefusal | null {
  const identifier = field("DS_MERCHANT_IDENTIFIER");
  const ini = field("DS_MERCHANT_COF_INI");
  const type = field("DS_MERCHANT_COF_TYPE");
  if (!identifier) {
    if (ini || type || field("DS_MERCHANT_COF_TXNID")) return { code: "SIS0186", detail: "DS_MERCHANT_COF_* sin DS_MERCHANT_IDENTIFIER=REQUIRED: la tienda no guarda tarjetas, las guarda Redsys" };
    return null;
  }
  if (identifier.toUpperCase() !== "REQUIRED") return { code: "SIS0274", detail: "el simulador no paga con una referencia en la redirección, solo la crea con REQUIRED" };
  if (method !== "tarjeta") return { code: "SIS0274", detail: "solo se guarda una tarjeta: DS_MERCHANT_IDENTIFIER=REQUIRED no vale con Bizum" };
  if (ini !== "S") return { code: "SIS0186", detail: "pedir una referencia es la primera operación COF: DS_MERCHANT_COF_INI=S" };
  if (!type) return { code: "SIS0186", detail: "falta DS_MERCHANT_COF_TYPE" };
  if (!COF_TYPES.includes(type)) return { code: "SIS0802" };
  return null;
}

/** Fifteen digits, as a card network's transaction id looks. */
function newCofTxnId(): string {
  return Array.from(randomBytes(15), (byte, i) => (i === 0 ? 1 + (byte % 9) : byte % 10)).join("");
}

/** Keeps the test card for this merchant; the fields its first payment's notification adds. */
export function keepCard(state: StandInState): Record<string, string> {
  const card: StoredCard = {
    identifier: randomBytes(20).toString("hex"),
    merchantCode: state.config.merchantCode,
    cofTxnId: newCofTxnId(),
    expiry: TEST_CARD.expiry,
    maskedNumber: TEST_CARD.maskedNumber,
  };
  state.storedCards.set(card.identifier, card);
  return { Ds_Card_Number: card.maskedNumber, Ds_ExpiryDate: card.expiry, Ds_Merchant_Identifier: card.identifier, Ds_Merchant_Cof_Txnid: card.cofTxnId };
}
