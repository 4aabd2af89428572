import { orderQuote, sameQuote, type OrderQuote } from "./basket-pricing";
import { basketTotals, type BasketTotals, type PricedLine } from "./basket-totals";
import { chargesSpanishVat, formatEuros, splitInclusive, territoryName, territoryOfPostcode, withoutVatCents, type VatTerritory } from "../money";

/*
 * What a basket is charged, by where it goes (issue 13, decision 0009). Every shop price
 * includes Spanish VAT; goods sent to the Canary Islands, Ceuta or Melilla are exempt exports
 * (Ley 37/1992, art. 21) and are charged without it. The one rounding is per line: each line
 * and each parcel's shipping costs its price without VAT to the cent, and the order's amount
 * is the sum of those lines, so the order and its invoice at 0 % add up exactly.
 * The territory comes from the delivery postcode (35, 38, 51, 52): the province list has no
 * Ceuta or Melilla.
 */

export type ChargedTotals = BasketTotals & {
  /** No Spanish VAT: every amount above is already without it. */
  vatExempt: boolean;
};

export type ChargedBasket = { territory: VatTerritory; lines: PricedLine[]; totals: ChargedTotals };

/** What the customer sees next to an exempt total, on every screen and e-mail that shows one. */
export { EXEMPT_NOTE } from "./vat-notes";

/** Said on the basket page, which does not know the address yet (docs/deviations.md). */
export const TERRITORIES_NOTE = "Envíos a Canarias, Ceuta y Melilla: sin IVA; el total se ajusta al indicar la dirección.";

/**
 * The basket's lines and totals as charged for a delivery to `postcode` (null: not known
 * yet, priced with VAT as every price of the shop).
 */
export function chargedBasket(lines: readonly PricedLine[], postcode: string | null): ChargedBasket {
  return chargedIn(lines, postcode === null ? "peninsula-baleares" : territoryOfPostcode(postcode));
}

function chargedIn(lines: readonly PricedLine[], territory: VatTerritory): ChargedBasket {
  if (chargesSpanishVat(territory)) return { territory, lines: [...lines], totals: { ...basketTotals(lines), vatExempt: false } };
  const net = lines.map((line) => ({ ...line, priceCents: withoutVatCents(line.priceCents), shippingCents: withoutVatCents(line.shippingCents) }));
  const totals = basketTotals(net);
  return { territory, lines: net, totals: { ...totals, withoutVatCents: totals.totalCents, vatCents: 0, vatExempt: true } };
}

/**
 * Why the basket charged now is not the one the customer confirmed: when the lines are those
 * the page showed, but priced for the other side of the VAT border (the address was typed
 * after the page was drawn), a message about VAT; null otherwise (the basket itself changed).
 */
export function vatChangeMessage(lines: readonly PricedLine[], charged: ChargedBasket, expected: OrderQuote): string | null {
  const other = chargedIn(lines, chargesSpanishVat(charged.territory) ? "canarias" : "peninsula-baleares");
  if (!sameQuote(orderQuote(other), expected)) return null;
  const total = formatEuros(charged.totals.totalCents);
  if (charged.totals.vatExempt) {
    return (
      `Los envíos a ${territoryName(charged.territory)} no llevan IVA español (exportación exenta, art. 21 de la Ley 37/1992): ` +
      `los artículos y los gastos de envío se cobran sin IVA. El nuevo total es ${total}. Revise el resumen y confirme de nuevo el pedido.`
    );
  }
  return `Los envíos a ${territoryName(charged.territory)} llevan IVA: el nuevo total, IVA incluido, es ${total}. Revise el resumen y confirme de nuevo el pedido.`;
}

/**
 * The VAT of an order as stored: its amount, whether the checkout charged it without VAT
 * (orders.vat_exempt, fixed when it was placed: an order placed with VAT stays so), and the
 * postcode it was delivered to (which territory).
 */
export type OrderVat = { vatExempt: boolean; withoutVatCents: number; vatCents: number; territory: VatTerritory };

export function orderVat(amountCents: number, deliveryPostcode: string, vatExempt: boolean): OrderVat {
  const territory = territoryOfPostcode(deliveryPostcode);
  if (vatExempt) return { vatExempt: true, withoutVatCents: amountCents, vatCents: 0, territory };
  const { baseCents, vatCents } = splitInclusive(amountCents);
  return { vatExempt: false, withoutVatCents: baseCents, vatCents, territory };
}
