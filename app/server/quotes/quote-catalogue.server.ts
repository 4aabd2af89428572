import { and, eq, sql } from "drizzle-orm";
import { withoutVatCents } from "~/domain/money";
import type { QuoteLine } from "~/domain/quotes/quote-content";
import { catalogueProductLine } from "~/domain/quotes/quote-services";
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
  return row ? catalogueProductLine(row) : null;
}

export { serviceLine, serviceOptions, type ServiceOption } from "~/domain/quotes/quote-services";

/** Stock now of the catalogue products a draft names (the editor shows it beside each line). */
export async function stockOf(db: Database, ids: number[]): Promise<Map<number, { stock: number; priceCents: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: products.id, stock: products.stock, priceCents: products.priceCents }).from(products).where(sql`${products.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, { stock: row.stock, priceCents: row.priceCents }]));
}

/** Today's price without VAT of the products still on sale among `ids` (a template's lines take it, issue 30). */
export async function cataloguePrices(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(and(sql`${products.id} in ${ids}`, eq(products.active, true)));
  return new Map(rows.map((row) => [row.id, withoutVatCents(row.priceCents)]));
}
