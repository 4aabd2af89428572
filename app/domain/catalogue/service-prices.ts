import type { Family } from "./product";

/** Service prices of spec section 9, VAT included, in integer cents. */
export const INSTALLATION_PRICE_CENTS: Record<Family, number> = {
  calderas: 30200,
  aires: 30200,
  termostatos: 8000,
  aerotermia: 107500,
};

/** Yearly maintenance; thermostats have none. */
export const MAINTENANCE_PRICE_CENTS: Partial<Record<Family, number>> = {
  calderas: 8500,
  aires: 8500,
  aerotermia: 8500,
};

export const MAINTAINED_FAMILIES = ["calderas", "aires", "aerotermia"] as const;
export type MaintainedFamily = (typeof MAINTAINED_FAMILIES)[number];

export function hasMaintenance(family: Family): family is MaintainedFamily {
  return family !== "termostatos";
}

/** Shipping: large parcel for boilers, air and aerothermal units, small for other goods. */
export const SHIPPING_LARGE_CENTS = 1995;
export const SHIPPING_SMALL_CENTS = 795;

export function shippingCents(family: Family): number {
  return family === "termostatos" ? SHIPPING_SMALL_CENTS : SHIPPING_LARGE_CENTS;
}

/** Detail page price: the product plus the family's installation when chosen (spec section 9). */
export function detailPriceCents(family: Family, priceCents: number, withInstallation: boolean): number {
  return priceCents + (withInstallation ? INSTALLATION_PRICE_CENTS[family] : 0);
}
