import { FAMILIES, type EnergyClass } from "../catalogue/product";
import { INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "../catalogue/service-prices";
import { withoutVatCents } from "../money";
import { INSTALLATION_TITLES, MAINTENANCE_TITLES } from "../site/services";
import type { QuoteLine } from "./quote-content";

/*
 * What a quote line taken from the shop says (issue 17): a catalogue product at its price
 * without VAT, and the installation and maintenance services of spec section 9. Pure: the
 * editor's action and the demo templates (issue 30) build their lines here.
 */

export type CatalogueRow = { id: number; brand: string; model: string; type: string; priceCents: number; energyClass: EnergyClass | string | null };

/** A catalogue product as a quote line: one unit at the price given (VAT included) without VAT. */
export function catalogueProductLine(row: CatalogueRow): QuoteLine {
  return {
    kind: "producto",
    productId: row.id,
    description: `${row.brand} ${row.model}${row.type ? ` (${row.type})` : ""}`,
    quality: `Nuevo${row.energyClass ? `, clase energética ${row.energyClass}` : ""}`,
    quantityMilli: 1000,
    unit: "ud",
    unitCents: withoutVatCents(row.priceCents),
    used: false,
  };
}

export type ServiceOption = { key: string; title: string; unitCents: number };

/** The shop's installation and maintenance services (prices without VAT). */
export function serviceOptions(): ServiceOption[] {
  const options: ServiceOption[] = [];
  for (const family of FAMILIES) {
    options.push({ key: `instalacion-${family}`, title: INSTALLATION_TITLES[family], unitCents: withoutVatCents(INSTALLATION_PRICE_CENTS[family]) });
  }
  for (const family of FAMILIES) {
    const price = MAINTENANCE_PRICE_CENTS[family];
    if (price !== undefined && family in MAINTENANCE_TITLES) {
      options.push({ key: `mantenimiento-${family}`, title: MAINTENANCE_TITLES[family as keyof typeof MAINTENANCE_TITLES], unitCents: withoutVatCents(price) });
    }
  }
  return options;
}

export function serviceLine(key: string): QuoteLine | null {
  const option = serviceOptions().find((o) => o.key === key);
  if (!option) return null;
  return { kind: "servicio", productId: null, description: option.title, quality: "", quantityMilli: 1000, unit: "ud", unitCents: option.unitCents, used: false };
}

