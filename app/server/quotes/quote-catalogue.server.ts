import { eq, sql } from "drizzle-orm";
import { INSTALLATION_PRICE_CENTS, MAINTENANCE_PRICE_CENTS } from "~/domain/catalogue/service-prices";
import { withoutVatCents } from "~/domain/money";
import { FAMILIES } from "~/domain/catalogue/product";
import type { QuoteLine } from "~/domain/quotes/quote-content";
import { INSTALLATION_TITLES, MAINTENANCE_TITLES } from "~/domain/site/services";
import type { Database } from "../db/client.server";
import { products } from "../catalogue/catalogue-schema.server";

/*
 * What the quote editor takes from the shop (issue 17): a catalogue product as a line (found by
 * catalogue-search.server.ts), and the installation and maintenance services of
 * spec section 9. The catalogue's prices include VAT; a quote's lines are without it.
 */

/** A catalogue product as a quote line: one unit at today's price without VAT. */
export async function productLine(db: Database, productId: number): Promise<QuoteLine | null> {
  const [row] = await db
    .select({ id: products.id, brand: products.brand, model: products.model, type: products.type, priceCents: products.priceCents, energyClass: products.energyClass })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return null;
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

/** Stock now of the catalogue products a draft names (the editor shows it beside each line). */
export async function stockOf(db: Database, ids: number[]): Promise<Map<number, { stock: number; priceCents: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, stock: products.stock, priceCents: products.priceCents }).from(products).where(sql`${products.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, { stock: row.stock, priceCents: row.priceCents }]));
}
