import { z } from "zod";
import { listQuery } from "../page-numbers";
import { REQUEST_STATES, type RequestState } from "./request-state";

/*
 * The quote-request inbox's URL (issue 11): ?q= text, ?estado= state, ?pagina= page. Anything
 * unreadable falls back to the default view rather than an error: links get typed and cut.
 * The request page's two forms have their schemas in quote-forms.ts (the action's, kept out of
 * the list page's browser bundle).
 */

export const INBOX_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const NOTES_MAX_LENGTH = 5000;

export type InboxQuery = { q: string; state: RequestState | null; page: number };

export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  const state = z.enum(REQUEST_STATES).safeParse(params.get("estado"));
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { q, state: state.success ? state.data : null, page: page.success ? page.data : 1 };
}

/** The inbox's address for a view; the page number is left out on the first page. */
export function inboxHref(query: InboxQuery, page = query.page): string {
  return `/admin/solicitudes${listQuery({ q: query.q, estado: query.state }, page)}`;
}

/** A LIKE pattern that finds `text` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}


export type QuoteIntent = "state" | "notes" | "retry";

/** What the request page's action answers; `outboxId` says which delivery a retry was about. */
export type QuoteReply =
  | { ok: true; intent: QuoteIntent; message: string; outboxId?: number }
  | { ok: false; intent: QuoteIntent | null; error: string; outboxId?: number };
