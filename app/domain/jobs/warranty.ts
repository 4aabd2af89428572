import { addMonths } from "../dates/madrid-dates";
import { isValidCif, normalizeSpanishId } from "../spanish-ids";

/*
 * The guarantees of a unit installed by a job (issue 17), as "Mis equipos" shows them:
 * - the shop's own: 6 months on the installation work and 2 years on parts (the home's
 *   "Garantía" block);
 * - the legal guarantee of goods sold to a consumer: 3 years from delivery (Real Decreto
 *   Legislativo 1/2007, art. 120, as worded since 1 January 2022). A company (a customer whose
 *   identifier is a CIF) buys as a business and has no consumer guarantee: null.
 * Dates are Madrid calendar days "YYYY-MM-DD"; month arithmetic clamps to the month's end
 * (installed 31 August -> labour until 28/29 February).
 */

export const LABOUR_WARRANTY_MONTHS = 6;
export const PARTS_WARRANTY_MONTHS = 24;
export const CONSUMER_GUARANTEE_MONTHS = 36;

export type WarrantyEnds = { labourWarrantyUntil: string; partsWarrantyUntil: string; legalGuaranteeUntil: string | null };

/** Whether the customer buys as a consumer: anyone but a company (CIF). */
export function buysAsConsumer(customerId: string): boolean {
  const id = normalizeSpanishId(customerId);
  return !(id && isValidCif(id));
}

export function warrantyEnds(installedOn: string, customerId: string): WarrantyEnds {
  return {
    labourWarrantyUntil: addMonths(installedOn, LABOUR_WARRANTY_MONTHS),
    partsWarrantyUntil: addMonths(installedOn, PARTS_WARRANTY_MONTHS),
    legalGuaranteeUntil: buysAsConsumer(customerId) ? addMonths(installedOn, CONSUMER_GUARANTEE_MONTHS) : null,
  };
}
