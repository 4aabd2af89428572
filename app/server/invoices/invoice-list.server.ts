import { aliasedTable, and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { CsvInvoice } from "~/domain/invoices/invoice-csv";
import { INVOICE_SERIES, INVOICES_PAGE_SIZE, type InvoiceFilters, type InvoiceSeries } from "~/domain/invoices/invoice-filters";
import type { Database } from "../db/client.server";
import { planRenewals } from "../maintenance/maintenance-schema.server";
import { jobCharges, jobs } from "../jobs/jobs-schema.server";
import { orders } from "../orders/orders-schema.server";
import { quotes } from "../quotes/quotes-schema.server";
import { invoiceAnnulments, invoices } from "./invoices-schema.server";

/*
 * The back office's invoice list and the accountant's CSV (issue 13): the invoices issued in a
 * period (issued_on, Madrid days, both ends included), optionally one series, in the order of
 * issue (the index invoices_issued_idx: issued_on, id). The totals cover the whole filtered
 * period, not only the page: per series and all together, rectifying invoices subtracting
 * (their amounts are stored negative).
 */

const rectified = aliasedTable(invoices, "rectified");

function conditions(filters: InvoiceFilters): SQL | undefined {
  const where: SQL[] = [gte(invoices.issuedOn, filters.from), lte(invoices.issuedOn, filters.to)];
  if (filters.series) where.push(eq(invoices.series, filters.series));
  return and(...where);
}

const rowColumns = {
  id: invoices.id,
  number: invoices.number,
  series: invoices.series,
  issuedOn: invoices.issuedOn,
  operationOn: invoices.operationOn,
  rectifiesNumber: rectified.number,
  reason: invoices.reason,
  buyer: invoices.buyer,
  baseCents: invoices.baseCents,
  vatRate: invoices.vatRate,
  vatCents: invoices.vatCents,
  totalCents: invoices.totalCents,
  payMethod: invoices.payMethod,
  orderNumber: orders.number,
  quoteNumber: quotes.number,
  repairReference: sql<string | null>`${jobs.repair}->>'reference'`,
  jobId: jobs.id,
  planId: planRenewals.planId,
  annulled: invoiceAnnulments.reason,
};

export type InvoiceListRow = CsvInvoice & { id: number; series: InvoiceSeries; jobId: number | null };

export type InvoiceTotals = { count: number; baseCents: number; vatCents: number; totalCents: number };

export type InvoiceList = {
  rows: InvoiceListRow[];
  /** The whole filtered period: every series together, and each series on its own. */
  totals: InvoiceTotals & { bySeries: Record<InvoiceSeries, InvoiceTotals> };
  /** Invoices of the period annulled: listed, in no total. */
  annulled: number;
  pageCount: number;
};

function rowsQuery(db: Database) {
  return db
    .select(rowColumns)
    .from(invoices)
    // An order's invoice, or (issue 17) a job's: its charge's quote number.
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(jobCharges, eq(jobCharges.id, invoices.jobChargeId))
    .leftJoin(jobs, eq(jobs.id, jobCharges.jobId))
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .leftJoin(planRenewals, eq(planRenewals.id, invoices.planRenewalId))
    .leftJoin(rectified, eq(rectified.id, invoices.rectifiesId))
    .leftJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id));
}

/** An invoice that counts: not annulled (an annulled one should never have been issued; it counts in no total). */
export const notAnnulled = sql`not exists (select 1 from ${invoiceAnnulments} where ${invoiceAnnulments.invoiceId} = ${invoices.id})`;

const empty = (): InvoiceTotals => ({ count: 0, baseCents: 0, vatCents: 0, totalCents: 0 });

async function totalsOf(db: Database, where: SQL | undefined): Promise<InvoiceList["totals"]> {
  // Sums as text: PostgreSQL's sum of integers is a bigint, which the drivers give as a string.
  const groups = await db
    .select({
      series: invoices.series,
      count: sql<number>`count(*)::int`,
      base: sql<string>`sum(${invoices.baseCents})::text`,
      vat: sql<string>`sum(${invoices.vatCents})::text`,
      total: sql<string>`sum(${invoices.totalCents})::text`,
    })
    .from(invoices)
    // An annulled invoice should never have been issued: it counts in no total.
    .where(and(where, notAnnulled))
    .groupBy(invoices.series);
  const bySeries = Object.fromEntries(INVOICE_SERIES.map((series) => [series, empty()])) as Record<InvoiceSeries, InvoiceTotals>;
  const all = empty();
  for (const group of groups) {
    const totals = { count: Number(group.count), baseCents: Number(group.base), vatCents: Number(group.vat), totalCents: Number(group.total) };
    bySeries[group.series] = totals;
    all.count += totals.count;
    all.baseCents += totals.baseCents;
    all.vatCents += totals.vatCents;
    all.totalCents += totals.totalCents;
  }
  return { ...all, bySeries };
}

/** What was invoiced between two Madrid days (both included), with VAT, as the list's totals add it up (Hoy's figures, issue 30). */
export async function invoicedCents(db: Database, from: string, to: string): Promise<number> {
  return (await totalsOf(db, conditions({ from, to, page: 1 }))).totalCents;
}

export async function listInvoices(db: Database, filters: InvoiceFilters): Promise<InvoiceList> {
  const where = conditions(filters);
  // One after the other: PGlite has a single connection, and the queries are small.
  const rows = await rowsQuery(db)
    .where(where)
    .orderBy(asc(invoices.issuedOn), asc(invoices.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset((filters.page - 1) * INVOICES_PAGE_SIZE);
  const totals = await totalsOf(db, where);
  const [annulled] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(invoiceAnnulments, eq(invoiceAnnulments.invoiceId, invoices.id))
    .where(where);
  const listed = totals.count + Number(annulled?.n ?? 0);
  return { rows, totals, annulled: Number(annulled?.n ?? 0), pageCount: Math.max(1, Math.ceil(listed / INVOICES_PAGE_SIZE)) };
}

/** Rows read per query by the export: memory stays flat whatever the number of invoices. */
export const INVOICE_EXPORT_CHUNK = 1000;

/**
 * Every invoice of the filtered period, in the order of issue, in chunks. Keyset paging on
 * (issued_on, id), so each chunk is as fast as the first and none is skipped or repeated.
 */
export async function* exportInvoices(db: Database, filters: InvoiceFilters, chunk = INVOICE_EXPORT_CHUNK): AsyncGenerator<InvoiceListRow[]> {
  const where = conditions(filters);
  let cursor: { on: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${invoices.issuedOn}, ${invoices.id}) > (${cursor.on}::date, ${cursor.id})` : undefined;
    const rows: InvoiceListRow[] = await rowsQuery(db)
      .where(and(where, after))
      .orderBy(asc(invoices.issuedOn), asc(invoices.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    cursor = { on: last.issuedOn, id: last.id };
  }
}
