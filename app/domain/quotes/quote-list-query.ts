import { z } from "zod";
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
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("estado", query.status);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return `/admin/presupuestos${search ? `?${search}` : ""}`;
}
