/*
 * Quote numbers (issue 17): "P2026-000123", series "P" of invoice_series, one sequence per
 * year, correlative and without gaps (taken in the creating transaction).
 */

const NUMBER = /^P(\d{4})-(\d{6})$/;

export function quoteNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new Error(`año de presupuesto no válido: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 999_999) throw new Error(`número de presupuesto no válido: ${sequence}`);
  return `P${year}-${String(sequence).padStart(6, "0")}`;
}

/** The year and sequence of a well-formed number, or null. */
export function parseQuoteNumber(value: string): { year: number; sequence: number } | null {
  const match = NUMBER.exec(value);
  if (!match) return null;
  const sequence = Number(match[2]);
  return sequence >= 1 ? { year: Number(match[1]), sequence } : null;
}

export function isQuoteNumber(value: string | undefined): value is string {
  return value !== undefined && parseQuoteNumber(value) !== null;
}
