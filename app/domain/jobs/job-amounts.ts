import { REDUCED_VAT_RATE, withVat, type VatRate } from "../money";
import type { QuoteAlternative } from "../quotes/quote-content";
import { isMaterial, lineBaseCents, signedLineCents } from "../quotes/quote-totals";
import { materialsWithinLimit } from "../quotes/quote-vat";
import type { ExtraWorkLine } from "./work-report-content";

/*
 * A job's amounts (issue 17): the accepted alternative plus the extra work the customer signs
 * on the report, at ONE VAT rate, the rate of the acceptance. A job accepted at the reduced
 * 10 % keeps it only while the materials stay within 40 % of the base with the extras counted;
 * extras that break the test are refused on the report (they need a quote of their own), so
 * the deposit invoice and the final invoice always share one rate.
 */

export type JobAmounts = {
  rate: VatRate;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  extrasBaseCents: number;
  /** The extras' own share with VAT, as the customer signs it: round(extrasBase x (1 + rate)). */
  extrasTotalCents: number;
};

export type ExtrasCheck = { ok: true; amounts: JobAmounts } | { ok: false; message: string };

export const EXTRAS_BREAK_REDUCED_VAT =
  "Con estos trabajos adicionales los materiales superan el 40 % de la base del trabajo y no puede aplicarse el IVA reducido del 10 % aceptado: hágalos con un presupuesto aparte.";

/** The job's amounts with `extras`, or why the extras cannot join a job accepted at 10 %. */
export function jobAmounts(alternative: QuoteAlternative, rate: VatRate, extras: readonly ExtraWorkLine[]): ExtrasCheck {
  const lines = [...alternative.lines, ...extras];
  const baseCents = lines.reduce((sum, line) => sum + signedLineCents(line), 0);
  const extrasBaseCents = extras.reduce((sum, line) => sum + lineBaseCents(line), 0);
  if (rate === REDUCED_VAT_RATE && extras.length > 0) {
    const materialsCents = lines.filter(isMaterial).reduce((sum, line) => sum + lineBaseCents(line), 0);
    if (!materialsWithinLimit(materialsCents, baseCents)) return { ok: false, message: EXTRAS_BREAK_REDUCED_VAT };
  }
  const { vatCents, totalCents } = withVat(baseCents, rate);
  return {
    ok: true,
    amounts: { rate, baseCents, vatCents, totalCents, extrasBaseCents, extrasTotalCents: withVat(extrasBaseCents, rate).totalCents },
  };
}

/**
 * The final invoice's amounts: the whole job minus the deposit's base already invoiced, VAT on
 * the difference. It may differ from "job total minus deposit" by a cent of rounding; the
 * invoice is what is owed.
 */
export function finalBalance(job: Pick<JobAmounts, "baseCents" | "rate">, depositBaseCents: number): { baseCents: number; vatCents: number; totalCents: number } {
  const baseCents = job.baseCents - depositBaseCents;
  return { baseCents, ...withVat(baseCents, job.rate) };
}
