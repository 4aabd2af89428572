import { createCipheriv, createHmac, timingSafeEqual } from "node:crypto";

/*
 * The stand-in's own HMAC_SHA256_V1 code, written apart from the shop's
 * (app/server/payments/redsys-signature.server.ts) on purpose: if both shared one mistake,
 * the tests would pass and the real Redsys would refuse every payment. The tests check
 * both against the vectors published with Redsys's test key.
 */

export const SIGNATURE_VERSION = "HMAC_SHA256_V1";

export type SignedFields = { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };

/** 3DES (EDE, CBC, IV of zeros) of the order code padded with zero bytes to whole 8-byte blocks. */
export function deriveOrderKey(secretKeyBase64: string, order: string): Buffer {
  const plain = Buffer.from(order, "utf8");
  const blocks = Buffer.concat([plain, Buffer.alloc((8 - (plain.length % 8)) % 8)]);
  const des = createCipheriv("des-ede3-cbc", Buffer.from(secretKeyBase64, "base64"), Buffer.alloc(8, 0));
  des.setAutoPadding(false);
  return Buffer.concat([des.update(blocks), des.final()]);
}

/** HMAC-SHA256 of the base64 parameters text (as sent, not decoded) under the order's key, standard base64. */
export function computeSignature(secretKeyBase64: string, order: string, merchantParameters: string): string {
  return createHmac("sha256", deriveOrderKey(secretKeyBase64, order)).update(merchantParameters, "utf8").digest("base64");
}

/** Redsys signs what it sends to the shop's URLs in the URL-safe alphabet. */
export function toUrlSafe(base64: string): string {
  return base64.replace(/\+/g, "-").replace(/\//g, "_");
}

/** Whether `given` (either alphabet) is the signature of `merchantParameters` for `order`. */
export function signatureMatches(secretKeyBase64: string, order: string, merchantParameters: string, given: string): boolean {
  const expected = Buffer.from(computeSignature(secretKeyBase64, order, merchantParameters));
  const actual = Buffer.from(given.replace(/-/g, "+").replace(/_/g, "/"));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Base64 of the JSON text, key order kept (the signature covers the text). */
export function encodeJson(value: Record<string, string>): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64");
}

/** A signed message; `urlSafe` for what goes to the shop's notification and return URLs. */
export function signFields(secretKeyBase64: string, order: string, parameters: Record<string, string>, urlSafe: boolean): SignedFields {
  const encoded = encodeJson(parameters);
  const signature = computeSignature(secretKeyBase64, order, encoded);
  return { Ds_SignatureVersion: SIGNATURE_VERSION, Ds_MerchantParameters: encoded, Ds_Signature: urlSafe ? toUrlSafe(signature) : signature };
}

/** Whether the text is a usable Redsys secret: base64 of the 24 bytes of a 3DES key. */
export function isSecretKey(text: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, "base64").length === 24;
}
