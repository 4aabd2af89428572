import { and, asc, eq, inArray } from "drizzle-orm";
import { isRetryable, pgErrorCode } from "../db/pg-errors.server";
import { orderQuote, priceBasketLines, sameQuote } from "~/domain/basket/basket-pricing";
import { hasServiceLines, type PricedLine } from "~/domain/basket/basket-totals";
import { chargedBasket, vatChangeMessage } from "~/domain/basket/basket-vat";
import { changedOrderMessage, unavailableMessage, type OrderFormValues } from "~/domain/orders/order-form";
import { orderNumber } from "~/domain/orders/order-number";
import { fgasLinesWithoutInstallation } from "~/domain/orders/fgas";
import { FGAS_FIELDS, FGAS_MESSAGES } from "~/domain/orders/fgas-fields";
import { inServiceArea, outsideAreaMessage, serviceAreaProvinces, serviceProvinceMessage } from "~/domain/orders/service-area";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import { lockBasketLines, replaceBasketLines } from "../basket/basket-store.server";
import { redsysConfig, serviceArea } from "../config.server";
import { createAttempt, windowEnd } from "../payments/attempts.server";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { log } from "../log.server";
import { products } from "../catalogue/catalogue-schema.server";
import { takeStock } from "../catalogue/stock.server";
import { fgasDeclarations, orderLines, orders } from "./orders-schema.server";
import { orderEmails } from "./order-emails.server";
import { enqueue } from "../outbox.server";
import { orderRef } from "../outbox-refs.server";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { newOrderAlert } from "~/domain/alerts/alert-messages";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import type { SessionUser } from "../session.server";
import { factsOfOrder } from "~/domain/customers/customer-sources";
import { customerFor } from "../customers/customer-records.server";

/*
 * Placing an order (spec sections 3 "Order", 4 "Order screen", 9; issue 4), in ONE transaction:
 * the basket row is locked and priced again from the catalogue rows and the service price
 * table; a flagged line, or a basket that is not the one the customer confirmed (total and
 * lines carried by the form, issue 10), refuses the order with 409 and the new total; the
 * number is drawn until it is unique; the lines,
 * the stock, the two e-mails (outbox) and the emptied basket commit together or not at all.
 * The idempotency key of the form makes a double submission return the first order.
 * Card and Bizum (issue 12): the order holds its units until its payment window closes, and
 * its first payment attempt is written in the same transaction.
 */

export type PlaceOrderInput = {
  user: SessionUser;
  basketId: string | null;
  values: OrderFormValues;
  now?: Date;
  /** The database of this instance (tests run two on one PostgreSQL); the process's by default. */
  db?: Database;
};

export type PlaceOrderResult =
  /** `attempt`: the Redsys order code of the first payment attempt (card and Bizum). */
  | { ok: true; number: string; created: boolean; attempt?: string }
  | { ok: false; status: 400 | 409 | 503; error: string; field?: string; conflict?: boolean };

/** A refusal inside the transaction: it rolls everything back and becomes a 400. */
class OrderRefused extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The basket is no longer what the customer confirmed (prices, lines, stock): a 409 with the new total. */
class OrderChanged extends Error {}

/** The key of this form already made an order (another click committed first). */
class DuplicateKey extends Error {}

const MAX_NUMBER_DRAWS = 25;

export const EMPTY_BASKET = "Su carrito está vacío: añada algún artículo antes de hacer el pedido.";
export const BUSY_MESSAGE = "Hay muchos pedidos en este momento y no hemos podido tramitar el suyo. Inténtelo de nuevo en unos segundos.";

