/*
 * Amounts and quantities of a quote written the same way everywhere (the page, the PDF, the
 * hashed text), without Intl: the hashed text must not change with the ICU of a Node release.
 * Its days: formatYmd (app/domain/dates/madrid-dates.ts), also without Intl.
 */

/** 123456 -> "1.234,56 €"; -500 -> "-5,00 €". */
export function euros(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${whole},${String(abs % 100).padStart(2, "0")} €`;
}

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

/** "1.234,56" or "1234,56" or "1234.56" -> cents; null when unreadable. */
export function parseEuros(text: string): number | null {
  const clean = text.replace(/[\s€]/g, "");
  if (!clean) return null;
  let normal = clean;
  if (clean.includes(",")) normal = clean.replace(/\./g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  const [whole, fraction = ""] = normal.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** "1,5" or "1.5" or "2" -> thousandths; null when unreadable or with more than 3 decimals. */
export function parseQuantity(text: string): number | null {
  const normal = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,3})?$/.test(normal)) return null;
  const [whole, fraction = ""] = normal.split(".");
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
  return Number.isSafeInteger(milli) ? milli : null;
}

/** Cents as the editor's fields show them: 123456 -> "1234,56". */
export function eurosField(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
