import { createCipheriv, createHmac, timingSafeEqual } from "node:crypto";

/*
 * Redsys's signature, version HMAC_SHA256_V1 (issue 12), as its integration guide describes:
 *
 * 1. The parameters travel as base64 of a JSON object (Ds_MerchantParameters).
 * 2. A key per order: the order code (Ds_Order), padded with zero bytes to a multiple of 8,
 *    encrypted with 3DES in CBC mode, a zero IV and no other padding, under the shop's key
 *    (the base64 "clave SHA-256" the bank gives, 24 bytes).
 * 3. The signature: HMAC-SHA256 of the base64 parameters text under that key, in base64.
 *    Our requests carry standard base64; Redsys's notifications carry the URL-safe alphabet.
 *
 * Pure functions of their inputs; the key is only ever an argument, never logged.
 */

export const SIGNATURE_VERSION = "HMAC_SHA256_V1";

/** The three fields of every signed message, named as Redsys names them. */
export type SignedMessage = {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
};

/** Step 2: the order's key, 3DES-CBC of the zero-padded order code. */
export function orderKey(secretKey: string, order: string): Buffer {
  const key = Buffer.from(secretKey, "base64");
  const data = Buffer.from(order, "utf8");
  const padded = Buffer.alloc(Math.ceil(data.length / 8) * 8);
  data.copy(padded);
  const cipher = createCipheriv("des-ede3-cbc", key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

function mac(secretKey: string, order: string, parameters: string): Buffer {
  return createHmac("sha256", orderKey(secretKey, order)).update(parameters, "utf8").digest();
}

/** Step 3, standard base64: the signature of a request we send. */
export function sign(secretKey: string, order: string, parameters: string): string {
  return mac(secretKey, order, parameters).toString("base64");
}

/**
 * Whether `signature` (standard or URL-safe base64) is the signature of `parameters` for
 * `order`. The text is compared, not its decoded bytes, so that only the one canonical
 * spelling passes; in constant time, so a forger learns nothing from timing.
 */
export function verify(secretKey: string, order: string, parameters: string, signature: string): boolean {
  const given = Buffer.from(signature.replace(/-/g, "+").replace(/_/g, "/"), "utf8");
  const expected = Buffer.from(sign(secretKey, order, parameters), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Step 1: the parameters of a request, as Redsys expects them (every value a string). */
export function encodeParameters(parameters: Record<string, string>): string {
  return Buffer.from(JSON.stringify(parameters), "utf8").toString("base64");
}

/**
 * The parameters of a message from Redsys (standard or URL-safe base64 of JSON), with every
 * value as a string and URL-decoded ("28%2F05%2F2018" becomes "28/05/2018"), or null when
 * the text is not such an object.
 */
export function decodeParameters(text: string): Record<string, string> | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || typeof value === "object") continue;
    out[key] = urlDecoded(String(value));
  }
  return out;
}

/** %XX sequences only: Redsys writes a denied authorisation code as "++++++", plus signs kept. */
function urlDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A parameter by name whatever its case (Redsys writes Ds_Order in answers, DS_MERCHANT_ORDER in requests). */
export function param(parameters: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(parameters)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** A signed message carrying `parameters`, for `order` (the signature's key). */
export function signedMessage(secretKey: string, order: string, parameters: Record<string, string>): SignedMessage {
  const encoded = encodeParameters(parameters);
  return { Ds_SignatureVersion: SIGNATURE_VERSION, Ds_MerchantParameters: encoded, Ds_Signature: sign(secretKey, order, encoded) };
}

export type VerifiedMessage = { ok: true; parameters: Record<string, string>; order: string } | { ok: false; reason: string };

/**
 * Checks a message from Redsys (a notification, a REST answer): version, readable
 * parameters with an order code, and the signature under that order's key. The reason of a
 * refusal is for the log, in Spanish, and never holds the key.
 */
export function verifyMessage(secretKey: string, message: Partial<Record<keyof SignedMessage, unknown>>): VerifiedMessage {
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: encoded, Ds_Signature: signature } = message;
  if (version !== SIGNATURE_VERSION) return { ok: false, reason: "versión de firma desconocida" };
  if (typeof encoded !== "string" || typeof signature !== "string" || !encoded || !signature) return { ok: false, reason: "faltan los parámetros o la firma" };
  const parameters = decodeParameters(encoded);
  if (!parameters) return { ok: false, reason: "parámetros ilegibles" };
  const order = param(parameters, "Ds_Order");
  if (!order) return { ok: false, reason: "los parámetros no traen Ds_Order" };
  if (!verify(secretKey, order, encoded, signature)) return { ok: false, reason: "firma incorrecta" };
  return { ok: true, parameters, order };
}
