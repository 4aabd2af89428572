import { and, asc, eq, inArray } from "drizzle-orm";
import { isRetryable, pgErrorCode } from "../db/pg-errors.server";
import { orderQuote, priceBasketLines, sameQuote } from "~/domain/basket/basket-pricing";
import { hasPlanLines, hasServiceLines, type BasketTotals, type PricedLine } from "~/domain/basket/basket-totals";
import { chargedBasket, vatChangeMessage } from "~/domain/basket/basket-vat";
import type { BasketLine } from "~/domain/catalogue/product";
import { changedOrderMessage, unavailableMessage, type OrderFormValues } from "~/domain/orders/order-form";
import { orderNumber } from "~/domain/orders/order-number";
import { fgasLinesWithoutInstallation } from "~/domain/orders/fgas";
import { FGAS_FIELDS, FGAS_MESSAGES } from "~/domain/orders/fgas-fields";
import { inServiceArea, outsideAreaMessage, serviceAreaProvinces, serviceProvinceMessage } from "~/domain/orders/service-area";
import { isOnlineMethod } from "~/domain/payments/payment-states";
import type { PayMethod } from "~/domain/payments/payment-methods";
import { redsysConfig, serviceArea } from "../config.server";
import { createAttempt, windowEnd } from "../payments/attempts.server";
import type { Database, Transaction } from "../db/client.server";
import { log } from "../log.server";
import { products } from "../catalogue/catalogue-schema.server";
import { takeStock } from "../catalogue/stock.server";
import { fgasDeclarations, orderLines, orders } from "./orders-schema.server";
import { factsOfOrder } from "~/domain/customers/customer-sources";
import { customerFor } from "../customers/customer-records.server";
import type { OrderMailFacts } from "./order-emails.server";

/*
 * The one way an order is written (spec sections 3 "Order", 4, 9; issues 4, 10, 12, 15, 30),
 * whoever places it: the customer at the checkout (orders.server.ts, the lines of the basket)
 * or the owner for a customer who phones (phone-orders.server.ts, the lines of the draft).
 * Inside the caller's transaction: the lines are priced again from locked catalogue rows and
 * the service price table; a flagged line, or lines that are not the ones the page showed,
 * refuse the order (409 with the new total); services only inside the service area; F-gas
 * equipment without installation only with the buyer's declaration (decision 0012); the
 * number is drawn until it is unique; the units are taken (held until paid or expired).
 */

/** A refusal inside the transaction: it rolls everything back and becomes a 400. */
export class OrderRefused extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The lines are no longer what the page showed (prices, lines, stock): a 409 with the new total. */
export class OrderChanged extends Error {}

/** The key of this form already made an order (another click committed first). */
class DuplicateKey extends Error {}

const MAX_NUMBER_DRAWS = 25;

export const BUSY_MESSAGE = "Hay muchos pedidos en este momento y no hemos podido tramitar el suyo. Inténtelo de nuevo en unos segundos.";

/** Who the order is for, and who placed it (null: the customer, on the web). */
export type OrderParty = { userId: string | null; email: string; placedBy: string | null; payToken: string | null };

/**
 * How it is paid. "checkout": the method the customer chose; card and Bizum get their first
 * attempt and the payment window. "link" (a phone order): the customer chooses on the payment
 * link, so the units are held until `holdUntil`, with card as the method until then.
 */
/** keepCard: the customer agreed that Redsys keeps the card for the renewals of the plans in the order (issue 31). */
export type OrderPayment = { kind: "checkout"; method: PayMethod; keepCard?: boolean } | { kind: "link"; holdUntil: Date };

export type WrittenOrder = {
  id: number;
  number: string;
  lines: PricedLine[];
  totals: BasketTotals & { vatExempt: boolean };
  payMethod: PayMethod;
  payBy?: Date;
  /** The Redsys order code of the first payment attempt (checkout, card and Bizum). */
  attempt?: string;
  /** F-gas equipment sold without installation (its declaration was written). */
  undeclared: string[];
};

/** What every order e-mail says of a written order (the checkout's and the phone order's). */
export function mailFactsOf(order: WrittenOrder, values: Pick<OrderFormValues, "shipping" | "billing">, customerEmail: string, now: Date): OrderMailFacts {
  return {
    number: order.number,
    createdAt: now,
    customerEmail,
    lines: order.lines.map((line) => ({ title: line.title, type: line.type, gas: line.gas, region: line.region, priceCents: line.priceCents })),
    shippingCents: order.totals.shippingCents,
    totalCents: order.totals.totalCents,
    withoutVatCents: order.totals.withoutVatCents,
    vatExempt: order.totals.vatExempt,
    shipping: values.shipping,
    billing: values.billing,
    payMethod: order.payMethod,
    payBy: order.payBy,
    fgas: order.undeclared.length > 0 ? { orderId: order.id, equipment: order.undeclared } : undefined,
  };
}

function problemMessage(lines: PricedLine[], totalCents: number): string {
  const names = lines.filter((line) => line.problem).map((line) => (line.title === "Artículo no disponible" ? `el artículo ${line.id}` : line.title));
  return unavailableMessage(names, totalCents);
}

export type WriteOrderInput = {
  lines: readonly BasketLine[];
  values: Omit<OrderFormValues, "payMethod">;
  party: OrderParty;
  payment: OrderPayment;
  now: Date;
};

