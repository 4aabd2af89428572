import { z } from "zod";
import { listQuery } from "../page-numbers";
import { isYmd } from "../dates/madrid-dates";
import { PAY_METHODS, type PayMethod } from "../payments/payment-methods";
import { foldAccents } from "../catalogue/search-folding";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";

/*
 * The back office's order list (issue 11): filters, text and page live in the URL, so every
 * view is a link and works without JavaScript. Parameters (Spanish): estado, pago, desde,
 * hasta (Madrid days, both included), q, pagina. A value the list does not know is ignored
 * rather than refused: a filter link is never an error page.
 */

export const ORDERS_PAGE_SIZE = 50;
export const MAX_SEARCH_LENGTH = 100;
/** More words than this narrow nothing down further; the rest are ignored. */
const MAX_SEARCH_WORDS = 8;

export type OrderFilters = {
  status?: OrderStatus;
  payMethod?: PayMethod;
  /** "YYYY-MM-DD", Madrid days. */
  from?: string;
  to?: string;
  text: string;
  page: number;
};

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/*
 * Built on first use, not at import: the list page's component imports this module for its
 * links, and a schema made at the top would carry Zod into the browser's bundle (~26 KB gzip).
 */
let built: ReturnType<typeof buildSchema> | undefined;
const schema = () => (built ??= buildSchema());

function buildSchema() {
  const day = z.preprocess(blankToUndefined, z.string().refine(isYmd).optional()).catch(undefined);
  return z.object({
    estado: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()).catch(undefined),
    pago: z.preprocess(blankToUndefined, z.enum(PAY_METHODS).optional()).catch(undefined),
    desde: day,
    hasta: day,
    q: z
      .string()
      .catch("")
      .transform((value) => value.trim().slice(0, MAX_SEARCH_LENGTH)),
    pagina: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  });
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const parsed = schema().parse({
    estado: params.get("estado") ?? undefined,
    pago: params.get("pago") ?? undefined,
    desde: params.get("desde") ?? undefined,
    hasta: params.get("hasta") ?? undefined,
    q: params.get("q") ?? "",
    pagina: params.get("pagina") ?? 1,
  });
  return {
    status: parsed.estado,
    payMethod: parsed.pago,
    from: parsed.desde,
    to: parsed.hasta,
    text: parsed.q,
    page: parsed.pagina,
  };
}

/** The query string of a view: the filters, and the page when it is not the first. */
export function filtersQuery(filters: OrderFilters, page = 1): string {
  return listQuery({ estado: filters.status, pago: filters.payMethod, desde: filters.from, hasta: filters.to, q: filters.text }, page);
}

export function hasFilters(filters: OrderFilters): boolean {
  return Boolean(filters.status || filters.payMethod || filters.from || filters.to || filters.text);
}

/**
 * The words of a search as a PostgreSQL text query, each one a prefix ("garc" finds
 * "garcía"), accents folded as in orders.search (~/domain/search-folding), all required: "'garc':* & '1234':*". Each word is quoted (quotes doubled,
 * backslashes dropped), so no character typed can change the query's syntax; the result is
 * passed as a bound parameter of to_tsquery, never written into the SQL. Words without a
 * letter or a digit are skipped. Null: nothing to search for.
 */
export function prefixQuery(text: string): string | null {
  const words = foldAccents(text)
    .split(/\s+/)
    .map((word) => word.replace(/\\/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `'${word.replace(/'/g, "''")}':*`).join(" & ");
}
