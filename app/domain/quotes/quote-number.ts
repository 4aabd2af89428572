import { documentNumber, parseDocumentNumber } from "../document-numbers";

/*
 * Quote numbers (issue 17): "P2026-000123", series "P" of the shop's numbered documents
 * (domain/document-numbers.ts), one sequence per year, correlative and without gaps (taken in
 * the creating transaction by server/numbering.server.ts).
 */

export function quoteNumber(year: number, sequence: number): string {
  return documentNumber("P", year, sequence);
}

/** The year and sequence of a well-formed number, or null. */
export function parseQuoteNumber(value: string): { year: number; sequence: number } | null {
  return parseDocumentNumber("P", value);
}

export function isQuoteNumber(value: string | undefined): value is string {
  return value !== undefined && parseQuoteNumber(value) !== null;
}
