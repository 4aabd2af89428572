/*
 * The shop's numbered documents (decision 0022): a letter for the series, the year, a hyphen
 * and six digits of a sequence that runs per series and year, correlative and without gaps
 * (issue 13 for invoices, issue 17 for quotes): "F2026-000123". The numbers are taken by
 * server/numbering.server.ts; this is how they are written and read.
 *
 *   F: complete invoices (orders, and a job's deposit and final balance);
 *   R: rectifying invoices;
 *   P: written quotes.
 */
export const DOCUMENT_SERIES = ["F", "R", "P"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

const MAX_SEQUENCE = 999_999;

/** "F2026-000123". Throws on a year or sequence that does not fit the six-digit format. */
export function documentNumber(series: DocumentSeries, year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new Error(`año no válido para la serie ${series}: ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_SEQUENCE) throw new Error(`número no válido para la serie ${series}: ${sequence}`);
  return `${series}${year}-${String(sequence).padStart(6, "0")}`;
}

/** The year and sequence of a well-formed number of `series`, or null. */
export function parseDocumentNumber(series: DocumentSeries, value: string): { year: number; sequence: number } | null {
  const match = /^([A-Z])(\d{4})-(\d{6})$/.exec(value);
  if (!match || match[1] !== series) return null;
  const sequence = Number(match[3]);
  return sequence >= 1 ? { year: Number(match[2]), sequence } : null;
}
