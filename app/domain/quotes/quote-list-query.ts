import { z } from "zod";
import { listQuery } from "../page-numbers";
import { QUOTE_STATUSES, type QuoteStatus } from "./quote-status";

/**
 * The back office's quote list URL (issue 17): ?q= text, ?estado= a status, "caducado" (sent and
 * past its date) or "por_caducar" (sent, last day within EXPIRING_SOON_DAYS: issue 30's Hoy), ?pagina=.
 */
export const DATE_STATES = ["caducado", "por_caducar"] as const;
export type QuoteListQuery = { q: string; status: QuoteStatus | (typeof DATE_STATES)[number] | null; page: number };

export function parseQuoteListQuery(params: URLSearchParams): QuoteListQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  const status = z.enum([...QUOTE_STATUSES, ...DATE_STATES]).safeParse(params.get("estado"));
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { q, status: status.success ? status.data : null, page: page.success ? page.data : 1 };
}

export function quoteListHref(query: QuoteListQuery, page = query.page): string {
  return `/admin/presupuestos${listQuery({ q: query.q, estado: query.status }, page)}`;
}
