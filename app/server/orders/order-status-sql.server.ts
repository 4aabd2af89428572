import { and, eq, ne, sql } from "drizzle-orm";
import { AWAITING_PAYMENT, AWAITING_TRANSFER, CANCELLED } from "~/domain/orders/order-status";
import { orders } from "../db/schema.server";

/*
 * The status questions of domain/orders/order-status.ts as conditions on the orders table, for
 * the queries that count or pick orders (the back office's home, the scheduled jobs): the same
 * answer in SQL as on the page (decision 0022).
 */

/** isAwaitingPayment. */
export const awaitingPayment = eq(orders.status, AWAITING_PAYMENT);

/** isAwaitingTransfer. */
export const awaitingTransfer = and(eq(orders.status, AWAITING_TRANSFER.status), eq(orders.payMethod, AWAITING_TRANSFER.payMethod));

/** !isCancelled. */
export const notCancelled = ne(orders.status, CANCELLED);

/** Where an unpaid transfer's days count from: the order, or its switch from card or Bizum (issue 12). */
export const transferDaysSince = sql<Date>`coalesce(${orders.transferSince}, ${orders.createdAt})`;
