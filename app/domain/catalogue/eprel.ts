import type { CatalogueProduct, Family } from "./product";

/*
 * Links to EPREL, the EU product database for energy labelling (Regulation (EU) 2017/1369,
 * art. 12). Selling online, the shop shows the label's class next to the price and must give
 * the product information sheet too (Delegated Regulation (EU) 626/2011 for air conditioners
 * and 811/2013 for space and combination heaters, as amended by (EU) 518/2014 on display on the
 * internet); EPREL publishes both for every registered model, so the product page links to
 * them instead of keeping copies that could go stale.
 *
 * EPREL's public addresses name the product group and the registration number:
 *   entry  https://eprel.ec.europa.eu/screen/product/<group>/<number>
 *   sheet  https://eprel.ec.europa.eu/api/products/<group>/<number>/fiches?language=ES
 *          (an open endpoint: it answers with the sheet's PDF in the language asked for)
 */

const EPREL = "https://eprel.ec.europa.eu";

/**
 * Our families as EPREL groups them: air conditioners up to 12 kW are "airconditioners";
 * boilers, heat pumps and combination heaters (heating and hot water in one) all fall under
 * Regulation 811/2013, the group EPREL calls "spaceheaters". Thermostats carry no label.
 */
export const EPREL_PRODUCT_GROUPS: Record<Family, string | null> = {
  aires: "airconditioners",
  calderas: "spaceheaters",
  aerotermia: "spaceheaters",
  termostatos: null,
};

export type EprelLinks = { entry: string; sheet: string };

/** The product's EPREL entry and its information sheet in Spanish; null without a number. */
export function eprelLinks(product: Pick<CatalogueProduct, "family" | "eprelNumber">): EprelLinks | null {
  const group = EPREL_PRODUCT_GROUPS[product.family];
  const number = product.eprelNumber?.trim() ?? "";
  // Only digits reach the address, whatever the row holds (the form allows no other).
  if (!group || !/^\d{1,12}$/.test(number)) return null;
  return {
    entry: `${EPREL}/screen/product/${group}/${number}`,
    sheet: `${EPREL}/api/products/${group}/${number}/fiches?language=ES`,
  };
}
