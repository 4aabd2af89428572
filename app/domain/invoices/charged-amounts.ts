import { EXEMPT_VAT_RATE } from "../money";
import { invoiceAmounts, type InvoiceAmounts } from "./invoice-amounts";

/*
 * The invoice amounts of an order's lines as they were charged (issue 13, decision 0009). An
 * order with Spanish VAT stores prices that include it: the invoice takes the VAT out once,
 * on the total. An exempt order (Canarias, Ceuta, Melilla) stores prices already without VAT
 * (app/domain/basket/basket-vat.ts): each line is its own base, the rate is 0 and the lines add up to
 * the amount charged, with no adjustment line.
 */

export type ChargedLine = { description: string; chargedCents: number };

export function chargedInvoiceAmounts(lines: readonly ChargedLine[], withVat: boolean): InvoiceAmounts {
  if (withVat) return invoiceAmounts(lines.map((line) => ({ description: line.description, inclusiveCents: line.chargedCents })), true);
  const total = lines.reduce((sum, line) => sum + line.chargedCents, 0);
  return { lines: lines.map((line) => ({ description: line.description, baseCents: line.chargedCents })), rate: EXEMPT_VAT_RATE, baseCents: total, vatCents: 0, totalCents: total };
}
