import { SIGNATURE_VERSION, signatureMatches } from "./signature";
import type { SisCode } from "./sis-codes";

/*
 * What Redsys checks in a signed request before anything else, in its order: the version,
 * readable parameters, the order code, merchant and terminal (to find the key), the
 * signature, then currency, amount and transaction type. Parameter names are matched
 * whatever their case (DS_MERCHANT_ORDER, Ds_Merchant_Order), as Redsys does.
 */

export type StandInConfig = { merchantCode: string; terminal: string; secretKey: string };

/** `field` when the parameters could be read, so that the caller can tell what was asked. */
export type Refused = { ok: false; code: SisCode; order?: string; amount?: number; detail?: string; field?: (name: string) => string | undefined };
export type Accepted = { ok: true; order: string; amount: number; field: (name: string) => string | undefined };

/** Redsys's rule for Ds_Merchant_Order: 4 to 12 characters, the first 4 digits, the rest letters or digits. */
function orderRefusal(order: string | undefined): SisCode | null {
  if (!order) return "SIS0074";
  if (order.length < 4 || order.length > 12) return "SIS0075";
  if (!/^\d{4}/.test(order)) return "SIS0076";
  if (!/^[0-9A-Za-z]+$/.test(order)) return "SIS0014";
  return null;
}

function readParameters(encoded: string): Map<string, string> | SisCode {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return "SIS0430";
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    return "SIS0431";
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "SIS0431";
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    fields.set(key.toLowerCase(), typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return fields;
}

/** Checks a signed request (the browser's form, or a REST body) for one of `transactionTypes`. */
export function checkSignedRequest(body: unknown, config: StandInConfig, transactionTypes: readonly string[]): Accepted | Refused {
  const message = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: encoded, Ds_Signature: signature } = message;
  if (version !== SIGNATURE_VERSION) return { ok: false, code: "SIS0429" };
  if (typeof encoded !== "string" || !encoded) return { ok: false, code: "SIS0430" };
  const fields = readParameters(encoded);
  if (typeof fields === "string") return { ok: false, code: fields };
  const field = (name: string) => fields.get(name.toLowerCase());

  const order = field("DS_MERCHANT_ORDER");
  const orderCode = orderRefusal(order);
  if (orderCode) return { ok: false, code: orderCode, order, field };
  const refuse = (code: SisCode, detail?: string): Refused => ({ ok: false, code, order, detail, field });

  const merchant = field("DS_MERCHANT_MERCHANTCODE");
  if (!merchant) return refuse("SIS0008");
  if (!/^\d{1,9}$/.test(merchant)) return refuse("SIS0009");
  const terminal = field("DS_MERCHANT_TERMINAL");
  if (!terminal) return refuse("SIS0010");
  if (!/^\d{1,3}$/.test(terminal)) return refuse("SIS0011");
  if (merchant !== config.merchantCode || Number(terminal) !== Number(config.terminal)) return refuse("SIS0026");

  if (typeof signature !== "string" || !signatureMatches(config.secretKey, order!, encoded, signature)) return refuse("SIS0042");

  const currency = field("DS_MERCHANT_CURRENCY");
  if (!currency) return refuse("SIS0015");
  if (!/^\d{3}$/.test(currency)) return refuse("SIS0016");
  if (currency !== "978") return refuse("SIS0027", "el terminal de pruebas solo opera en euros (978)");

  const amountText = field("DS_MERCHANT_AMOUNT");
  if (!amountText) return refuse("SIS0018");
  if (!/^\d{1,12}$/.test(amountText) || Number(amountText) <= 0) return refuse("SIS0019", "el importe va en céntimos, solo cifras y mayor que cero");
  const amount = Number(amountText);

  const type = field("DS_MERCHANT_TRANSACTIONTYPE");
  if (!type || !/^[0-9A-Za-z]{1,2}$/.test(type)) return { ok: false, code: "SIS0022", order, amount, field };
  if (!transactionTypes.includes(type)) {
    return { ok: false, code: "SIS0023", order, amount, field, detail: `aquí solo se admite el tipo de operación ${transactionTypes.join(" o ")}` };
  }
  return { ok: true, order: order!, amount, field };
}

/** An absolute http(s) address, or null. */
export function absoluteHttpUrl(text: string | undefined): URL | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
