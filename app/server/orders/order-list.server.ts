import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { addDays, madridInstant } from "~/domain/dates/madrid-dates";
import { ORDERS_PAGE_SIZE, prefixQuery, type OrderFilters } from "~/domain/orders/order-filters";
import type { CsvOrder } from "~/domain/orders/order-csv";
import type { Database } from "../db/client.server";
import { orders } from "./orders-schema.server";

/*
 * The back office's order list and its CSV (issue 11). Newest first on the index
 * orders_created_idx (created_at desc, id desc); status and payment method have their own
 * (status|pay_method, created_at) indexes, the text search the GIN index of orders.search.
 * The text is turned into a prefix query by domain/orders/order-filters.ts and bound as a
 * parameter: nothing typed is ever part of the SQL text.
 */

function conditions(filters: OrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.payMethod) where.push(eq(orders.payMethod, filters.payMethod));
  // Madrid days, both ends included: from the first day's midnight to the next day after the last.
  if (filters.from) where.push(gte(orders.createdAt, madridInstant(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, madridInstant(addDays(filters.to, 1))));
  const query = prefixQuery(filters.text);
  if (query) where.push(sql`${orders.search} @@ to_tsquery('simple', ${query})`);
  return where.length ? and(...where) : undefined;
}

const listColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  payMethod: orders.payMethod,
  userEmail: orders.userEmail,
  amountCents: orders.amountCents,
  shippingCents: orders.shippingCents,
  vatExempt: orders.vatExempt,
  addressBill: orders.addressBill,
};

export type OrderListRow = Awaited<ReturnType<typeof listOrders>>["rows"][number];

export async function listOrders(db: Database, filters: OrderFilters) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filters.page - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return { rows, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / ORDERS_PAGE_SIZE)) };
}

/** Rows read per query by the export: memory stays flat whatever the number of orders. */
export const EXPORT_CHUNK = 1000;

/**
 * Every order of the filtered list, newest first, in chunks. Keyset paging (created_at, id)
 * rather than OFFSET keeps each chunk as fast as the first; the cursor is the timestamp as
 * PostgreSQL writes it (microseconds), so no row is skipped or repeated.
 */
export async function* exportOrders(db: Database, filters: OrderFilters, chunk = EXPORT_CHUNK): AsyncGenerator<CsvOrder[]> {
  const where = conditions(filters);
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows: (CsvOrder & { id: number; cursorAt: string })[] = await db
      .select({ ...listColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .where(and(where, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    const last: { id: number; cursorAt: string } = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}
