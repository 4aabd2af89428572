import { addDays, isYmd, madridDay } from "../dates/madrid-dates";

/*
 * The back office's invoice list (issue 13): the period and the series live in the URL, so
 * every view is a link, the CSV exports the same view, and it works without JavaScript.
 * Parameters (Spanish): desde, hasta (days of issue, Madrid, both included), serie (F or R),
 * pagina. Without dates the list shows the current month in Madrid. Unlike the order list, a
 * value it does not understand is refused (400, in Spanish): a period that silently became
 * another one would give the accountant wrong totals.
 * Plain code, no Zod: the list page imports this module, and Zod would weigh ~26 KB gzip.
 */

export const INVOICES_PAGE_SIZE = 50;
export const INVOICE_SERIES = ["F", "R"] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];
export const SERIES_LABELS: Record<InvoiceSeries, string> = { F: "Facturas (F)", R: "Rectificativas (R)" };

export type InvoiceFilters = {
  /** "YYYY-MM-DD", Madrid days, both included. */
  from: string;
  to: string;
  series?: InvoiceSeries;
  page: number;
};

export type ParsedInvoiceFilters = { ok: true; filters: InvoiceFilters } | { ok: false; error: string };

/** The first and last day of the month of `today` ("2026-11-23" -> 1 and 30 November). */
export function monthOf(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`;
  const [y, m] = today.split("-").map(Number) as [number, number];
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(nextMonth, -1) };
}

const blank = (value: string | null) => value === null || value.trim() === "";

/**
 * The filters of a list or export address. A missing "desde" or "hasta" takes the current
 * month's (Madrid) first or last day; `now` is passed in by tests.
 */
export function parseInvoiceFilters(params: URLSearchParams, now: Date = new Date()): ParsedInvoiceFilters {
  const month = monthOf(madridDay(now));
  const rawFrom = params.get("desde");
  const rawTo = params.get("hasta");
  const from = blank(rawFrom) ? month.from : rawFrom!.trim();
  const to = blank(rawTo) ? month.to : rawTo!.trim();
  if (!isYmd(from)) return { ok: false, error: "La fecha «desde» no es válida: escríbala como aaaa-mm-dd." };
  if (!isYmd(to)) return { ok: false, error: "La fecha «hasta» no es válida: escríbala como aaaa-mm-dd." };
  if (from > to) return { ok: false, error: "La fecha «desde» es posterior a la fecha «hasta»." };
  const rawSeries = params.get("serie");
  let series: InvoiceSeries | undefined;
  if (!blank(rawSeries)) {
    const value = rawSeries!.trim().toUpperCase();
    if (!(INVOICE_SERIES as readonly string[]).includes(value)) return { ok: false, error: "La serie no existe: elija F (facturas) o R (rectificativas)." };
    series = value as InvoiceSeries;
  }
  const rawPage = params.get("pagina");
  let page = 1;
  if (!blank(rawPage)) {
    const value = rawPage!.trim();
    if (!/^\d{1,7}$/.test(value) || Number(value) < 1) return { ok: false, error: "El número de página no es válido." };
    page = Number(value);
  }
  return { ok: true, filters: { from, to, series, page } };
}

/** The query string of a view: the period, the series, and the page when it is not the first. */
export function invoiceFiltersQuery(filters: InvoiceFilters, page = 1): string {
  const params = new URLSearchParams();
  params.set("desde", filters.from);
  params.set("hasta", filters.to);
  if (filters.series) params.set("serie", filters.series);
  if (page > 1) params.set("pagina", String(page));
  return `?${params.toString()}`;
}
