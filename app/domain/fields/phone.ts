import { zodCheck } from "./zod-check";

/*
 * Spanish phone numbers, each shape said once (decision 0023):
 * - the order form's "telefono", as spec section 5 words it: 2 or 3 digits, an optional hyphen
 *   or space, then 6 or 7 digits ("600 123456", "91-2345678");
 * - every other phone the shop calls back (the free visit, the quote editor, the shop's own
 *   numbers in configuration): a Spanish number of nine digits, with or without +34 (or 0034),
 *   spaced as people write it ("600 12 34 56", "+34 912 345 678").
 * The contact form checks no phone at all (spec section 5), so a number from it may be anything:
 * the links (tel:, WhatsApp) read it with internationalDigits.
 */

export const ORDER_FORM_PHONE_MESSAGE =
  "Escriba el teléfono con 2 o 3 cifras, un espacio o guion si quiere, y 6 o 7 cifras más (p. ej. 600 123456).";
export const PHONE_MESSAGE = "Escriba un teléfono válido, de 9 cifras (con o sin +34).";

/** Spec section 5, the order form's telefono: 2-3 digits, an optional hyphen or space, 6-7 digits. */
export function isOrderFormPhone(value: string): boolean {
  return /^\d{2,3}[- ]?\d{6,7}$/.test(value.trim());
}

/** Nine digits that start as Spanish numbers do (6, 7, 8 or 9), after an optional +34 or 0034. */
export function isSpanishPhone(value: string): boolean {
  const compact = value.trim().replace(/[\s().-]/g, "");
  return /^(?:(?:\+|00)34)?[6-9]\d{8}$/.test(compact);
}

/** The national digits of a Spanish number however it was typed: "+34 912 345 678" -> "912345678". */
export function nationalDigits(phone: string): string {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  return digits.length > 9 && digits.startsWith("34") ? digits.slice(2) : digits;
}

/**
 * The number with its country code and no "+", as tel: and WhatsApp links want it: a Spanish
 * number gets 34 (spec: "Phone prefix +34"); one typed with another country's + or 00 keeps it.
 */
export function internationalDigits(phone: string): string {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  if (typed.startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
  return `34${nationalDigits(typed)}`;
}

/** The Zod check of the order form's telefono (zod and zod/mini alike), run after trimming. */
export function orderFormPhoneCheck() {
  return zodCheck(isOrderFormPhone, ORDER_FORM_PHONE_MESSAGE);
}

/** The Zod check of any other phone field; `optional`: an empty field passes. */
export function phoneCheck({ optional = false, message = PHONE_MESSAGE }: { optional?: boolean; message?: string } = {}) {
  return zodCheck((value) => (optional && value === "") || isSpanishPhone(value), message);
}
