/*
 * Quantities, days and percentages of a quote written the same way everywhere (the page, the
 * PDF, the hashed text), without Intl: the hashed text must not change with the ICU of a Node
 * release. Amounts are written by domain/money.ts (canonicalEuros in the hashed text); days by
 * formatYmd (app/domain/dates/madrid-dates.ts), also without Intl.
 */

/** 1500 -> "1,5"; 2000 -> "2"; 1250 -> "1,25". */
export function quantity(milli: number): string {
  const sign = milli < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(milli));
  const whole = String(Math.floor(abs / 1000)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const fraction = String(abs % 1000).padStart(3, "0").replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `,${fraction}` : ""}`;
}

/** Hundredths of a percent (4000) -> "40,00 %". */
export function percentBasis(basis: number): string {
  return `${Math.floor(basis / 100)},${String(basis % 100).padStart(2, "0")} %`;
}

/** "1,5" or "1.5" or "2" -> thousandths; null when unreadable or with more than 3 decimals. */
export function parseQuantity(text: string): number | null {
  const normal = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,3})?$/.test(normal)) return null;
  const [whole, fraction = ""] = normal.split(".");
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
  return Number.isSafeInteger(milli) ? milli : null;
}
