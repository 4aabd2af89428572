import { eq } from "drizzle-orm";
import { canMove, type MoveWay, type OrderStatus } from "~/domain/orders/order-status";
import { orderEvents, orders } from "../db/schema.server";
import type { Transaction } from "./order-units.server";

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
  return updated!;
}
