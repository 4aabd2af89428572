import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { jobHeading } from "~/domain/jobs/job-kinds";
import { jobReferenceSql } from "../jobs/jobs.server";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { SEARCH_GROUP_SIZE, SEARCH_KIND_LIMIT, SEARCH_KINDS, type SearchGroup, type SearchHit, type SearchKind } from "~/domain/admin/search-terms";
import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { formatEuros } from "~/domain/money";
import { containsPattern } from "~/domain/quotes/quote-inbox";
import { QUOTE_STATUS_LABELS } from "~/domain/quotes/quote-status";
import { REQUEST_STATE_LABELS } from "~/domain/quotes/request-state";
import { VISIT_STATE_LABELS } from "~/domain/visits/visit-state";
import { customerLabel } from "~/domain/customers/customer-facts";
import { customerHref } from "~/domain/customers/customer-list";
import { listedCustomers } from "../customers/customer-list.server";
import { customers } from "../customers/customers-schema.server";
import type { Database } from "../db/client.server";
import { invoices } from "../invoices/invoices-schema.server";
import { jobs } from "../jobs/jobs-schema.server";
import { orders } from "../orders/orders-schema.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";
import { personName } from "~/domain/orders/my-orders";

/*
 * The back office's one search (issue 30): orders, requests, quotes, jobs, invoices, visits
 * and customers found by number, name, company, phone, e-mail, NIF or address, newest first,
 * grouped by kind. Each kind's table keeps its searched text (a generated `search_text`, or
 * for accounts an indexed expression) with a trigram index, so "contains every term" is an
 * index lookup: p95 under 100 ms with 100,000 orders and 50,000 requests on PostgreSQL
 * (scripts/bench/admin-search.ts).
 */

/** Contains every term (terms come folded from searchTerms; LIKE's wildcards are escaped). */
function containsAll(searched: AnyPgColumn | SQL, terms: string[]): SQL {
  return and(...terms.map((term) => sql`${searched} like ${containsPattern(term)}`))!;
}

type Finder = (db: Database, terms: string[], limit: number) => Promise<SearchHit[]>;

const FINDERS: Record<SearchKind, Finder> = {
  pedidos: async (db, terms, limit) => {
    const rows = await db
      .select({ number: orders.number, status: orders.status, amountCents: orders.amountCents, bill: orders.addressBill, email: orders.userEmail, createdAt: orders.createdAt })
      .from(orders)
      .where(containsAll(orders.searchText, terms))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `pedido-${row.number}`,
      title: `Pedido ${row.number}`,
      details: [personName(row.bill) || row.bill.empresa || row.email, row.status, formatEuros(row.amountCents)],
      when: formatDate(row.createdAt),
      href: `/admin/pedidos/${encodeURIComponent(row.number)}`,
    }));
  },
  solicitudes: async (db, terms, limit) => {
    const rows = await db
      .select({ id: contactRequests.id, name: contactRequests.nameAndSurname, town: contactRequests.town, state: contactRequests.state, createdAt: contactRequests.createdAt })
      .from(contactRequests)
      .where(containsAll(contactRequests.searchText, terms))
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `solicitud-${row.id}`,
      title: row.name,
      details: [row.town, REQUEST_STATE_LABELS[row.state]],
      when: formatDate(row.createdAt),
      href: `/admin/solicitudes/${row.id}`,
    }));
  },
  presupuestos: async (db, terms, limit) => {
    const rows = await db
      .select({ number: quotes.number, customer: quotes.customer, status: quotes.status, createdAt: quotes.createdAt })
      .from(quotes)
      .where(containsAll(quotes.searchText, terms))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `presupuesto-${row.number}`,
      title: `Presupuesto ${row.number}`,
      details: [row.customer.name, row.customer.town, QUOTE_STATUS_LABELS[row.status]],
      when: formatDate(row.createdAt),
      href: `/admin/presupuestos/${encodeURIComponent(row.number)}`,
    }));
  },
  trabajos: async (db, terms, limit) => {
    const rows = await db
      .select({ id: jobs.id, kind: jobs.kind, customer: jobs.customer, place: jobs.workPlace, status: jobs.status, startsAt: jobs.startsAt, createdAt: jobs.createdAt, reference: jobReferenceSql })
      .from(jobs)
      .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
      .where(containsAll(jobs.searchText, terms))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `trabajo-${row.id}`,
      title: jobHeading(row),
      details: [row.customer.name, [row.place.address, row.place.town].filter(Boolean).join(", "), JOB_STATUS_LABELS[row.status]],
      when: row.startsAt ? formatDateTime(row.startsAt) : formatDate(row.createdAt),
      href: `/admin/trabajos/${row.id}`,
    }));
  },
  facturas: async (db, terms, limit) => {
    const rows = await db
      .select({ number: invoices.number, buyer: invoices.buyer, totalCents: invoices.totalCents, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(containsAll(invoices.searchText, terms))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `factura-${row.number}`,
      title: `Factura ${row.number}`,
      details: [row.buyer.name, formatEuros(row.totalCents)],
      when: formatDate(row.issuedAt),
      href: `/admin/facturas/${encodeURIComponent(row.number)}/pdf`,
    }));
  },
  visitas: async (db, terms, limit) => {
    const rows = await db
      .select({ id: visits.id, requestId: visits.contactRequestId, name: visits.name, town: visits.town, state: visits.state, startsAt: visits.startsAt })
      .from(visits)
      .where(containsAll(visits.searchText, terms))
      .orderBy(desc(visits.startsAt), desc(visits.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `visita-${row.id}`,
      title: `Visita a ${row.name}`,
      details: [row.town, VISIT_STATE_LABELS[row.state]],
      when: formatDateTime(row.startsAt),
      href: row.requestId ? `/admin/solicitudes/${row.requestId}` : "/admin/visitas",
    }));
  },
  clientes: async (db, terms, limit) => {
    // Customer records only: never staff, never a record merged into another (customer-list.server).
    const rows = await db
      .select({ id: customers.id, name: customers.name, company: customers.company, email: customers.email, phone: customers.phone, town: customers.town, createdAt: customers.createdAt })
      .from(customers)
      .where(and(containsAll(customers.searchText, terms), listedCustomers()))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(limit);
    return rows.map((row) => ({
      key: `cliente-${row.id}`,
      title: customerLabel(row),
      details: [row.email, row.phone, row.town].filter(Boolean),
      when: `Cliente desde el ${formatDate(row.createdAt)}`,
      href: customerHref(row.id),
    }));
  },
};

/**
 * Every kind's newest matches (SEARCH_GROUP_SIZE each), or one kind's (SEARCH_KIND_LIMIT);
 * `more` says there were more than shown. Kinds with nothing found are left out.
 */
export async function searchEverything(db: Database, terms: string[], only: SearchKind | null = null): Promise<SearchGroup[]> {
  const kinds = only ? [only] : SEARCH_KINDS;
  const shown = only ? SEARCH_KIND_LIMIT : SEARCH_GROUP_SIZE;
  const groups = await Promise.all(
    kinds.map(async (kind) => {
      const hits = await FINDERS[kind](db, terms, shown + 1);
      return { kind, hits: hits.slice(0, shown), more: hits.length > shown };
    }),
  );
  return groups.filter((group) => group.hits.length > 0);
}
