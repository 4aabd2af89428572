import { and, asc, eq, ilike, or } from "drizzle-orm";
import { withoutVatCents } from "~/domain/money";
import { containsPattern } from "~/domain/quotes/quote-inbox";
import type { Database } from "../db/client.server";
import { products } from "./catalogue-schema.server";

/*
 * The back office's product search (the quote editor, issue 17; the phone order, issue 30):
 * active products whose brand, model or type contain every word typed, with today's price
 * (with VAT, and without it for a quote's lines) and stock.
 */

export type CatalogueHit = { id: number; brand: string; name: string; family: string; type: string; priceCents: number; unitCents: number; stock: number };

export async function searchCatalogue(db: Database, q: string): Promise<CatalogueHit[]> {
  const text = q.replace(/\s+/g, " ").trim().slice(0, 80);
  if (text.length < 2) return [];
  const words = text.split(" ").slice(0, 4);
  const rows = await db
    .select({ id: products.id, brand: products.brand, model: products.model, family: products.family, type: products.type, priceCents: products.priceCents, stock: products.stock })
    .from(products)
    .where(and(eq(products.active, true), ...words.map((word) => or(ilike(products.brand, containsPattern(word)), ilike(products.model, containsPattern(word)), ilike(products.type, containsPattern(word))))))
    .orderBy(asc(products.brand), asc(products.model), asc(products.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, brand: row.brand, name: `${row.brand} ${row.model}`.trim(), family: row.family, type: row.type, priceCents: row.priceCents, unitCents: withoutVatCents(row.priceCents), stock: row.stock }));
}
