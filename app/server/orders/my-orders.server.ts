import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { formatDate, formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import { formatIban } from "~/domain/payments/iban";
import { addressLines, addressSummary, installationText, shipmentText, statusNote, type OrderRow } from "~/domain/orders/my-orders";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import { orderVat } from "~/domain/basket/basket-vat";
import { withdrawalState } from "~/domain/orders/withdrawal";
import { isAwaitingPayment, isAwaitingTransfer, isCancelled } from "~/domain/orders/order-status";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import { config, redsysConfig } from "../config.server";
import { attemptsOf } from "../payments/attempts.server";
import { getDb } from "../db/db.server";
import { refunds } from "../payments/payments-schema.server";
import { orderLines, orders, withdrawals } from "./orders-schema.server";
import { orderInvoices } from "../invoices/order-invoices.server";
import { loadFgasView } from "./fgas.server";
import type { SessionUser } from "../session.server";

/*
 * "Mis Pedidos" (spec sections 2, 6, 7): the signed-in user's orders. The filter is the
 * session's user id, taken on the server from the session cookie; nothing the browser sends
 * chooses whose orders are read (docs/deviations.md: by account, not by typed e-mail).
 */


function lineName(line: { brand: string; model: string }): string {
  return `${line.brand} ${line.model}`.trim();
}

/** Newest first. */
export async function listMyOrders(user: SessionUser): Promise<OrderRow[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, withdrawn] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    db.select({ orderId: withdrawals.orderId }).from(withdrawals).where(inArray(withdrawals.orderId, ids)),
  ]);
  const withdrawnIds = new Set(withdrawn.map((w) => w.orderId));
  return rows.map((row) => ({
    number: row.number,
    status: row.status,
    date: formatDate(row.createdAt),
    addressSend: addressSummary(row.addressSend),
    payMethod: payMethodLabel(row.payMethod),
    products: lines.filter((line) => line.orderId === row.id).map(lineName),
    amountCents: row.amountCents,
    withdrawn: withdrawnIds.has(row.id),
    statusNote: statusNote(row),
  }));
}

/**
 * The one reader of a single order: the signed-in user's order with this number and its lines,
 * or null (also when it is someone else's). The checkout confirmation and the order page use it.
 */
export async function findMyOrder(user: SessionUser, number: string) {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.userId, user.id)))
    .limit(1);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  return { order, lines };
}

type OrderRecord = typeof orders.$inferSelect;

/** The bank details of an order waiting for its transfer (the reference is its number), or null. */
export function transferView(order: OrderRecord) {
  const c = config();
  return isAwaitingTransfer(order) ? { holder: c.BANK_ACCOUNT_HOLDER, iban: formatIban(c.BANK_IBAN), concept: order.number } : null;
}

/** A card or Bizum order still to pay (issue 12): pay again, or switch to a transfer; null otherwise. */
export function paymentView(order: OrderRecord, last: Awaited<ReturnType<typeof attemptsOf>>[number] | undefined) {
  return isAwaitingPayment(order.status) && isOnlineMethod(order.payMethod)
    ? {
        online: redsysConfig() !== null,
        heldUntil: order.unitsHeld && order.holdUntil ? formatDateTime(order.holdUntil) : null,
        released: !order.unitsHeld,
        last: last ? { state: last.state, meaning: last.responseMeaning, at: formatDateTime(last.createdAt), method: payMethodLabel(last.method) } : null,
      }
    : null;
}

export async function loadMyOrder(user: SessionUser, number: string, now = new Date()) {
  const found = await findMyOrder(user, number);
  if (!found) return null;
  const { order, lines } = found;
  const db = await getDb();
  const [[withdrawal], attempts, refunded, issued, fgas] = await Promise.all([
    db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).limit(1),
    attemptsOf(db, order.id),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.state, "hecho")))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
    orderInvoices(db, order.id),
    loadFgasView(db, order, now),
  ]);
  const last = attempts[0];
  const state = withdrawalState(order, withdrawal?.createdAt ?? null, now);
  return {
    number: order.number,
    status: order.status,
    date: formatDateTime(order.createdAt),
    payMethod: payMethodLabel(order.payMethod),
    // What the shop recorded with the status (issue 11): shown as soon as it is set.
    shipment: shipmentText(order),
    installation: isCancelled(order.status) ? null : installationText(order),
    cancelReason: isCancelled(order.status) ? order.cancelReason : null,
    lines: lines.map((line) => ({
      name: lineName(line),
      type: line.type,
      gas: line.gas,
      region: line.region,
      priceCents: line.priceCents,
    })),
    shippingCents: order.shippingCents,
    amountCents: order.amountCents,
    // Without VAT for Canarias, Ceuta and Melilla (decision 0009): the amount is already net.
    withoutVatCents: orderVat(order.amountCents, order.addressSend.cp, order.vatExempt).withoutVatCents,
    vatExempt: orderVat(order.amountCents, order.addressSend.cp, order.vatExempt).vatExempt,
    addressSend: addressLines(order.addressSend),
    addressBill: addressLines(order.addressBill),
    transfer: transferView(order),
    // The order's invoices (issue 13), each a PDF to download.
    invoices: issued.map((invoice) => ({
      number: invoice.number,
      // An invoice annulled (a payment recorded by mistake, undone) stays listed, as annulled.
      label: invoice.series === "R" ? "Factura rectificativa" : invoice.annulled ? "Factura anulada" : "Factura",
      date: formatYmd(invoice.issuedOn),
      totalCents: invoice.totalCents,
      href: `/login/pedidos/${encodeURIComponent(order.number)}/facturas/${invoice.number}`,
    })),
    // Money given back (issue 12): how much, when and how.
    refunds: refunded.map((refund) => ({
      amountCents: refund.amountCents,
      date: refund.refundedOn ? formatYmd(refund.refundedOn) : formatDate(refund.createdAt),
      how:
        refund.channel === "transferencia"
          ? "por transferencia bancaria"
          : attempts.find((attempt) => attempt.id === refund.attemptId)?.method === "bizum"
            ? "a su cuenta Bizum"
            : "a su tarjeta",
    })),
    // A card or Bizum order still to pay (issue 12): pay again, or switch to a transfer.
    payment: paymentView(order, last),
    withdrawal:
      state.kind === "open"
        ? { kind: "open" as const, deadline: formatDate(state.deadline) }
        : state.kind === "requested"
          ? { kind: "requested" as const, at: formatDateTime(state.at), reason: withdrawal?.reason ?? "" }
          : state.kind === "expired"
            ? { kind: "expired" as const, deadline: formatDate(state.deadline) }
            : { kind: "not-applicable" as const },
    // The F-gas declaration made with the order (issue 15), or null.
    fgas,
  };
}

export type MyOrder = NonNullable<Awaited<ReturnType<typeof loadMyOrder>>>;
