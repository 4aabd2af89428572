/*
 * The shop's SEPA creditor identifier (AT-02 of the EPC SDD rulebook; in Spain "identificador
 * de acreedor", given by the bank that takes the shop's direct debits): country, two check
 * digits, a three-character business code the creditor chooses (banks suggest "000"), and
 * the national identifier, for a Spanish creditor its NIF. The check digits are ISO 7064
 * mod 97-10 over the national id, the country and "00", the business code left out, so a
 * creditor may change its business code without a new identifier.
 */
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";
import { mod97CheckDigits } from "./iso7064";

export type CreditorIdCheck = { ok: true; creditorId: string; nif: string; businessCode: string } | { ok: false; message: string };

const BUSINESS_CODE = /^[A-Z0-9]{3}$/;

/** " es11-000-b12345674 " -> "ES11000B12345674". */
export function normalizeCreditorId(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

/** The check digits of a creditor identifier: ("DE", "09999999999") -> "98", as in DE98ZZZ09999999999. */
export function creditorIdCheckDigits(country: string, nationalId: string): string {
  return mod97CheckDigits(`${nationalId}${country}`);
}

/** The identifier of a Spanish creditor from its NIF ("B12345674", "000" -> "ES11000B12345674"). */
export function spanishCreditorId(nif: string, businessCode = "000"): string {
  const id = normalizeSpanishId(nif);
  const code = businessCode.toUpperCase();
  if (!isValidSpanishId(id)) throw new RangeError(`NIF no válido para el identificador de acreedor: ${JSON.stringify(nif)}`);
  if (!BUSINESS_CODE.test(code)) throw new RangeError(`El sufijo del acreedor son tres letras o cifras: ${JSON.stringify(businessCode)}`);
  return `ES${creditorIdCheckDigits("ES", id)}${code}${id}`;
}

export function checkSpanishCreditorId(value: string): CreditorIdCheck {
  const creditorId = normalizeCreditorId(value);
  const match = /^ES(\d{2})([A-Z0-9]{3})([A-Z0-9]{9})$/.exec(creditorId);
  if (!match) return { ok: false, message: "El identificador de acreedor tiene 16 caracteres: ES, dos dígitos, el sufijo (000) y el NIF." };
  const [, digits, businessCode, nif] = match as unknown as [string, string, string, string];
  if (!isValidSpanishId(nif)) return { ok: false, message: "El NIF del identificador de acreedor no es válido." };
  if (digits !== creditorIdCheckDigits("ES", nif)) return { ok: false, message: "El identificador de acreedor no es válido: revise los dos dígitos de después de ES." };
  return { ok: true, creditorId, nif, businessCode };
}

export function isValidSpanishCreditorId(value: string): boolean {
  return checkSpanishCreditorId(value).ok;
}
