import { isAuthorised } from "./redsys-codes";

/*
 * A card kept by Redsys for later charges ("pago por referencia", Credential on File; issue
 * 31). The customer's first payment asks Redsys for a reference (DS_MERCHANT_IDENTIFIER=
 * REQUIRED); an authorised notification then brings the reference, the card's expiry and the
 * card network's id of that first transaction, which every later charge quotes so that the
 * issuer can tie it to the payment the customer authenticated. The shop never sees the card
 * number: at most its last four digits, when the terminal sends a masked one.
 */

/** The checkout's consent (issue 31): what the customer agrees to when Redsys keeps the card. */
export const KEEP_CARD_LABEL = "Renovar cada año mi plan de mantenimiento con esta tarjeta";
export const KEEP_CARD_HELP =
  "Redsys guarda la tarjeta (nosotros nunca vemos su número) y le cargaremos la renovación del plan el día que toque. Le avisaremos 30 días antes, con el importe, y puede cambiar la forma de pago o cancelar el plan cuando quiera en «Mis equipos».";

export type StoredCard = {
  /** Ds_Merchant_Identifier: Redsys's reference, usable only by our merchant code. */
  identifier: string;
  /** Ds_Merchant_Cof_Txnid: quoted as DS_MERCHANT_COF_TXNID in every later charge. */
  cofTxnId: string;
  /** YYYY-MM; the card works until the end of that month. */
  expiry: string;
  maskedCard?: { last4: string; brand: string | null };
};

// Redsys refuses references longer than 40 positions (SIS0541); both are letters and digits.
const IDENTIFIER = /^[0-9A-Za-z]{1,40}$/;
const COF_TXNID = /^[0-9A-Za-z]{1,40}$/;

/** A reference Redsys could have issued ("REQUIRED" is the request for one, not one). */
export function isCardIdentifier(text: string): boolean {
  return IDENTIFIER.test(text) && text.toUpperCase() !== "REQUIRED";
}

export function isCofTxnId(text: string): boolean {
  return COF_TXNID.test(text);
}

/** Ds_Card_Brand, from Redsys's table; an unknown code shows no brand. */
const BRANDS: Record<string, string> = { "1": "Visa", "2": "Mastercard", "6": "Diners", "8": "American Express", "9": "JCB", "22": "UnionPay" };

/** Redsys writes Ds_Merchant_Identifier in notifications; match names whatever their case. */
function valueOf(parameters: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(parameters)) if (key.toLowerCase() === wanted) return value.trim();
  return undefined;
}

/** Ds_ExpiryDate is AAMM (year, then month): "4912" is December 2049. */
function expiryFrom(text: string | undefined): string | null {
  const match = /^(\d{2})(\d{2})$/.exec(text ?? "");
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `20${match[1]}-${match[2]}` : null;
}

/** Only a masked number counts ("454881******0004"); a whole card number is never kept. */
function maskedCardFrom(parameters: Record<string, string>): StoredCard["maskedCard"] {
  const number = valueOf(parameters, "Ds_Card_Number") ?? valueOf(parameters, "Ds_CardNumber");
  const match = /^\d{0,8}[*Xx]{4,}(\d{4})$/.exec(number ?? "");
  if (!match || number!.length < 12 || number!.length > 19) return undefined;
  return { last4: match[1]!, brand: BRANDS[valueOf(parameters, "Ds_Card_Brand") ?? ""] ?? null };
}

/**
 * The stored card in the parameters of a verified notification, or null when the payment was
 * not authorised or any of the three values is missing or malformed: a card we could not
 * charge later is no card at all.
 */
export function storedCardFrom(parameters: Record<string, string>): StoredCard | null {
  if (!isAuthorised(valueOf(parameters, "Ds_Response") ?? "")) return null;
  const identifier = valueOf(parameters, "Ds_Merchant_Identifier") ?? "";
  const cofTxnId = valueOf(parameters, "Ds_Merchant_Cof_Txnid") ?? "";
  const expiry = expiryFrom(valueOf(parameters, "Ds_ExpiryDate"));
  if (!isCardIdentifier(identifier) || !isCofTxnId(cofTxnId) || !expiry) return null;
  const maskedCard = maskedCardFrom(parameters);
  return maskedCard ? { identifier, cofTxnId, expiry, maskedCard } : { identifier, cofTxnId, expiry };
}

/** A card whose expiry (YYYY-MM) is not before the month of `day` (YYYY-MM-DD) can still be charged that day. */
export function cardUsableOn(expiry: string, day: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(expiry) && expiry >= day.slice(0, 7);
}

/** How e-mails and pages name a kept card: «Visa terminada en 0004», «tarjeta terminada en 0004», «tarjeta guardada». */
export function cardLabel(card: { brand: string | null; last4: string | null }): string {
  if (!card.last4) return card.brand ? `${card.brand} guardada` : "tarjeta guardada";
  return `${card.brand ?? "tarjeta"} terminada en ${card.last4}`;
}

/** MM/AAAA, as the card shows its expiry. */
export function cardExpiryText(expiry: string): string {
  return `${expiry.slice(5, 7)}/${expiry.slice(0, 4)}`;
}

/** The parameters of a notification without what charges the card: kept only in stored_cards. */
export function withoutCardCredentials(parameters: Record<string, string>): Record<string, string> {
  const secret = new Set(["ds_merchant_identifier", "ds_merchant_cof_txnid"]);
  return Object.fromEntries(Object.entries(parameters).filter(([key]) => !secret.has(key.toLowerCase())));
}
