import { z } from "zod";
import { listQuery } from "../page-numbers";

/* The back office's customer records (issue 30): the list's URL (?q=, ?pagina=). */

export const CUSTOMER_RECORDS_PAGE_SIZE = 25;
export const CUSTOMER_RECORD_SEARCH_MAX = 100;
/** A record's notes (its form in customer-form.ts; here so the page carries no Zod). */
export const NOTES_MAX = 4000;

export type CustomerRecordQuery = { q: string; page: number };

export function parseCustomerRecordQuery(params: URLSearchParams): CustomerRecordQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, CUSTOMER_RECORD_SEARCH_MAX);
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { q, page: page.success ? page.data : 1 };
}

export function customerRecordsHref(query: CustomerRecordQuery, page = query.page): string {
  return `/admin/clientes${listQuery({ q: query.q }, page)}`;
}

export const customerHref = (id: number) => `/admin/clientes/${id}`;
