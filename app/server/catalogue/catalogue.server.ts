import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { PricingProduct } from "~/domain/basket/basket-pricing";
import {
  chosenSizes,
  pageWindow,
  type CatalogueState,
  type Page,
  type PowerRange,
  type PriceOrder,
  type SizeRule,
} from "~/domain/catalogue/catalogue-filters";
import { FAMILIES, type CatalogueProduct, type Family } from "~/domain/catalogue/product";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { productColumns, products, type Product } from "../db/schema.server";

/*
 * The shop's catalogue, read from the database on every request (issue 14): a catalogue page
 * is a count and one page of rows, filtered, sorted and paged by PostgreSQL with the partial
 * indexes of migration 0011, so neither its time nor the process's memory grows with the
 * catalogue. The rules are the domain's (app/domain/catalogue/catalogue-filters.ts: the size ranges'
 * borders, the order and its ties, the page clamping); catalogue-page.test.ts checks that this
 * SQL gives the same page as filterProducts and paginate. Visitors see visible products only.
 */

/** The bare column, as the partial indexes' predicate (WHERE active) is written, so they apply. */
const visible = sql`${products.active}`;

function sizeCondition(rule: SizeRule): SQL | undefined {
  switch (rule.kind) {
    case "power":
      return and(
        rule.fromIncluded ? gte(products.powerKw, rule.fromKw) : gt(products.powerKw, rule.fromKw),
        rule.toKw === null ? undefined : lte(products.powerKw, rule.toKw),
      );
    case "type":
      return eq(products.type, rule.type);
    case "wifi":
      return eq(products.wifi, true);
  }
}

/** Same group: union; different groups: intersection (as filterProducts). */
function catalogueWhere(family: Family, state: CatalogueState): SQL | undefined {
  const sizes = chosenSizes(family, state);
  return and(
    visible,
    eq(products.family, family),
    state.brands.length > 0 ? inArray(products.brand, state.brands) : undefined,
    sizes.length > 0 ? or(...sizes.map((option) => sizeCondition(option.rule))) : undefined,
    state.power ? powerCondition(state.power) : undefined,
  );
}

/** As powerMatches: both ends included; a row without power fails both comparisons. */
function powerCondition(range: PowerRange): SQL | undefined {
  return and(
    range.minKw === null ? undefined : gte(products.powerKw, range.minKw),
    range.maxKw === null ? undefined : lte(products.powerKw, range.maxKw),
  );
}

/** As compareProducts: by price when asked, equal prices (and no order) oldest first. */
function catalogueOrder(order: PriceOrder | null): SQL[] {
  if (!order) return [asc(products.id)];
  return [order === "ascendente" ? asc(products.priceCents) : desc(products.priceCents), asc(products.id)];
}

/** What a card and its add-to-basket pop-up show: no descriptions, gallery or bookkeeping (the search's cards too). */
const {
  description: _description,
  description2: _description2,
  images: _images,
  active: _active,
  lowStockThreshold: _lowStockThreshold,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...cardColumns
} = productColumns;
export { cardColumns };

/**
 * The two statements of a catalogue page: the count of the filtered list, and its rows from
 * `offset` in the page's order. The page's ids are found first, from the index alone (it holds
 * family, price, id, brand and power), and only those rows are read: a deep page reads the
 * index entries before it, not the rows. Exported for EXPLAIN (tests/pg, the bench).
 */
export function catalogueQueries(db: Database, family: Family, state: CatalogueState) {
  const where = catalogueWhere(family, state);
  const order = catalogueOrder(state.order);
  return {
    count: db.select({ total: count() }).from(products).where(where),
    rows: (offset: number) => {
      const page = db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(state.pageSize).offset(offset).as("page");
      return db
        .select(cardColumns)
        .from(products)
        .innerJoin(page, eq(page.id, products.id))
        .orderBy(...order);
    },
  };
}

/** One page of a family's catalogue in a state (filters, order, page, page size). */
export async function cataloguePage(family: Family, state: CatalogueState): Promise<Page<CatalogueProduct>> {
  const queries = catalogueQueries(await getDb(), family, state);
  const [counted] = await queries.count;
  const { offset, ...window } = pageWindow(state.page, counted?.total ?? 0, state.pageSize);
  if (window.total === 0) return { ...window, items: [] };
  const rows = await queries.rows(offset);
  // Cards show no descriptions or gallery: they stay out of the page's data.
  return { ...window, items: rows.map((row) => ({ ...row, description: "", description2: "", images: [] })) };
}

/** A visible product of a family (its detail page, the add-to-basket action). */
export async function findProduct(family: Family, id: number): Promise<Product | undefined> {
  const db = await getDb();
  const [row] = await db.select(productColumns).from(products).where(and(eq(products.id, id), eq(products.family, family), visible));
  return row;
}

/** What pricing a basket needs of its products: only the rows its lines name. */
export async function pricingProducts(ids: readonly number[]): Promise<PricingProduct[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      id: products.id,
      family: products.family,
      brand: products.brand,
      model: products.model,
      type: products.type,
      priceCents: products.priceCents,
      stock: products.stock,
      image: products.image,
      fgasNotSealed: products.fgasNotSealed,
    })
    .from(products)
    .where(and(inArray(products.id, [...new Set(ids)]), visible));
}

export type FamilySummary = { count: number; image: string | null };

/** The shop index's cards: each family's count of models and the image of its cheapest one. */
export async function familySummaries(): Promise<Record<Family, FamilySummary>> {
  const db = await getDb();
  const counts = await db.select({ family: products.family, count: count() }).from(products).where(visible).groupBy(products.family);
  const summaries = await Promise.all(
    FAMILIES.map(async (family) => {
      // The first card of the family's catalogue in ascending price order.
      const [cheapest] = await db
        .select({ image: products.image })
        .from(products)
        .where(and(visible, eq(products.family, family)))
        .orderBy(...catalogueOrder("ascendente"))
        .limit(1);
      const summary: FamilySummary = { count: counts.find((row) => row.family === family)?.count ?? 0, image: cheapest?.image ?? null };
      return [family, summary] as const;
    }),
  );
  return Object.fromEntries(summaries) as Record<Family, FamilySummary>;
}

/** Every visible product's address and last change, for the sitemap: three small columns a row. */
export async function sitemapProducts(): Promise<Pick<Product, "id" | "family" | "updatedAt">[]> {
  const db = await getDb();
  return db
    .select({ id: products.id, family: products.family, updatedAt: products.updatedAt })
    .from(products)
    .where(visible)
    .orderBy(asc(products.id));
}

/** What pages receive: the row without bookkeeping columns. */
export function toCatalogueProduct(row: Product): CatalogueProduct {
  const { createdAt: _c, updatedAt: _u, active: _a, ...product } = row;
  return product;
}
