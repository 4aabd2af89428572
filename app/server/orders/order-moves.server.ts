import { eq } from "drizzle-orm";
import { canMove, type MoveWay, type OrderStatus } from "~/domain/orders/order-status";
import { orderEvents, orders } from "./orders-schema.server";
import type { Transaction } from "../db/client.server";
import { payMethodLabel } from "~/domain/payments/payment-methods";
import { orderPaidAlert } from "~/domain/alerts/alert-messages";
import { enqueueAlert } from "../alerts/alert-queue.server";
import { orderRef } from "../outbox-refs.server";
import { plansFollowOrder } from "../maintenance/plan-sales.server";

/*
 * The one writer of an order's status once it is placed (decision 0022): the status form, a
 * cancellation, Redsys's notification and undoing a payment all come here, so every move is
 * one the table in domain/orders/order-status.ts allows, and every move leaves its line in the
 * order's history. The caller holds the order's row lock and has already answered a refused
 * move in its own words; a move the table refuses here is a bug, so it throws.
 */

type Order = typeof orders.$inferSelect;

export type StatusMove = {
  to: OrderStatus;
  way: MoveWay;
  /** The history's actor: "Redsys", "sistema" or the administrator's e-mail. */
  actor: string;
  /** What the move records on the order besides its status. */
  set?: Partial<Omit<Order, "id" | "status">>;
  /** The history line's details, under the Spanish names the history shows. */
  details: Record<string, string>;
  now: Date;
};

export async function recordStatusMove(tx: Transaction, order: Order, move: StatusMove): Promise<Order> {
  if (!canMove(order.status, move.to, move.way)) {
    throw new Error(`movimiento no permitido del pedido ${order.number}: ${order.status} -> ${move.to} (${move.way})`);
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...move.set, status: move.to, updatedAt: move.now })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderEvents).values({
    orderId: order.id,
    at: move.now,
    actor: move.actor,
    fromStatus: order.status,
    toStatus: move.to,
    details: move.details,
  });
  // Every way an order gets paid comes here (Redsys's notification, a transfer marked paid): the staff's alert (issue 30).
  if (move.to === "Pagado" && order.status !== "Pagado") {
    await enqueueAlert(tx, orderPaidAlert({ number: updated!.number, totalCents: updated!.amountCents, how: payMethodLabel(updated!.payMethod) }), orderRef(order.id));
  }
  // A maintenance plan sold by the order follows it: on hold when its payment is undone, ended when it is cancelled (issue 31).
  if (move.to === "Cancelado" || move.way === "undo-payment") await plansFollowOrder(tx, order.id, move.to === "Cancelado" ? "cancelado" : "pendiente_pago", move.now);
  return updated!;
}

/**
 * A line in the order's history that does not move its status (a payment tried or refused, a
 * refund, units given back): other areas write the history only through this, and the status
 * moves only through recordStatusMove.
 */
export async function recordOrderNote(
  tx: Transaction,
  order: Pick<Order, "id" | "status">,
  note: { actor: string; details: Record<string, string>; now: Date },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    at: note.now,
    actor: note.actor,
    fromStatus: order.status,
    toStatus: order.status,
    details: note.details,
  });
}

/**
 * Records a new way of paying an unpaid order (paying again from "Mis Pedidos", a closed card
 * window): the method, the card window's end, since when a transfer's days count.
 */
export async function recordPaymentChoice(
  tx: Transaction,
  orderId: number,
  choice: Partial<Pick<Order, "payMethod" | "holdUntil" | "transferSince">>,
  now: Date,
): Promise<void> {
  await tx.update(orders).set({ ...choice, updatedAt: now }).where(eq(orders.id, orderId));
}
