/*
 * Money, in one place (issue 29): the VAT rates, where Spanish VAT applies, the rounding to
 * the cent, price with VAT -> base and VAT, base -> VAT, and how an amount is written and read.
 * Pure and client-safe. Amounts are integer cents everywhere; only the functions at the end
 * turn them into text. Decisions: 0009 (territories, rounding once on the total), 0017 (the
 * reduced 10 %; its conditions live in quotes/quote-vat.ts), 0021 (the written format).
 */

// ---- Rates (Ley 37/1992: art. 90 general, art. 91.Uno.2.10º reduced, art. 21 exports) ----

export const STANDARD_VAT_RATE = 21;
export const REDUCED_VAT_RATE = 10;
/** The rate on an invoice for goods sent to Canarias, Ceuta or Melilla (decision 0009). */
export const EXEMPT_VAT_RATE = 0;

/** A rate charged in Spain: every shop price includes 21 %; work in a dwelling may be at 10 %. */
export type VatRate = typeof STANDARD_VAT_RATE | typeof REDUCED_VAT_RATE;

// ---- Rounding ----

/**
 * numerator / denominator (a positive integer) to the nearest whole cent, halves away from
 * zero, so that a negative amount (a rectifying invoice, a discount) is the mirror of the
 * positive one. Exact for safe integers: no floating point at the half.
 */
export function divideToCents(numerator: number, denominator: number): number {
  const whole = Math.trunc(numerator / denominator);
  const rest = numerator - whole * denominator;
  return whole + (Math.abs(rest) * 2 >= denominator ? Math.sign(rest) : 0);
}

// ---- Base and VAT ----

/** A price that includes VAT at `rate`, without it, to the cent: 121 -> 100 at 21 %. */
export function withoutVatCents(inclusiveCents: number, rate: number = STANDARD_VAT_RATE): number {
  return divideToCents(inclusiveCents * 100, 100 + rate);
}

/** A price with VAT split into base and VAT; the VAT is the rest, so they add up to the price. */
export function splitInclusive(inclusiveCents: number, rate: number = STANDARD_VAT_RATE): { baseCents: number; vatCents: number } {
  const baseCents = withoutVatCents(inclusiveCents, rate);
  return { baseCents, vatCents: inclusiveCents - baseCents };
}

/** The VAT of a base at `rate`, to the cent. */
export function vatOfBase(baseCents: number, rate: number): number {
  return divideToCents(baseCents * rate, 100);
}

/** A base with its VAT at `rate` and the total. */
export function withVat(baseCents: number, rate: number): { vatCents: number; totalCents: number } {
  const vatCents = vatOfBase(baseCents, rate);
  return { vatCents, totalCents: baseCents + vatCents };
}

// ---- Where Spanish VAT applies (decision 0009) ----

export type VatTerritory = "peninsula-baleares" | "canarias" | "ceuta" | "melilla";

/** By the delivery postcode: 35 and 38 Canarias, 51 Ceuta, 52 Melilla (the province list has no Ceuta or Melilla). */
export function territoryOfPostcode(postcode: string): VatTerritory {
  const prefix = postcode.trim().slice(0, 2);
  if (prefix === "35" || prefix === "38") return "canarias";
  if (prefix === "51") return "ceuta";
  if (prefix === "52") return "melilla";
  return "peninsula-baleares";
}

export function chargesSpanishVat(territory: VatTerritory): boolean {
  return territory === "peninsula-baleares";
}

const TERRITORY_NAMES: Record<VatTerritory, string> = {
  "peninsula-baleares": "la Península y Baleares",
  canarias: "Canarias",
  ceuta: "Ceuta",
  melilla: "Melilla",
};

/** As a sentence names it: "Canarias", "la Península y Baleares". */
export function territoryName(territory: VatTerritory): string {
  return TERRITORY_NAMES[territory];
}

// ---- Writing amounts (decision 0021) ----

const NBSP = "\u00a0";

/** Whole euros grouped by dots from four digits, a decimal comma, two decimals: 123456 -> "1.234,56". */
function groupedAmount(cents: number): string {
  const abs = Math.round(Math.abs(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${cents < 0 && abs > 0 ? "-" : ""}${whole},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What people read, on pages, e-mails and PDFs: "1.234,56 €", the non-breaking space keeping
 * the sign with the number. The same text as Intl.NumberFormat("es-ES", { style: "currency",
 * currency: "EUR", useGrouping: "always" }) prints on Node and Chromium (money.test.ts, e2e),
 * written by hand so that no ICU release can change it.
 */
export function formatEuros(cents: number): string {
  return `${groupedAmount(cents)}${NBSP}€`;
}

/**
 * The same amount in a signed canonical text (a quote version, a work report): an ordinary
 * space, as those texts were first hashed; changing it would change every stored hash.
 */
export function canonicalEuros(cents: number): string {
  return `${groupedAmount(cents)} €`;
}

/**
 * A number a Spanish spreadsheet reads as a number, and a form field shows for editing:
 * "1234,56" (decimal comma, no grouping, no € sign; null is an empty cell or field). Every
 * amount column of our CSV files (decision 0021).
 */
export function decimalEuros(cents: number | null): string {
  if (cents === null) return "";
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** For machines: a dot and two decimals, "1234.56", "-12.10" (schema.org prices, the AEAT's amounts). */
export function dotDecimalEuros(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// ---- Reading amounts typed by people ----

/** Amounts typed stay well inside PostgreSQL's integer column (2 147 483 647 cents). */
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
export function parseEuros(input: string): number | null {
  const text = input.trim().replace(/\s*€$/, "").replace(/^€\s*/, "").trim();
  if (text === "") return null;
  const decimal = /^(.*)[.,](\d{1,2})$/.exec(text);
  const [whole, fraction] = decimal ? [decimal[1]!, decimal[2]!] : [text, ""];
  if (!WHOLE.test(whole)) return null;
  const euros = Number(whole.replace(/[. ]/g, ""));
  const cents = euros * 100 + Number(fraction.padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) && cents <= MAX_EUROS_CENTS ? cents : null;
}
