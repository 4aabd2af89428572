import { eq } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { type OrderStatus, canMove, isAwaitingPayment, type MoveWay } from "~/domain/orders/order-status";
import { formatEuros } from "~/domain/money";
import { actorName, audit, type Actor } from "../audit.server";
import { config, publicShopInfo } from "../config.server";
import type { Transaction } from "../db/client.server";
import { orders } from "./orders-schema.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import { rectifyInvoice } from "../invoices/rectify-invoice.server";
import { recordStatusMove } from "./order-moves.server";
import { returnUnits } from "./order-units.server";

/*
 * Cancelling an order (issue 11, "Cancelado from any open state. Cancelling returns the units
 * to stock."), one function for the administrator's cancel and the unpaid-transfer job, so both
 * do the same five things in the caller's transaction: status and reason, stock back, the
 * order's history, the audit line, and the customer's e-mail through the outbox.
 */

export type CancelOptions = {
  actor: Actor;
  /** Why, in Spanish: stored on the order and written to the customer. */
  reason: string;
  /** The administrator's cancel (any open order) or the unpaid-order job's (unpaid only). */
  way: Extract<MoveWay, "status-form" | "unpaid-expiry">;
  now?: Date;
};

export type CancelResult =
  | { ok: true; order: typeof orders.$inferSelect; unitsReturned: number }
  /** The order does not exist, or the table allows it no cancel this way (completed, already cancelled; paid, for the job). */
  | { ok: false; status: OrderStatus | null };

/**
 * Cancels the order `orderId` inside `tx`. The order row is locked first (FOR UPDATE) and its
 * status checked under the lock, so a concurrent "Pagado" or a second cancel either waits and
 * then finds the order changed, or has already won: whoever commits first wins, cleanly.
 */
export async function cancelOrder(tx: Transaction, orderId: number, { actor, reason, way, now = new Date() }: CancelOptions): Promise<CancelResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update").limit(1);
  if (!order) return { ok: false, status: null };
  if (!canMove(order.status, "Cancelado", way)) return { ok: false, status: order.status };

  // Units go back only if the order still holds them (a card order's window may have closed).
  const unitsReturned = await returnUnits(tx, orderId, now);
  const updated = await recordStatusMove(tx, order, {
    to: "Cancelado",
    way,
    actor: actorName(actor),
    set: { cancelReason: reason, holdUntil: null },
    details: { motivo: reason },
    now,
  });

  // Paid and invoiced: what is still invoiced is rectified (issue 13).
  await rectifyInvoice(tx, orderId, { amountCents: "rest", reason: `Pedido cancelado: ${reason}` }, now);

  await audit(tx, actor, {
    action: "cancelar pedido",
    entity: "pedido",
    entityId: order.number,
    before: { status: order.status },
    after: { status: "Cancelado", cancelReason: reason, unidadesDevueltas: unitsReturned },
  });
  await enqueue(tx, "email", { ...cancellationEmail(order, reason) }, { ref: orderRef(orderId) });
  return { ok: true, order: updated, unitsReturned };
}

type CancelledOrderFacts = Pick<typeof orders.$inferSelect, "number" | "userEmail" | "amountCents" | "status" | "createdAt" | "addressSend">;

/** The customer's e-mail: which order, why, and what happens to a payment already made. */
export function cancellationEmail(order: CancelledOrderFacts, reason: string): MailMessage {
  const shop = publicShopInfo();
  const paid = !isAwaitingPayment(order.status);
  return {
    to: order.userEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: su pedido ${order.number} ha sido cancelado`,
    text: [
      `Hola, ${order.addressSend.nombre}:`,
      "",
      `Su pedido ${order.number} del ${formatDateTime(order.createdAt)} (hora de Madrid), de ${formatEuros(order.amountCents)}, ha sido cancelado.`,
      "",
      `Motivo: ${reason}`,
      "",
      paid
        ? "Le devolveremos el importe que pagó por el mismo medio en los próximos días."
        : "No se le ha cobrado nada. Si desea los artículos, puede hacer un pedido nuevo en la tienda.",
      `Puede ver el pedido en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}
