import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { formatDate, formatDateTime, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { addressLines, personName } from "~/domain/orders/my-orders";
import { INSTALLATION_SLOTS, slotLabel } from "~/domain/orders/installation-slots";
import { nextStatuses } from "~/domain/orders/order-status";
import { EVENT_DETAIL_LABELS } from "~/domain/orders/status-move";
import { withdrawalView } from "~/domain/orders/withdrawal-handling";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import { payLinkUrl } from "./phone-orders.server";
import { deliveryView } from "~/domain/quotes/delivery-view";
import { orderVat } from "~/domain/basket/basket-vat";
import type { Database } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";
import { orderEvents, orderLines, orders, withdrawals } from "./orders-schema.server";
import { orderInvoices } from "../invoices/order-invoices.server";
import { loadOrderPayments } from "../payments/order-payments.server";
import { notCancelled } from "./order-status-sql.server";

/*
 * Everything the order page of the back office shows (issue 11), read in one place and
 * returned ready to print: lines, addresses, totals with and without VAT (domain/pricing.ts,
 * prices include 21 % VAT), what the status flow recorded, the customer's other orders (by
 * e-mail: orders placed before an account was linked count too), the history of status
 * changes, the withdrawal and the e-mails sent about the order; and (issue 12) its card and
 * Bizum payments and refunds.
 */

/** The other orders listed on the page; the count and amount cover all of them. */
const HISTORY_LIMIT = 10;

function detailValue(key: string, value: string): string {
  if (key === "fechaPago" || key === "fechaInstalacion") return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatYmd(value) : value;
  if (key === "franja") return slotLabel(value);
  return value;
}

/** A refund's line in the history (issue 12): the status does not move, money does. */
const REFUND_DETAIL_LABELS: Record<string, string> = { reembolso: "Importe", medio: "Medio", referencia: "Referencia", motivo: "Motivo" };

/** In the order of the labels (jsonb keeps its keys in an order of its own); unknown keys last. */
function detailsInOrder(details: Record<string, string>): { label: string; value: string }[] {
  const labels = "reembolso" in details ? REFUND_DETAIL_LABELS : EVENT_DETAIL_LABELS;
  const known = Object.keys(labels);
  const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return Object.entries(details)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => ({ label: labels[key] ?? key, value: detailValue(key, value) }));
}

export async function loadAdminOrder(db: Database, number: string, now = new Date()) {
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) return null;
  const others = and(eq(orders.userEmail, order.userEmail), ne(orders.id, order.id));
  const [lines, events, [withdrawal], history, [totals], mails] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)).limit(1),
    db
      .select({ number: orders.number, createdAt: orders.createdAt, status: orders.status, amountCents: orders.amountCents })
      .from(orders)
      .where(others)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(HISTORY_LIMIT),
    db
      .select({
        count: sql<number>`count(*)::int`,
        // Cancelled orders were never (or no longer) the shop's money.
        amountCents: sql<number>`coalesce(sum(${orders.amountCents}) filter (where ${notCancelled}), 0)::int`,
      })
      .from(orders)
      .where(others),
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref, orderRef(order.id)), eq(outbox.kind, "email")))
      .orderBy(asc(outbox.id)),
  ]);
  const [payments, issued] = await Promise.all([
    loadOrderPayments(db, order, withdrawal ?? null, now),
    orderInvoices(db, order.id),
  ]);

  return {
    number: order.number,
    status: order.status,
    payMethod: order.payMethod,
    payMethodLabel: payMethodLabel(order.payMethod),
    date: formatDateTime(order.createdAt),
    // A phone order (issue 30): who placed it and the customer's payment link.
    phoneOrder: order.payToken ? { by: order.placedBy ?? "", link: payLinkUrl(order.payToken), awaiting: order.status === "Pendiente de Pago" } : null,
    customer: {
      email: order.userEmail,
      name: personName(order.addressBill),
      company: order.addressBill.empresa,
      id: order.addressBill.id,
      phone: order.addressSend.telefono,
    },
    lines: lines.map((line) => ({
      name: `${line.brand} ${line.model}`.trim(),
      family: line.family,
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
    addressSendId: order.addressSend.id,
    addressBill: addressLines(order.addressBill),
    addressBillId: order.addressBill.id,
    recorded: {
      paidAt: order.paidAt ? formatDate(order.paidAt) : null,
      bankReference: order.bankReference,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      installationDate: order.installationDate ? formatYmd(order.installationDate) : null,
      installationSlot: order.installationSlot ? slotLabel(order.installationSlot) : null,
      cancelReason: order.cancelReason,
    },
    installation: { date: order.installationDate ?? "", slot: order.installationSlot ?? "" },
    internalNotes: order.internalNotes,
    next: nextStatuses(order.status),
    slots: INSTALLATION_SLOTS.map((value) => ({ value, label: slotLabel(value) })),
    today: madridDay(now),
    events: events.map((event) => ({
      id: event.id,
      at: formatDateTime(event.at),
      actor: event.actor,
      from: event.fromStatus,
      to: event.toStatus,
      refund: "reembolso" in event.details,
      details: detailsInOrder(event.details),
    })),
    // Shown with the withdrawals' own summary; handled on /admin/desistimientos/:id.
    withdrawal: withdrawal ? withdrawalView(withdrawal) : null,
    payments,
    // The order's invoices (issue 13), each with its PDF.
    invoices: issued.map((invoice) => ({ ...invoice, date: formatYmd(invoice.issuedOn) })),
    history: {
      count: totals?.count ?? 0,
      amountCents: totals?.amountCents ?? 0,
      orders: history.map((row) => ({ number: row.number, date: formatDate(row.createdAt), status: row.status, amountCents: row.amountCents })),
    },
    mails: mails.map((mail) => {
      const view = deliveryView(mail);
      return {
        id: mail.id,
        subject: String((mail.payload as { subject?: unknown }).subject ?? ""),
        queuedAt: formatDateTime(mail.createdAt),
        state: view.state,
        at: view.at ? formatDateTime(view.at) : null,
        reason: view.reason,
      };
    }),
  };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof loadAdminOrder>>>;
