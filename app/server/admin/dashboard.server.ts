import { and, asc, count, eq, gte, inArray, lt, lte, sql, sum } from "drizzle-orm";
import { dashboardPeriods } from "~/domain/orders/dashboard-periods";
import { OPEN_REQUEST_STATES, type RequestState } from "~/domain/quotes/request-state";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { products } from "../catalogue/catalogue-schema.server";
import { jobCharges } from "../jobs/jobs-schema.server";
import { orders } from "../orders/orders-schema.server";
import { paymentAttempts, refunds } from "../payments/payments-schema.server";
import { contactRequests } from "../quotes/quotes-schema.server";
import { awaitingTransfer, transferDaysSince } from "../orders/order-status-sql.server";
import { agenda } from "./agenda.server";
import { homeFigures } from "./figures.server";
import { ownerToDoOnce } from "./owner-to-do.server";

/*
 * The figures of the back office's home page (issue 11): new orders and their amount today and
 * this week, transfers waiting and how many are late, open quote requests, products low on
 * stock; card payments to review (issue 12); the agenda of today and the next seven days: jobs,
 * visits and installations (issue 30, agenda.server.ts). Each is a small query on an indexed column.
 */

/** Low-stock products listed on the home page; the count covers them all. */
export const LOW_STOCK_LIST = 8;

async function placed(db: Database, from: Date, to: Date) {
  const [row] = await db
    .select({ n: count(), cents: sum(orders.amountCents) })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)));
  return { count: Number(row?.n ?? 0), amountCents: Number(row?.cents ?? 0) };
}

async function transfersWaiting(db: Database, lateBefore: Date) {
  const [row] = await db
    .select({
      n: count(),
      late: sql<number>`count(*) filter (where ${transferDaysSince} < ${lateBefore.toISOString()}::timestamptz)::int`,
    })
    .from(orders)
    .where(awaitingTransfer);
  return { count: Number(row?.n ?? 0), late: Number(row?.late ?? 0) };
}

async function openQuotes(db: Database) {
  const rows = await db
    .select({ state: contactRequests.state, n: count() })
    .from(contactRequests)
    .where(inArray(contactRequests.state, [...OPEN_REQUEST_STATES]))
    .groupBy(contactRequests.state);
  const byState = Object.fromEntries(OPEN_REQUEST_STATES.map((state) => [state, 0])) as Record<RequestState, number>;
  for (const row of rows) byState[row.state] = Number(row.n);
  return { count: rows.reduce((total, row) => total + Number(row.n), 0), byState };
}

async function lowStock(db: Database) {
  const low = and(eq(products.active, true), lte(products.stock, products.lowStockThreshold));
  const [total] = await db.select({ n: count() }).from(products).where(low);
  const rows = await db
    .select({ id: products.id, brand: products.brand, model: products.model, family: products.family, stock: products.stock, threshold: products.lowStockThreshold })
    .from(products)
    .where(low)
    .orderBy(asc(products.stock), asc(products.brand), asc(products.model))
    .limit(LOW_STOCK_LIST);
  return { count: Number(total?.n ?? 0), rows };
}

/** Where a payment to review lives: an order's page, or (issue 31) a job's. */
export type ReviewPlace = { noun: "pedido" | "trabajo"; name: string; href: string };

const orderPlace = (number: string): ReviewPlace => ({ noun: "pedido", name: number, href: `/admin/pedidos/${number}#reembolsos` });
const jobPlace = (jobId: number): ReviewPlace => ({ noun: "trabajo", name: `nº ${jobId}`, href: `/admin/trabajos/${jobId}#devoluciones` });

/**
 * Money that needs the owner (issue 12; a job's charges, issue 31): second charges not yet
 * given back in full, and Redsys refunds whose answer never came (to be checked against the
 * bank's portal).
 */
async function paymentsToReview(db: Database) {
  const given = sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.state} <> 'rechazado'), 0)::int`;
  const charges = await db
    .select({ number: orders.number, jobId: jobCharges.jobId, code: paymentAttempts.code, amountCents: paymentAttempts.amountCents, givenCents: given })
    .from(paymentAttempts)
    .leftJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .leftJoin(jobCharges, eq(jobCharges.id, paymentAttempts.chargeId))
    .leftJoin(refunds, eq(refunds.attemptId, paymentAttempts.id))
    .where(eq(paymentAttempts.state, "a reembolsar"))
    .groupBy(paymentAttempts.id, orders.number, jobCharges.jobId)
    .having(sql`${given} < ${paymentAttempts.amountCents}`)
    .orderBy(asc(paymentAttempts.createdAt));
  const unanswered = await db
    .select({ id: refunds.id, number: orders.number, jobId: jobCharges.jobId, amountCents: refunds.amountCents })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(jobCharges, eq(jobCharges.id, refunds.jobChargeId))
    // Answer lost, or the process stopped while asking (no answer recorded after 5 minutes).
    .where(and(eq(refunds.state, "enviando"), sql`(${refunds.responseMeaning} is not null or ${refunds.createdAt} < now() - interval '5 minutes')`))
    .orderBy(asc(refunds.createdAt));
  const place = (row: { number: string | null; jobId: number | null }) => (row.number !== null ? orderPlace(row.number) : jobPlace(row.jobId!));
  return {
    charges: charges.map((row) => ({ code: row.code, place: place(row), leftCents: row.amountCents - Number(row.givenCents) })),
    unanswered: unanswered.map((row) => ({ id: row.id, place: place(row), amountCents: row.amountCents })),
  };
}

/** `context`: the request's load context, which the admin frame's loader shares (ownerToDoOnce). */
export async function dashboard(db: Database, now = new Date(), context?: unknown) {
  const reminderDays = config().TRANSFER_REMINDER_DAYS;
  const periods = dashboardPeriods(now, reminderDays);
  const [today, week, transfers, quotes, appointments, toDo, stock, review, figures] = await Promise.all([
    placed(db, periods.todayFrom, periods.tomorrowFrom),
    placed(db, periods.weekFrom, periods.tomorrowFrom),
    transfersWaiting(db, periods.lateBefore),
    openQuotes(db),
    agenda(db, periods.today, periods.agendaUntil),
    ownerToDoOnce(context, db, periods.today, periods.agendaUntil, now),
    lowStock(db),
    paymentsToReview(db),
    homeFigures(db, periods.today),
  ]);
  return { periods, reminderDays, today, week, transfers, quotes, agenda: appointments, toDo, lowStock: stock, review, figures };
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>;
