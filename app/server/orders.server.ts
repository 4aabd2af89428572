import { and, eq, inArray, sql } from "drizzle-orm";
import { priceCartLines } from "~/domain/basket-pricing";
import { basketTotals, needsMadrid, type PricedLine } from "~/domain/basket-totals";
import type { OrderFormValues } from "~/domain/order-form";
import { orderNumber } from "~/domain/order-number";
import { SERVICE_PROVINCE } from "~/domain/provinces";
import { lockCartLines, replaceCartLines } from "./cart.server";
import { forgetCachedCatalogue } from "./catalogue.server";
import { getDb } from "./db/db.server";
import { orderLines, orders, products } from "./db/schema.server";
import { orderEmails } from "./order-emails.server";
import { enqueue } from "./outbox.server";
import type { SessionUser } from "./session.server";

/*
 * Placing an order (spec sections 3 "Order", 4 "Order screen", 9; issue 4), in ONE transaction:
 * the basket row is locked and priced again from the catalogue rows and the service price
 * table; a flagged line refuses the order; the number is drawn until it is unique; the lines,
 * the stock, the two e-mails (outbox) and the emptied basket commit together or not at all.
 * The idempotency key of the form makes a double submission return the first order.
 */

export type PlaceOrderInput = {
  user: SessionUser;
  cartId: string | null;
  values: OrderFormValues;
  now?: Date;
};

export type PlaceOrderResult =
  | { ok: true; number: string; created: boolean }
  | { ok: false; status: 400 | 409; error: string; field?: string };

/** A refusal inside the transaction: it rolls everything back and becomes a 400. */
class OrderRefused extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The key of this form already made an order (another click committed first). */
class DuplicateKey extends Error {}

const MAX_NUMBER_DRAWS = 25;

export const EMPTY_BASKET = "Su carrito está vacío: añada algún artículo antes de hacer el pedido.";

async function orderByKey(key: string) {
  const db = await getDb();
  const [row] = await db
    .select({ number: orders.number, userId: orders.userId })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

function sameOrder(existing: { number: string; userId: string | null }, user: SessionUser): PlaceOrderResult {
  return existing.userId === user.id
    ? { ok: true, number: existing.number, created: false }
    : { ok: false, status: 409, error: "Este formulario ya se usó. Vuelva a cargar la página." };
}

function problemMessage(lines: PricedLine[]): string {
  const names = lines.filter((line) => line.problem).map((line) => (line.title === "Artículo no disponible" ? `el artículo ${line.id}` : line.title));
  return `No podemos tramitar el pedido: ${names.join(", ")} ya no ${names.length === 1 ? "está disponible" : "están disponibles"} en la cantidad pedida. Revise su carrito.`;
}

export async function placeOrder({ user, cartId, values, now = new Date() }: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = values.idempotencyKey;
  const earlier = await orderByKey(key);
  if (earlier) return sameOrder(earlier, user);
  if (!cartId) return { ok: false, status: 400, error: EMPTY_BASKET };

  const db = await getDb();
  try {
    const number = await db.transaction(async (tx) => {
      const cart = await lockCartLines(tx, cartId);
      if (!cart || cart.length === 0) throw new OrderRefused(EMPTY_BASKET);

      const ids = [...new Set(cart.filter((line) => line.familia !== "instalaciones" && line.familia !== "mantenimientos").map((line) => line.id))];
      const rows = ids.length
        ? await tx
            .select()
            .from(products)
            .where(and(inArray(products.id, ids), eq(products.active, true)))
            .for("update")
        : [];
      const lines = priceCartLines(cart, rows);
      if (lines.some((line) => line.problem)) throw new OrderRefused(problemMessage(lines));
      if (needsMadrid(cart) && values.shipping.provincia !== SERVICE_PROVINCE) {
        throw new OrderRefused("La instalación y el mantenimiento solo se ofrecen en Madrid: elija Madrid.", "envio-provincia");
      }
      const totals = basketTotals(lines);

      // Draw numbers until one is free; ON CONFLICT DO NOTHING keeps the transaction usable.
      let created: { id: number; number: string } | undefined;
      for (let draw = 0; draw < MAX_NUMBER_DRAWS && !created; draw++) {
        [created] = await tx
          .insert(orders)
          .values({
            number: orderNumber(now),
            userId: user.id,
            userEmail: user.email,
            status: "Pendiente de Pago",
            amountCents: totals.totalCents,
            shippingCents: totals.shippingCents,
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

      // Stock goes down by the units ordered; never below zero.
      const units = new Map<number, number>();
      for (const line of lines) if (line.kind === "product") units.set(line.id, (units.get(line.id) ?? 0) + 1);
      for (const [productId, count] of units) {
        const [left] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${count}`, updatedAt: now })
          .where(and(eq(products.id, productId), sql`${products.stock} >= ${count}`))
          .returning({ id: products.id });
        if (!left) throw new OrderRefused(problemMessage(lines.filter((line) => line.id === productId && line.kind === "product")));
      }

      const mails = orderEmails({
        number: created.number,
        createdAt: now,
        customerEmail: user.email,
        lines: lines.map((line) => ({ title: line.title, type: line.type, gas: line.gas, region: line.region, priceCents: line.priceCents })),
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        withoutVatCents: totals.withoutVatCents,
        shipping: values.shipping,
        billing: values.billing,
      });
      await enqueue(tx, "email", mails.customer);
      await enqueue(tx, "email", mails.shop);

      await replaceCartLines(tx, cartId, []);
      return created.number;
    });
    forgetCachedCatalogue();
    return { ok: true, number, created: true };
  } catch (error) {
    if (error instanceof DuplicateKey || error instanceof OrderRefused) {
      // A second click that waited for the first one's commit finds its order here.
      const first = await orderByKey(key);
      if (first) return sameOrder(first, user);
      if (error instanceof OrderRefused) return { ok: false, status: 400, error: error.message, field: error.field };
    }
    throw error;
  }
}

