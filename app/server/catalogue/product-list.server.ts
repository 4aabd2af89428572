import { and, asc, count, eq, lte, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { likePattern, PRODUCTS_PAGE_SIZE, type ProductListFilters } from "~/domain/catalogue/product-list-filters";
import type { Database } from "../db/client.server";
import { productColumns, products } from "../db/schema.server";

/*
 * The back office's product list (issue 11), filtered and paged by the database. Hidden
 * products are listed too (the shop shows only the visible ones).
 */

/** Words searched, each in brand, model, type or slug; more narrow nothing down. */
const MAX_WORDS = 6;

/** Lowercase without Spanish accents, so "condensacion" finds "Condensación". */
const plain = (value: AnyColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;
const plainText = (text: string) =>
  text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function conditions(filters: ProductListFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.family) where.push(eq(products.family, filters.family));
  if (filters.visibility) where.push(eq(products.active, filters.visibility === "visibles"));
  if (filters.lowStock) where.push(lte(products.stock, products.lowStockThreshold));
  for (const word of filters.text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS)) {
    const pattern = likePattern(plainText(word));
    const columns = [products.brand, products.model, products.type, products.slug];
    where.push(or(...columns.map((column) => sql`${plain(column)} like ${pattern}`))!);
  }
  return where;
}

export type ProductListRow = {
  id: number;
  family: (typeof products.$inferSelect)["family"];
  brand: string;
  model: string;
  type: string;
  image: string;
  priceCents: number;
  stock: number;
  lowStockThreshold: number;
  active: boolean;
  /** Back-in-stock requests confirmed and not yet notified (issue 15). */
  waitingAlerts: number;
};

export async function listProducts(db: Database, filters: ProductListFilters) {
  const where = and(...conditions(filters));
  const [totals] = await db.select({ total: count() }).from(products).where(where);
  const totalCount = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / PRODUCTS_PAGE_SIZE));
  const rows: ProductListRow[] = await db
    .select({
      id: products.id,
      family: products.family,
      brand: products.brand,
      model: products.model,
      type: products.type,
      image: products.image,
      priceCents: products.priceCents,
      stock: products.stock,
      lowStockThreshold: products.lowStockThreshold,
      active: products.active,
      // A look-up per row of the page, on stock_alerts_product_state_idx.
      // Spelt out: in a one-table select drizzle writes ${products.id} unqualified, which the subquery would read as its own id.
      waitingAlerts: sql<number>`(select count(*)::int from stock_alerts a where a.product_id = "products"."id" and a.state = 'confirmado')`,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.family), asc(products.brand), asc(products.model), asc(products.id))
    .limit(PRODUCTS_PAGE_SIZE)
    .offset((filters.page - 1) * PRODUCTS_PAGE_SIZE);
  return { rows, totalCount, pageCount };
}

/**
 * A product by slug, hidden ones too: the back office shows hidden products' drawn pictures
 * (app/routes/images/demo-image.ts draws them for the shop and the back office alike).
 */
export async function findAnyProductBySlug(db: Database, slug: string) {
  const [row] = await db.select(productColumns).from(products).where(eq(products.slug, slug));
  return row;
}