async function orderByKey(db: Database, key: string) {
  const [row] = await db
    .select({ number: orders.number, userId: orders.userId })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/** The order a second click of the same form already made (the route sends it to that order). */
function sameOrder(existing: { number: string; userId: string | null }, user: SessionUser): PlaceOrderResult {
  return existing.userId === user.id
    ? { ok: true, number: existing.number, created: false }
    : { ok: false, status: 409, error: "Este formulario ya se usó. Vuelva a cargar la página." };
}

function problemMessage(lines: PricedLine[], totalCents: number): string {
  const names = lines.filter((line) => line.problem).map((line) => (line.title === "Artículo no disponible" ? `el artículo ${line.id}` : line.title));
  return unavailableMessage(names, totalCents);
}

/**
 * Locks and prices the basket, checks it against what the customer confirmed, and writes the
 * order. Locks are always taken in the same order — the basket row, then the product rows by
 * id — so two orders sharing products wait for each other instead of deadlocking.
 */
async function writeOrder(tx: Transaction, { user, basketId, values, now }: Required<Omit<PlaceOrderInput, "db">> & { basketId: string }) {
  const key = values.idempotencyKey;
  const basket = await lockBasketLines(tx, basketId);
  if (!basket || basket.length === 0) throw new OrderRefused(EMPTY_BASKET);

  const ids = [...new Set(basket.filter((line) => line.familia !== "instalaciones" && line.familia !== "mantenimientos").map((line) => line.id))];
  const rows = ids.length
    ? await tx
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.active, true)))
        .orderBy(asc(products.id))
        .for("update")
    : [];
  const priced = priceBasketLines(basket, rows);
  // Charged for where it goes: without VAT to Canarias, Ceuta and Melilla (decision 0009).
  const charged = chargedBasket(priced, values.shipping.cp);
  const { lines, totals } = charged;
  // What the customer confirmed is what is charged: any difference sends the new basket back.
  if (lines.some((line) => line.problem)) throw new OrderChanged(problemMessage(lines, totals.totalCents));
  // A service is done at the delivery address, inside the service area (issue 15: its postcodes).
  const area = serviceArea();
  const services = hasServiceLines(basket);
  if (services && !inServiceArea(area.prefixes, values.shipping.cp)) throw new OrderRefused(outsideAreaMessage(area), "envio-cp");
  if (!sameQuote(orderQuote({ lines, totals }), values.expected)) {
    throw new OrderChanged(vatChangeMessage(priced, charged, values.expected) ?? changedOrderMessage(totals.totalCents));
  }
  const provinces = serviceAreaProvinces(area.prefixes);
  if (services && !provinces.includes(values.shipping.provincia as (typeof provinces)[number])) {
    throw new OrderRefused(serviceProvinceMessage(provinces), "envio-provincia");
  }
  // F-gas equipment without our installation: only with the buyer's declaration (decision 0012).
  const undeclared = fgasLinesWithoutInstallation(lines);
  if (undeclared.length > 0 && !values.fgas) throw new OrderRefused(FGAS_MESSAGES.commitment, FGAS_FIELDS.commitment);

  // Draw numbers until one is free; ON CONFLICT DO NOTHING keeps the transaction usable.
  const customerId = await customerFor(tx, factsOfOrder(values.billing, user.email, user.id));
  let created: { id: number; number: string } | undefined;
  for (let draw = 0; draw < MAX_NUMBER_DRAWS && !created; draw++) {
    [created] = await tx
      .insert(orders)
      .values({
        customerId,
        number: orderNumber(now),
        userId: user.id,
        userEmail: user.email,
        status: "Pendiente de Pago",
        amountCents: totals.totalCents,
        shippingCents: totals.shippingCents,
        vatExempt: totals.vatExempt,
        addressSend: values.shipping,
        addressBill: values.billing,
        payMethod: values.payMethod,
        idempotencyKey: key,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id, number: orders.number });
    if (!created) {
      const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
      if (taken) throw new DuplicateKey();
    }
  }
  if (!created) throw new Error("no quedan números de pedido libres para hoy");

  let attempt: string | undefined;
  let payBy: Date | undefined;
  if (isOnlineMethod(values.payMethod)) {
    const redsys = redsysConfig();
    if (!redsys) throw new OrderRefused("El pago con tarjeta o Bizum no está disponible: elija transferencia.", "pago");
    payBy = windowEnd(redsys, now);
    await tx.update(orders).set({ holdUntil: payBy }).where(eq(orders.id, created.id));
    attempt = (await createAttempt(tx, { id: created.id, amountCents: totals.totalCents }, values.payMethod, now)).code;
  }

  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: created.id,
      position: line.position,
      productId: line.id,
      family: line.familia,
      brand: line.brand,
      model: line.model,
      type: line.type,
      priceCents: line.priceCents,
      gas: line.gas,
      region: line.region,
      image: line.image,
    })),
  );

  if (undeclared.length > 0 && values.fgas) {
    await tx.insert(fgasDeclarations).values({ orderId: created.id, ...values.fgas, declaredAt: now });
  }

  // Stock goes down by the units ordered; the rows are locked and were checked above, and
  // the condition keeps it from ever going below zero all the same.
  const units = new Map<number, number>();
  for (const line of lines) if (line.kind === "product") units.set(line.id, (units.get(line.id) ?? 0) + 1);
  for (const [productId, count] of [...units].sort(([a], [b]) => a - b)) {
    if (!(await takeStock(tx, productId, count, now))) throw new OrderChanged(problemMessage(lines.filter((line) => line.id === productId && line.kind === "product"), totals.totalCents));
  }

  const mails = orderEmails({
    number: created.number,
    createdAt: now,
    customerEmail: user.email,
    lines: lines.map((line) => ({ title: line.title, type: line.type, gas: line.gas, region: line.region, priceCents: line.priceCents })),
    shippingCents: totals.shippingCents,
    totalCents: totals.totalCents,
    withoutVatCents: totals.withoutVatCents,
    vatExempt: totals.vatExempt,
    shipping: values.shipping,
    billing: values.billing,
    payMethod: values.payMethod,
    payBy,
    fgas: undeclared.length > 0 ? { orderId: created.id, equipment: undeclared.map((line) => line.title) } : undefined,
  });
  await enqueue(tx, "email", mails.customer);
  await enqueue(tx, "email", mails.shop);
  await enqueueAlert(tx, newOrderAlert({ number: created.number, totalCents: totals.totalCents, payMethod: payMethodLabel(values.payMethod) }), orderRef(created.id));

  await replaceBasketLines(tx, basketId, []);
  return { number: created.number, attempt };
}

