import { lockBasketLines, replaceBasketLines } from "../basket/basket-store.server";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import type { OrderFormValues } from "~/domain/orders/order-form";
import { orderEmails } from "./order-emails.server";
import { BUSY_MESSAGE, mailFactsOf, OrderRefused, orderTransaction, writeOrder, type OrderResult } from "./order-writer.server";
import { enqueue } from "../outbox.server";
import { orderRef } from "../outbox-refs.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { newOrderAlert } from "~/domain/alerts/alert-messages";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import type { SessionUser } from "../session.server";

/*
 * Placing an order at the checkout (spec sections 3 "Order", 4 "Order screen", 9; issue 4), in
 * ONE transaction: the basket row is locked and its lines written as an order by the shop's
 * one order writer (order-writer.server.ts: pricing, checks, number, stock); the two e-mails
 * (outbox) and the emptied basket commit with it or not at all. The idempotency key of the
 * form makes a double submission return the first order. Card and Bizum (issue 12): the order
 * holds its units until its payment window closes, and its first attempt is written with it.
 */

export { BUSY_MESSAGE };

export type PlaceOrderInput = {
  user: SessionUser;
  basketId: string | null;
  values: OrderFormValues;
  now?: Date;
  /** The database of this instance (tests run two on one PostgreSQL); the process's by default. */
  db?: Database;
};

export type PlaceOrderResult = OrderResult;

export const EMPTY_BASKET = "Su carrito está vacío: añada algún artículo antes de hacer el pedido.";

async function writeWebOrder(tx: Transaction, { user, basketId, values, now }: Required<Omit<PlaceOrderInput, "db">> & { basketId: string }) {
  const basket = await lockBasketLines(tx, basketId);
  if (!basket || basket.length === 0) throw new OrderRefused(EMPTY_BASKET);
  const order = await writeOrder(tx, {
    lines: basket,
    values,
    party: { userId: user.id, email: user.email, placedBy: null, payToken: null },
    payment: { kind: "checkout", method: values.payMethod, keepCard: values.keepCard === true },
    now,
  });
  const mails = orderEmails(mailFactsOf(order, values, user.email, now));
  await enqueue(tx, "email", mails.customer);
  await enqueue(tx, "email", mails.shop);
  await enqueueAlert(tx, newOrderAlert({ number: order.number, totalCents: order.totals.totalCents, payMethod: payMethodLabel(values.payMethod) }), orderRef(order.id));
  await replaceBasketLines(tx, basketId, []);
  return { number: order.number, attempt: order.attempt };
}

export async function placeOrder({ user, basketId, values, now = new Date(), db: given }: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = given ?? (await getDb());
  const mine = (order: { userId: string | null }) => order.userId === user.id;
  if (!basketId) {
    // A second click whose first one emptied the basket still finds its order.
    return orderTransaction(db, values.idempotencyKey, mine, async () => {
      throw new OrderRefused(EMPTY_BASKET);
    });
  }
  return orderTransaction(db, values.idempotencyKey, mine, (tx) => writeWebOrder(tx, { user, basketId, values, now }));
}
