import type { InvoiceLineView } from "../invoices/invoice-document";
import type { ExtraWorkLine } from "../jobs/work-report-content";
import { REDUCED_VAT_RATE, STANDARD_VAT_RATE, vatOfBase, withoutVatCents, type VatRate } from "../money";
import { lineBaseCents } from "../quotes/quote-totals";
import { materialsWithinLimit } from "../quotes/quote-vat";
import type { Coverage, CoverageKind } from "./repair-coverage";
import type { RepairCause, RepairCovered, RepairPart } from "./repair-outcome";

/*
 * What a repair costs once the technician has seen it (issue 31, decision 0037): the cause they
 * find decides what the request's coverage pays for, and the rest is the repair's invoice.
 *
 * - A defect of the unit or a fault of our installation is what a guarantee answers for; wear
 *   and tear is not (consumables, a part at the end of its life); misuse or an outside cause (a
 *   knock, a power surge, water) is never covered.
 * - A running plan covering repair labour pays the call-out and the labour whatever the cause
 *   but an outside one; its parts are paid unless under guarantee.
 * - The legal guarantee (TRLGDCU art. 118) pays everything for a defect, or for an installation
 *   we made that caused it (art. 117: faulty installation by the seller is a lack of conformity).
 * - Our guarantee on the installation work pays everything for a fault of the installation.
 * - The parts' guarantee pays the parts of a defect; the call-out and the labour are charged.
 * The call-out is the fee shown before sending (VAT included at 21 %); charged, it is invoiced
 * at its base, at the repair's rate. The reduced 10 % (decision 0017) applies when the customer
 * confirms on the report that the dwelling is private and over two years old and the materials
 * charged are at most 40 % of the base.
 */

/**
 * What a repair job carries from its breakdown (copied when the owner opens it, like a plan
 * visit's units): the request and its customer page, what the form said it would cost, and the
 * last day the unit's parts are under a guarantee (ours or the legal one).
 */
export type RepairTerms = { requestId: number; reference: string; token: string; coverage: Coverage; partsGuaranteeUntil: string | null };

/** The coverage as of `today`. */
export function repairCover(terms: Pick<RepairTerms, "coverage" | "partsGuaranteeUntil">, today: string): RepairCover {
  return { kind: terms.coverage.kind, partsUnderGuarantee: terms.partsGuaranteeUntil !== null && terms.partsGuaranteeUntil >= today };
}

/** The request's coverage as of the repair: its kind, and whether the unit's parts are still under a guarantee. */
export type RepairCover = { kind: CoverageKind; partsUnderGuarantee: boolean };

export function coveredFor(cover: RepairCover, cause: RepairCause): RepairCovered {
  if (cause === "externa") return { callOut: false, labour: false, parts: false };
  const fault = cause === "defecto" || cause === "instalacion";
  const whole = (cover.kind === "garantia-legal" && fault) || (cover.kind === "garantia-instalacion" && cause === "instalacion");
  if (whole) return { callOut: true, labour: true, parts: true };
  const parts = fault && cover.partsUnderGuarantee;
  if (cover.kind === "plan") return { callOut: true, labour: true, parts };
  return { callOut: false, labour: false, parts: cover.kind !== "ninguna" && parts };
}

export type RepairBillInput = {
  /** The call-out fee with VAT at 21 %, or 0 when nothing is to be charged for it (covered, or paid before and invoiced apart). */
  callOutCents: number;
  covered: RepairCovered;
  /** Labour and hand-typed materials from the report. */
  extras: readonly ExtraWorkLine[];
  parts: readonly RepairPart[];
  reducedVatConfirmed: boolean;
};

export type RepairBill = { lines: InvoiceLineView[]; rate: VatRate; baseCents: number; vatCents: number; totalCents: number; materialsCents: number };

export const CALL_OUT_LINE = "Desplazamiento y diagnóstico";

/** The invoice of a repair: the lines charged (what is covered is left out), the rate and the totals. */
export function repairBill(input: RepairBillInput): RepairBill {
  const lines: Omit<InvoiceLineView, "vatRate">[] = [];
  let materialsCents = 0;
  if (input.callOutCents > 0 && !input.covered.callOut) {
    const base = withoutVatCents(input.callOutCents, STANDARD_VAT_RATE);
    lines.push({ description: CALL_OUT_LINE, quantity: 1, unitBaseCents: base, baseCents: base });
  }
  for (const extra of input.extras) {
    const isPart = extra.kind === "material";
    if (isPart ? input.covered.parts : input.covered.labour) continue;
    const baseCents = lineBaseCents(extra);
    if (isPart) materialsCents += baseCents;
    const description = extra.quality ? `${extra.description} (${extra.quality})` : extra.description;
    lines.push({ description, quantity: extra.quantityMilli / 1000, unitBaseCents: extra.unitCents, baseCents });
  }
  if (!input.covered.parts) {
    for (const part of input.parts) {
      const baseCents = part.quantity * part.unitBaseCents;
      materialsCents += baseCents;
      lines.push({ description: part.description, quantity: part.quantity, unitBaseCents: part.unitBaseCents, baseCents });
    }
  }
  const baseCents = lines.reduce((sum, line) => sum + line.baseCents, 0);
  const rate: VatRate = input.reducedVatConfirmed && materialsWithinLimit(materialsCents, baseCents) ? REDUCED_VAT_RATE : STANDARD_VAT_RATE;
  const vatCents = vatOfBase(baseCents, rate);
  return { lines: lines.map((line) => ({ ...line, vatRate: rate })), rate, baseCents, vatCents, totalCents: baseCents + vatCents, materialsCents };
}
