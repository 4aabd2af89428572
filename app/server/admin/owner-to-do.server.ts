import { and, between, count, desc, eq, inArray } from "drizzle-orm";
import { addDays, madridInstant } from "~/domain/dates/madrid-dates";
import type { OwnerToDo } from "~/domain/admin/owner-to-do";
import type { Database } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";
import { depositWaiting } from "../jobs/jobs.server";
import { jobs } from "../jobs/jobs-schema.server";
import { countOverdueDeclarations } from "../orders/fgas.server";
import { orders } from "../orders/orders-schema.server";
import { refPage } from "../outbox-refs.server";
import { quoteStatusIs } from "../quotes/quote-store.server";
import { contactRequests, quotes } from "../quotes/quotes-schema.server";
import { visits } from "../visits/visits-schema.server";

/*
 * What waits for the owner (issue 30), under the agenda on the home page: each a count of one
 * state that the list it links to filters by, so the figure and the list always agree (the
 * quotes' and jobs' conditions are their lists' own: quoteStatusIs, depositWaiting).
 */
/** How many failed deliveries Hoy names one by one. */
const FAILED_SHOWN = 5;

async function failedDeliveries(db: Database): Promise<OwnerToDo["failed"]> {
  const failed = eq(outbox.status, "failed");
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(outbox).where(failed),
    db.select({ id: outbox.id, kind: outbox.kind, ref: outbox.ref }).from(outbox).where(failed).orderBy(desc(outbox.updatedAt), desc(outbox.id)).limit(FAILED_SHOWN),
  ]);
  const pages = rows.map((row) => refPage(row.ref));
  const orderIds = pages.flatMap((page) => (page && "order" in page ? [page.order] : []));
  const numbers = orderIds.length ? await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds)) : [];
  const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
  const latest = rows.map((row, i) => {
    const page = pages[i];
    const number = page && "order" in page ? numberOf.get(page.order) : undefined;
    if (page && "href" in page) return { id: row.id, kind: row.kind, about: page.about, href: page.href };
    if (number) return { id: row.id, kind: row.kind, about: `del pedido ${number}`, href: `/admin/pedidos/${encodeURIComponent(number)}#correos-titulo` };
    return { id: row.id, kind: row.kind, about: "", href: null };
  });
  return { count: Number(total?.n ?? 0), latest };
}

export async function ownerToDo(db: Database, today: string, agendaUntil: string, now = new Date()): Promise<OwnerToDo> {
  const [requestRows, visitRows, quoteRows, expiringRows, jobRows, depositRows, fgasOverdue, failed] = await Promise.all([
    db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.state, "nuevo")),
    db
      .select({ n: count() })
      .from(visits)
      .where(and(eq(visits.state, "reservada"), between(visits.startsAt, now, madridInstant(addDays(agendaUntil, 1))))),
    db.select({ status: quotes.status, n: count() }).from(quotes).where(inArray(quotes.status, ["borrador", "cambios_pedidos"])).groupBy(quotes.status),
    db.select({ n: count() }).from(quotes).where(quoteStatusIs("por_caducar", today)),
    db.select({ status: jobs.status, n: count() }).from(jobs).where(inArray(jobs.status, ["pendiente_programar", "terminado"])).groupBy(jobs.status),
    db.select({ n: count() }).from(jobs).where(depositWaiting),
    countOverdueDeclarations(db, now),
    failedDeliveries(db),
  ]);
  const of = (rows: Array<{ status: string; n: number }>, status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  const first = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);
  return {
    newRequests: first(requestRows),
    visitsAhead: first(visitRows),
    quoteDrafts: of(quoteRows, "borrador"),
    changesAsked: of(quoteRows, "cambios_pedidos"),
    quotesExpiring: first(expiringRows),
    jobsToSchedule: of(jobRows, "pendiente_programar"),
    jobsToCharge: of(jobRows, "terminado"),
    depositsWaiting: first(depositRows),
    fgasOverdue,
    failed,
  };
}

/**
 * The same, once per request: the admin frame (the menu's counts) and Hoy both need it, and on
 * /admin their loaders run side by side in one request. Keyed on the request's load context (a
 * new one per request, shared by its loaders), as the basket's state is; without one, computed.
 */
const ofRequest = new WeakMap<object, Promise<OwnerToDo>>();

export function ownerToDoOnce(context: unknown, db: Database, today: string, agendaUntil: string, now = new Date()): Promise<OwnerToDo> {
  if (!context || typeof context !== "object") return ownerToDo(db, today, agendaUntil, now);
  let pending = ofRequest.get(context);
  if (!pending) {
    pending = ownerToDo(db, today, agendaUntil, now);
    ofRequest.set(context, pending);
  }
  return pending;
}
