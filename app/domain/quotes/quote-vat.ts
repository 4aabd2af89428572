import { REDUCED_VAT_RATE, STANDARD_VAT_RATE, type VatRate } from "../money";

/*
 * The VAT rate of a quote's alternative (issue 17, decision 0017): 21 % by default; 10 % for
 * renovation or repair work in a dwelling (art. 91.Uno.2.10º of Ley 37/1992) only when
 *   1. the customer is a private person using it as a home, or a community of owners;
 *   2. the dwelling was finished, or last renovated, more than two years before;
 *   3. the materials the installer supplies cost at most 40 % of the tax base.
 * The quote checks 3 itself, with the materials' price as an upper bound of their cost (so
 * the test never grants 10 % wrongly); the customer confirms 1 and 2 when accepting.
 */

/** Materials may be at most this percentage of the tax base. */
export const MATERIALS_LIMIT_PERCENT = 40;

/** Condition 3: materials <= 40 % of the base, in integers (no floating point at the boundary). */
export function materialsWithinLimit(materialsCents: number, baseCents: number): boolean {
  if (baseCents <= 0) return false;
  return Math.max(materialsCents, 0) * 100 <= baseCents * MATERIALS_LIMIT_PERCENT;
}

/** Whether the reduced rate may apply, before the customer's confirmation of conditions 1 and 2. */
export function reducedVatPossible(input: { dwellingRenovation: boolean; materialsCents: number; baseCents: number }): boolean {
  return input.dwellingRenovation && materialsWithinLimit(input.materialsCents, input.baseCents);
}

/**
 * The rate charged, the one place the 10 % is granted: only when the quote allows it
 * (`reducedVatPossible`) and the customer confirmed conditions 1 and 2; otherwise 21 %.
 */
export function vatRateFor(input: { reducedPossible: boolean; customerConfirmed: boolean }): VatRate {
  return input.reducedPossible && input.customerConfirmed ? REDUCED_VAT_RATE : STANDARD_VAT_RATE;
}

/**
 * The rate of a stored acceptance: quote_responses.reduced_vat_confirmed is written true only
 * when `vatRateFor` granted 10 % (server/quotes/quote-answers.server.ts), so the flag is the rate.
 */
export function acceptedVatRate(reducedVatConfirmed: boolean): VatRate {
  return reducedVatConfirmed ? REDUCED_VAT_RATE : STANDARD_VAT_RATE;
}

/** The two conditions the customer confirms, as the page and the PDF word them. */
export const REDUCED_VAT_CONDITIONS = [
  "Soy un particular y la vivienda es para uso particular (o contrata una comunidad de propietarios).",
  "La vivienda se terminó, o se rehabilitó por última vez, hace más de dos años.",
] as const;
