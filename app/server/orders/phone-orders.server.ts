import { asc, eq, sql } from "drizzle-orm";
import type { BasketLine } from "~/domain/catalogue/product";
import { orderVat } from "~/domain/basket/basket-vat";
import { PHONE_ORDER_MESSAGES, type PhoneOrderValues } from "~/domain/orders/phone-order-form";
import { user } from "../accounts/accounts-schema.server";
import type { Admin } from "../accounts/admin-access.server";
import { audit } from "../audit.server";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { newLinkToken } from "../link-tokens.server";
import { enqueue } from "../outbox.server";
import { orderRef } from "../outbox-refs.server";
import { phoneOrderEmail, type OrderMailFacts } from "./order-emails.server";
import { orderLines, orders } from "./orders-schema.server";
import { mailFactsOf, OrderRefused, orderTransaction, writeOrder, type OrderResult } from "./order-writer.server";
import { recordOrderNote } from "./order-moves.server";

/*
 * Orders for a customer who phones (issue 30). The owner's draft is written by the shop's one
 * order writer (order-writer.server.ts: the checkout's prices, VAT, service area, F-gas rule,
 * number and stock), for the customer's e-mail: the order belongs to the account with that
 * e-mail if there is one, and to the customer record (customerFor) always. Until the customer
 * chooses on the payment link, the order's method is card (the column cannot be empty; card
 * is the link's first choice) and its units are held PHONE_ORDER_PAYMENT_HOURS; when that
 * window closes they go back on sale as any card order's do (payment-window.server.ts), and
 * the unpaid order is cancelled after TRANSFER_EXPIRY_DAYS, as every unpaid order is.
 */

/** Where the customer pays (no sign-in: the token is the key). */
export function payLinkPath(token: string): string {
  return `/pedido/pagar/${token}`;
}

export function payLinkUrl(token: string): string {
  return `${publicShopInfo().baseUrl}${payLinkPath(token)}`;
}

export type PhoneOrderInput = { admin: Pick<Admin, "email">; lines: BasketLine[]; values: PhoneOrderValues; now?: Date; db?: Database };

async function accountWithEmail(tx: Transaction, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.toLowerCase())).limit(1);
  return row?.id ?? null;
}

export async function placePhoneOrder({ admin, lines, values, now = new Date(), db: given }: PhoneOrderInput): Promise<OrderResult> {
  const db = given ?? (await getDb());
  const mine = (order: { placedBy: string | null }) => order.placedBy === admin.email;
  return orderTransaction(db, values.idempotencyKey, mine, async (tx) => {
    if (lines.length === 0) throw new OrderRefused(PHONE_ORDER_MESSAGES.noLines);
    const token = newLinkToken();
    const holdUntil = new Date(now.getTime() + config().PHONE_ORDER_PAYMENT_HOURS * 3_600_000);
    const order = await writeOrder(tx, {
      lines,
      values,
      party: { userId: await accountWithEmail(tx, values.email), email: values.email, placedBy: admin.email, payToken: token },
      payment: { kind: "link", holdUntil },
      now,
    });
    await audit(tx, { email: admin.email }, {
      action: "crear pedido por teléfono",
      entity: "pedido",
      entityId: order.number,
      after: { cliente: values.email, importe: order.totals.totalCents, lineas: order.lines.length, reservaHasta: holdUntil.toISOString() },
    });
    const mail = phoneOrderEmail({ ...mailFactsOf(order, values, values.email, now), payBy: holdUntil, payLink: payLinkUrl(token) });
    await enqueue(tx, "email", mail, { ref: orderRef(order.id) });
    return { number: order.number };
  });
}

export type ResendResult = { ok: true; to: string } | { ok: false; status: 404 | 409; message: string };

/** «Reenviar el correo»: the same e-mail again, from the order as stored (still to pay). */
export async function resendPhoneOrderMail(db: Database, admin: Pick<Admin, "email">, number: string, now = new Date()): Promise<ResendResult> {
  return db.transaction(async (tx): Promise<ResendResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
    if (!order || !order.payToken) return { ok: false, status: 404, message: "Este pedido no se hizo por teléfono." };
    if (order.status !== "Pendiente de Pago") return { ok: false, status: 409, message: `El pedido ya no está pendiente de pago: su estado es «${order.status}».` };
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
    const vat = orderVat(order.amountCents, order.addressSend.cp, order.vatExempt);
    const facts: OrderMailFacts & { payLink: string } = {
      number: order.number,
      createdAt: order.createdAt,
      customerEmail: order.userEmail,
      lines: lines.map((line) => ({ title: `${line.brand} ${line.model}`.trim(), type: line.type, gas: line.gas, region: line.region, priceCents: line.priceCents })),
      shippingCents: order.shippingCents,
      totalCents: order.amountCents,
      withoutVatCents: vat.withoutVatCents,
      vatExempt: vat.vatExempt,
      shipping: order.addressSend,
      billing: order.addressBill,
      payMethod: order.payMethod,
      payBy: order.unitsHeld && order.holdUntil ? order.holdUntil : undefined,
      payLink: payLinkUrl(order.payToken),
    };
    await enqueue(tx, "email", phoneOrderEmail(facts), { ref: orderRef(order.id) });
    await recordOrderNote(tx, order, { actor: admin.email, details: { correo: `Enlace de pago reenviado a ${order.userEmail}` }, now });
    return { ok: true, to: order.userEmail };
  });
}

/** The order behind a payment link, or null. */
export async function orderByPayToken(db: Database, token: string) {
  const [order] = await db.select().from(orders).where(eq(orders.payToken, token));
  return order ?? null;
}
