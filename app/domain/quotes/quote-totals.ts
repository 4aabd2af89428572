import { divideToCents, REDUCED_VAT_RATE, STANDARD_VAT_RATE, withVat, type VatRate } from "../money";
import type { QuoteAlternative, QuoteLine } from "./quote-content";
import { reducedVatPossible, vatRateFor } from "./quote-vat";

/*
 * A quote's amounts (issue 17), all integer cents: a line's base is
 * round(quantityMilli * unitCents / 1000); discount lines subtract; per alternative the base,
 * the VAT of each rate and the total, and the materials share for the 10 % test (catalogue
 * equipment and hand-typed materials count as materials; labour and services do not).
 */

/** round(quantityMilli * unitCents / 1000), half away from zero, exact for any safe input. */
export function lineBaseCents(line: Pick<QuoteLine, "quantityMilli" | "unitCents">): number {
  return divideToCents(line.quantityMilli * line.unitCents, 1000);
}

/** A line's signed contribution to the base: discounts subtract. */
export function signedLineCents(line: QuoteLine): number {
  const base = lineBaseCents(line);
  return line.kind === "descuento" ? -base : base;
}

export function isMaterial(line: Pick<QuoteLine, "kind">): boolean {
  return line.kind === "producto" || line.kind === "material";
}

export type VatBreakdown = { rate: VatRate; baseCents: number; vatCents: number };

export type AlternativeTotals = {
  key: QuoteAlternative["key"];
  baseCents: number;
  materialsCents: number;
  /** Materials' share of the base in hundredths of a percent (4000 = 40,00 %); null with no base. */
  materialsShareBasis: number | null;
  /** The 10 % could apply (dwelling renovation and materials <= 40 %); the customer still confirms. */
  reducedPossible: boolean;
  /** At the standard rate: what applies without the customer's confirmation. */
  standard: { taxes: VatBreakdown[]; totalCents: number };
  /** At the reduced rate, when possible. */
  reduced: { taxes: VatBreakdown[]; totalCents: number } | null;
};

function taxed(baseCents: number, rate: VatRate): { taxes: VatBreakdown[]; totalCents: number } {
  const { vatCents, totalCents } = withVat(baseCents, rate);
  return { taxes: [{ rate, baseCents, vatCents }], totalCents };
}

export function alternativeTotals(alternative: QuoteAlternative, dwellingRenovation: boolean): AlternativeTotals {
  const baseCents = alternative.lines.reduce((sum, line) => sum + signedLineCents(line), 0);
  const materialsCents = alternative.lines.filter(isMaterial).reduce((sum, line) => sum + lineBaseCents(line), 0);
  const reducedPossible = reducedVatPossible({ dwellingRenovation, materialsCents, baseCents });
  return {
    key: alternative.key,
    baseCents,
    materialsCents,
    materialsShareBasis: baseCents > 0 ? Math.round((materialsCents * 10_000) / baseCents) : null,
    reducedPossible,
    standard: taxed(baseCents, STANDARD_VAT_RATE),
    reduced: reducedPossible ? taxed(baseCents, REDUCED_VAT_RATE) : null,
  };
}

/** The total charged for an alternative, given whether the customer confirmed the 10 % conditions (`vatRateFor` decides). */
export function chargedTotals(totals: AlternativeTotals, customerConfirmed: boolean): { rate: VatRate; taxes: VatBreakdown[]; totalCents: number } {
  const rate = vatRateFor({ reducedPossible: totals.reducedPossible, customerConfirmed });
  const chosen = rate === REDUCED_VAT_RATE && totals.reduced ? totals.reduced : totals.standard;
  return { rate, ...chosen };
}
