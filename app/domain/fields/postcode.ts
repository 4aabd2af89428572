import { zodCheck } from "./zod-check";

/*
 * Spanish postcodes (spec section 5: "a valid 5-digit Spanish postal code (01000 to 52999)"),
 * the one rule of every form and check that takes one: the order form, the coverage check,
 * the quote editor and the configuration's service area. No I/O: the browser runs it too.
 */

const LOWEST = 1000; // 01000, Álava
const HIGHEST = 52999; // 52999, Melilla

export const POSTCODE_MESSAGE = "Escriba un código postal español de 5 cifras (de 01000 a 52999).";

/** Five digits from 01000 to 52999; spaces around are ignored, spaces inside are not. */
export function isValidPostcode(value: string): boolean {
  const cp = value.trim();
  if (!/^\d{5}$/.test(cp)) return false;
  const number = Number(cp);
  return number >= LOWEST && number <= HIGHEST;
}

/** A postcode as typed in a free field, without spaces: "28 001" -> "28001"; null unless a Spanish postcode. */
export function normalizePostcode(value: string): string | null {
  const compact = value.replace(/\s+/g, "");
  return isValidPostcode(compact) ? compact : null;
}

/** A prefix of configuration: 1 to 5 digits that some Spanish postcode starts with ("28", "191"). */
export function isPostcodePrefix(value: string): boolean {
  if (!/^\d{1,5}$/.test(value)) return false;
  return Number(value.padEnd(5, "9")) >= LOWEST && Number(value.padEnd(5, "0")) <= HIGHEST;
}

/**
 * The Zod check of a postcode field, for zod and zod/mini schemas alike (`.check(...)`), run
 * after the field is trimmed. `optional`: an empty field passes (the quote editor's).
 */
export function postcodeCheck({ optional = false, message = POSTCODE_MESSAGE }: { optional?: boolean; message?: string } = {}) {
  return zodCheck((value) => (optional && value === "") || isValidPostcode(value), message);
}
