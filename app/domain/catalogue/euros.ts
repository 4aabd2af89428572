/*
 * Amounts the owner types in euros (the product form, the CSV price list), stored as integer
 * cents. One reader for both, so "1.234,56" means the same thing everywhere.
 */

/** Prices stay well inside PostgreSQL's integer column (2 147 483 647 cents). */
export const MAX_EUROS_CENTS = 99_999_999;

/** Thousands grouped by a dot or a space ("1.234.567"), or no grouping at all ("1234567"). */
const WHOLE = /^(?:\d{1,3}(?:([. ])\d{3})(?:\1\d{3})*|\d+)$/;

/**
 * Cents from "1.234,56", "1234,56", "1234.56", "1 234,56", "1234", "1.234" or "12,5 €".
 * The last comma or dot followed by one or two digits is the decimal separator; a dot
 * followed by exactly three digits groups thousands (Spanish writing: "1.234" is 1234 €).
 * Anything else (three decimals, a minus sign, letters, "1,234,56") is null: the caller
 * says what was wrong, nothing is guessed.
 */
export function parseEurosToCents(input: string): number | null {
  const text = input.trim().replace(/\s*€$/, "").replace(/^€\s*/, "").trim();
  if (text === "") return null;
  const decimal = /^(.*)[.,](\d{1,2})$/.exec(text);
  const [whole, fraction] = decimal ? [decimal[1]!, decimal[2]!] : [text, ""];
  if (!WHOLE.test(whole)) return null;
  const euros = Number(whole.replace(/[. ]/g, ""));
  const cents = euros * 100 + Number(fraction.padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) && cents <= MAX_EUROS_CENTS ? cents : null;
}

/** What a form field shows for stored cents: "1234,56" (no grouping, easy to edit). */
export function centsToEurosInput(cents: number | null): string {
  if (cents === null) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A measure typed with a decimal comma or dot ("11,5", "2.5"), for the technical fields.
 * No grouping here: nobody writes a kW or a decibel figure with thousands.
 */
export function parseDecimal(input: string): number | null {
  const text = input.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(text)) return null;
  const value = Number(text.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/** "11,5" for 11.5: how a stored measure goes back into its field. */
export function decimalToInput(value: number | null): string {
  return value === null ? "" : String(value).replace(".", ",");
}
