import { z } from "zod";
import { listQuery } from "../page-numbers";
import { QUOTE_STATUSES, type QuoteStatus } from "./quote-status";

/** The back office's quote list URL (issue 17): ?q= text, ?estado= status or "caducado", ?pagina=. */
export type QuoteListQuery = { q: string; status: QuoteStatus | "caducado" | null; page: number };

export function parseQuoteListQuery(params: URLSearchParams): QuoteListQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  const status = z.enum([...QUOTE_STATUSES, "caducado"]).safeParse(params.get("estado"));
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { q, status: status.success ? status.data : null, page: page.success ? page.data : 1 };
}

export function quoteListHref(query: QuoteListQuery, page = query.page): string {
  return `/admin/presupuestos${listQuery({ q: query.q, estado: query.status }, page)}`;
}
