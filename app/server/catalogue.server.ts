import { asc, eq, sql } from "drizzle-orm";
import type { CatalogueProduct, Family } from "~/domain/product";
import type { Database } from "./db/client.server";
import { getDb } from "./db/db.server";
import { products, type Product } from "./db/schema.server";

/**
 * The whole catalogue is small (tens to hundreds of rows) and read on every shop page, so
 * the process keeps it in memory. Every few seconds a cheap query (readStamp) tells whether
 * another process or instance changed it; then it is read again.
 */
const CHECK_EVERY_MS = 3000;

type Cache = { products: Product[]; stamp: string; checkedAt: number };
let cache: Cache | undefined;
let loading: Promise<Product[]> | undefined;

/**
 * Count, newest change, and a sum of every row's (id, updated_at) hash: the sum moves whenever
 * any row's updated_at does, even to an older time (updated_at is its transaction's start, so
 * an edit that began earlier can commit later than the newest one; the maximum alone missed it).
 */
async function readStamp(db: Database): Promise<string> {
  const [row] = await db
    .select({
      stamp: sql<string>`count(*)::text || '/' || coalesce(max(${products.updatedAt})::text, '') || '/' || coalesce(sum(hashtextextended(${products.id}::text || ${products.updatedAt}::text, 0)), 0)::text`,
    })
    .from(products);
  return row?.stamp ?? "";
}

async function refresh(): Promise<Product[]> {
  const db = await getDb();
  const stamp = await readStamp(db);
  if (cache && cache.stamp === stamp) {
    cache.checkedAt = Date.now();
    return cache.products;
  }
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id));
  cache = { products: rows, stamp, checkedAt: Date.now() };
  return rows;
}

export async function allProducts(): Promise<Product[]> {
  if (cache && Date.now() - cache.checkedAt < CHECK_EVERY_MS) return cache.products;
  loading ??= refresh().finally(() => {
    loading = undefined;
  });
  return loading;
}

export async function productsOfFamily(family: Family): Promise<Product[]> {
  return (await allProducts()).filter((product) => product.family === family);
}

export async function findProduct(family: Family, id: number): Promise<Product | undefined> {
  return (await allProducts()).find((product) => product.family === family && product.id === id);
}

export async function findProductBySlug(slug: string): Promise<Product | undefined> {
  return (await allProducts()).find((product) => product.slug === slug);
}

/** After a write in this process: read again on next use. */
export function forgetCachedCatalogue(): void {
  cache = undefined;
}

/** What pages receive: the row without bookkeeping columns. */
export function toCatalogueProduct(row: Product): CatalogueProduct {
  const { createdAt: _c, updatedAt: _u, active: _a, ...product } = row;
  return product;
}