/**
 * Prices, checks and writes the order. Product rows are locked by id, after whatever the
 * caller locked first (the basket row), so two orders sharing products wait for each other
 * instead of deadlocking.
 */
export async function writeOrder(tx: Transaction, { lines: wanted, values, party, payment, now }: WriteOrderInput): Promise<WrittenOrder> {
  const key = values.idempotencyKey;
  const ids = [...new Set(wanted.filter((line) => line.familia !== "instalaciones" && line.familia !== "mantenimientos").map((line) => line.id))];
  const rows = ids.length
    ? await tx
        .select()
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.active, true)))
        .orderBy(asc(products.id))
        .for("update")
    : [];
  const priced = priceBasketLines(wanted, rows);
  // Charged for where it goes: without VAT to Canarias, Ceuta and Melilla (decision 0009).
  const charged = chargedBasket(priced, values.shipping.cp);
  const { lines, totals } = charged;
  // What the page showed is what is charged: any difference sends the new lines back.
  if (lines.some((line) => line.problem)) throw new OrderChanged(problemMessage(lines, totals.totalCents));
  // A service is done at the delivery address, inside the service area (issue 15: its postcodes).
  const area = serviceArea();
  const services = hasServiceLines(wanted);
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

  const payMethod: PayMethod = payment.kind === "checkout" ? payment.method : "tarjeta";
  const redsys = redsysConfig();
  if (payment.kind === "checkout" && isOnlineMethod(payMethod) && !redsys) {
    throw new OrderRefused("El pago con tarjeta o Bizum no está disponible: elija transferencia.", "pago");
  }
  const payBy = payment.kind === "link" ? payment.holdUntil : isOnlineMethod(payMethod) && redsys ? windowEnd(redsys, now) : undefined;

  // Draw numbers until one is free; ON CONFLICT DO NOTHING keeps the transaction usable.
  const customerId = await customerFor(tx, factsOfOrder(values.billing, party.email, party.userId));
  let created: { id: number; number: string } | undefined;
  for (let draw = 0; draw < MAX_NUMBER_DRAWS && !created; draw++) {
    [created] = await tx
      .insert(orders)
      .values({
        customerId,
        number: orderNumber(now),
        userId: party.userId,
        userEmail: party.email,
        placedBy: party.placedBy,
        payToken: party.payToken,
        status: "Pendiente de Pago",
        amountCents: totals.totalCents,
        shippingCents: totals.shippingCents,
        vatExempt: totals.vatExempt,
        addressSend: values.shipping,
        addressBill: values.billing,
        payMethod,
        holdUntil: payBy ?? null,
        renewalCardConsentAt: payment.kind === "checkout" && payment.keepCard && payMethod === "tarjeta" && hasPlanLines(wanted) ? now : null,
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

  const attempt =
    payment.kind === "checkout" && isOnlineMethod(payMethod) ? (await createAttempt(tx, { id: created.id, amountCents: totals.totalCents }, payMethod, now)).code : undefined;

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
      installedUnitId: line.installedUnitId ?? null,
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
  return { id: created.id, number: created.number, lines, totals, payMethod, payBy, attempt, undeclared: undeclared.map((line) => line.title) };
}

export type OrderResult =
  /** `attempt`: the Redsys order code of the first payment attempt (card and Bizum). */
  | { ok: true; number: string; created: boolean; attempt?: string }
  | { ok: false; status: 400 | 409 | 503; error: string; field?: string; conflict?: boolean };

export type EarlierOrder = { number: string; userId: string | null; placedBy: string | null };

async function orderByKey(db: Database, key: string): Promise<EarlierOrder | null> {
  const [row] = await db.select({ number: orders.number, userId: orders.userId, placedBy: orders.placedBy }).from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/** The order a second click of the same form already made (the route sends it to that order), if it is its author's. */
function sameOrder(existing: EarlierOrder, mine: (order: EarlierOrder) => boolean): OrderResult {
  return mine(existing) ? { ok: true, number: existing.number, created: false } : { ok: false, status: 409, error: "Este formulario ya se usó. Vuelva a cargar la página." };
}

/**
 * Runs `write` in one transaction under the form's idempotency key: a double submission
 * returns the first order (to its author, `mine`); a refusal is a 400 or 409; a deadlock or
 * serialization failure (PostgreSQL picks a victim) is tried once more, then a 503.
 */
export async function orderTransaction(
  db: Database,
  key: string,
  mine: (order: EarlierOrder) => boolean,
  write: (tx: Transaction) => Promise<{ number: string; attempt?: string }>,
): Promise<OrderResult> {
  const earlier = await orderByKey(db, key);
  if (earlier) return sameOrder(earlier, mine);
  for (let attempt = 1; ; attempt++) {
    try {
      const { number, attempt } = await db.transaction(write);
      return { ok: true, number, created: true, attempt };
    } catch (error) {
      if (error instanceof DuplicateKey || error instanceof OrderRefused || error instanceof OrderChanged) {
        // A second click that waited for the first one's commit finds its order here.
        const first = await orderByKey(db, key);
        if (first) return sameOrder(first, mine);
        if (error instanceof OrderRefused) return { ok: false, status: 400, error: error.message, field: error.field };
        if (error instanceof OrderChanged) return { ok: false, status: 409, error: error.message, conflict: true };
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
