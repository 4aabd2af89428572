/*
 * Measures the owner types in the product form (kW, dB, litres per minute), with a decimal
 * comma or dot. Amounts of money are read and written by domain/money.ts.
 */

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
