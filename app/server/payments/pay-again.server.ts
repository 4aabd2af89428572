import { and, eq } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { PAY_METHOD_LABELS } from "~/domain/payments/payment-methods";
import { isAwaitingPayment } from "~/domain/orders/order-status";
import { isOnlineMethod, type OnlineMethod } from "~/domain/payments/payment-states";
import { transferLines } from "./transfer-details.server";
import { config, publicShopInfo, redsysConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "../orders/orders-schema.server";
import { recordOrderNote, recordPaymentChoice } from "../orders/order-moves.server";
import { enqueue } from "../outbox.server";
import { takeUnits } from "../orders/order-units.server";
import { payLinkPath, payLinkUrl } from "../orders/phone-orders.server";
import { createAttempt, paymentPagePath, windowEnd } from "./attempts.server";

/*
 * "Mis Pedidos" on a card or Bizum order still "Pendiente de Pago" (issue 12): pay again
 * (card or Bizum: a new attempt and a new window), or switch to a bank transfer. One
 * transaction under the order's row lock; if the window had closed, the units are taken
 * again first, all of them or none. Never a second charge: an order that is no longer
 * pending is refused, and a late authorisation of an older attempt is flagged for a refund
 * by the notification handler.
 */

export type PayAgainChoice = OnlineMethod | "transferencia";

export type PayAgainResult = { ok: true; redirect: string } | { ok: false; status: 404 | 409; message: string };

export const NOT_PENDING = (status: string) => `Este pedido ya no está pendiente de pago: su estado es «${status}».`;
export const ONLINE_UNAVAILABLE = "El pago con tarjeta o Bizum no está disponible en este momento: puede pagar por transferencia.";
export const NOT_ONLINE = "Este pedido se paga por transferencia: los datos están en esta página.";
export const outOfStock = (names: string[]) =>
  `Ya no nos quedan unidades de ${names.join(", ")}, así que no podemos cobrar este pedido. Llámenos o escríbanos y buscamos una alternativa.`;

/** Whose order: the signed-in customer's by its number, or a phone order's by its payment link (issue 30). */
export type OrderKey = { userId: string; number: string } | { payToken: string };

/** A new payment window never shortens the one the order already had (a phone order's link holds for hours). */
const later = (held: Date | null, next: Date) => (held && held > next ? held : next);

export async function payAgain(db: Database, key: OrderKey, choice: PayAgainChoice, now = new Date()): Promise<PayAgainResult> {
  const redsys = redsysConfig();
  const result = await db.transaction(async (tx): Promise<PayAgainResult & { retook?: boolean }> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where("payToken" in key ? eq(orders.payToken, key.payToken) : and(eq(orders.number, key.number), eq(orders.userId, key.userId)))
      .for("update");
    if (!order) return { ok: false, status: 404, message: "Este pedido no existe." };
    if (!isAwaitingPayment(order.status)) return { ok: false, status: 409, message: NOT_PENDING(order.status) };
    if (!isOnlineMethod(order.payMethod)) return { ok: false, status: 409, message: NOT_ONLINE };
    if (isOnlineMethod(choice) && !redsys) return { ok: false, status: 409, message: ONLINE_UNAVAILABLE };

    const units = await takeUnits(tx, order.id, now);
    if (!units.ok) return { ok: false, status: 409, message: outOfStock(units.missing) };
    const retook = units.taken > 0;

    if (isOnlineMethod(choice)) {
      await recordPaymentChoice(tx, order.id, { payMethod: choice, holdUntil: later(order.holdUntil, windowEnd(redsys!, now)) }, now);
      const attempt = await createAttempt(tx, order, choice, now);
      await recordOrderNote(tx, order, { actor: order.userEmail, details: { pago: `Nuevo intento de pago con ${PAY_METHOD_LABELS[choice]}`, intento: attempt.code, ...(retook ? { unidades: "Reservadas de nuevo" } : {}) }, now });
      const page = order.payToken ? `${payLinkPath(order.payToken)}?intento=${encodeURIComponent(attempt.code)}` : paymentPagePath(order.number, attempt.code);
      return { ok: true, redirect: page, retook };
    }

    // To a transfer: the units stay held until it arrives or the order expires (issue 11's job).
    // Its transfer days (reminder, expiry) count from now, not from the order.
    await recordPaymentChoice(tx, order.id, { payMethod: "transferencia", holdUntil: null, transferSince: now }, now);
    await recordOrderNote(tx, order, { actor: order.userEmail, details: { pago: `Cambio de ${PAY_METHOD_LABELS[order.payMethod]} a transferencia`, ...(retook ? { unidades: "Reservadas de nuevo" } : {}) }, now });
    await enqueue(tx, "email", transferDetailsEmail(order), { ref: orderRef(order.id) });
    return { ok: true, redirect: order.payToken ? payLinkPath(order.payToken) : `/login/pedidos/${encodeURIComponent(order.number)}`, retook };
  });
  if (result.ok) return { ok: true, redirect: result.redirect };
  return result;
}

function transferDetailsEmail(order: typeof orders.$inferSelect) {
  const c = config();
  const shop = publicShopInfo();
  return {
    to: order.userEmail,
    replyTo: c.SHOP_EMAIL,
    subject: `${shop.name}: datos para pagar el pedido ${order.number} por transferencia`,
    text: [
      `Hola, ${order.addressSend.nombre}:`,
      "",
      `Ha elegido pagar su pedido ${order.number} por transferencia bancaria. Estos son los datos:`,
      "",
      ...transferLines(order.amountCents, order.number),
      "",
      "Indique el número de pedido como concepto: así identificamos su pago. Preparamos el pedido en cuanto lo recibimos.",
      order.payToken ? `Puede ver el pedido en: ${payLinkUrl(order.payToken)}` : `Puede ver el pedido en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}