export async function placeOrder({ user, basketId, values, now = new Date(), db: given }: PlaceOrderInput): Promise<PlaceOrderResult> {
  const db = given ?? (await getDb());
  const key = values.idempotencyKey;
  const earlier = await orderByKey(db, key);
  if (earlier) return sameOrder(earlier, user);
  if (!basketId) return { ok: false, status: 400, error: EMPTY_BASKET };

  // A deadlock or serialization failure (PostgreSQL picks a victim) is tried once more.
  for (let attempt = 1; ; attempt++) {
    try {
      const { number, attempt } = await db.transaction((tx) => writeOrder(tx, { user, basketId, values, now }));
      return { ok: true, number, created: true, attempt };
    } catch (error) {
      if (error instanceof DuplicateKey || error instanceof OrderRefused || error instanceof OrderChanged) {
        // A second click that waited for the first one's commit finds its order here.
        const first = await orderByKey(db, key);
        if (first) return sameOrder(first, user);
        if (error instanceof OrderRefused) return { ok: false, status: 400, error: error.message, field: error.field };
        if (error instanceof OrderChanged) {
          return { ok: false, status: 409, error: error.message, conflict: true };
        }
      }
      if (isRetryable(error)) {
        const code = pgErrorCode(error);
        if (attempt < 2) {
          log("orders").warn({ code, attempt }, `pedido: PostgreSQL canceló la transacción (${code}: bloqueo mutuo o serialización); se reintenta`);
          continue;
        }
        log("orders").warn({ code, attempt }, `pedido: transacción cancelada otra vez (${code}); se responde 503`);
        return { ok: false, status: 503, error: BUSY_MESSAGE };
      }
      throw error;
    }
  }
}
