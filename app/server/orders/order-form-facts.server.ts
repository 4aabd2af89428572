import { orderQuote, type Basket } from "~/domain/basket/basket-pricing";
import { chargedBasket } from "~/domain/basket/basket-vat";
import { hasPlanLines } from "~/domain/basket/basket-totals";
import { shippingProvinces } from "~/domain/orders/order-form-schema";
import { fgasLinesWithoutInstallation, fgasStatement } from "~/domain/orders/fgas";
import type { ServiceArea } from "~/domain/orders/service-area";
import { config, serviceArea } from "../config.server";

/* What the order form asks of a basket, at the checkout and in the owner's phone order (issue 30). */

/** The service area the shipping address must be in: only when the basket holds a service. */
export function areaFor(basket: Pick<Basket, "hasServices">): ServiceArea | null {
  return basket.hasServices ? serviceArea() : null;
}

/**
 * F-gas equipment bought without our installation (decision 0012): the units, and the
 * declaration the order screen asks for; null when the basket has none.
 */
export function fgasFor(basket: Pick<Basket, "lines">) {
  const equipment = fgasLinesWithoutInstallation(basket.lines).map((line) => line.title);
  if (equipment.length === 0) return null;
  const c = config();
  return { equipment, statement: fgasStatement({ seller: { name: c.SHOP_LEGAL_NAME, nif: c.SHOP_NIF }, equipment }) };
}

/**
 * What the form and its summary show of the basket, and the quote the form carries back:
 * charged for the delivery postcode once the customer sent one (without VAT to Canarias,
 * Ceuta and Melilla, decision 0009), with VAT before.
 */
export function orderFormBasket(basket: Basket, postcode: string | null = null) {
  const charged = chargedBasket(basket.lines, postcode);
  const area = areaFor(basket);
  return {
    // The prices with VAT, for the browser to reprice as the postcode is typed.
    grossLines: basket.lines,
    lines: charged.lines,
    totals: charged.totals,
    blocked: basket.blocked,
    serviceArea: area,
    provinces: shippingProvinces(area),
    fgas: fgasFor(basket),
    plan: hasPlanLines(basket.lines),
    quote: orderQuote(charged),
  };
}
