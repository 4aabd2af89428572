import { and, count, eq } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { madridInstant, madridDay } from "~/domain/dates/madrid-dates";
import { canMove } from "~/domain/orders/order-status";
import { eventDetails, type MoveRequest } from "~/domain/orders/status-move";
import { actorName, audit, changedFields, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { orderEvents, orders } from "./orders-schema.server";
import { enqueue } from "../outbox.server";
import { afterOrderPaid } from "./order-paid.server";
import { cancelOrder } from "./cancel-order.server";
import { recordStatusMove } from "./order-moves.server";
import { statusEmail } from "./status-emails.server";

/*
 * The administrator's status changes (issue 11). One transaction each: the order row is
 * locked (SELECT ... FOR UPDATE) and its status compared with the one the form was showing,
 * so a change made meanwhile (another administrator, the unpaid-transfer job) answers 409
 * instead of being overwritten; then the order, its history line, the audit line and the
 * customer's e-mail (outbox, ref "order:<id>") commit together. Cancelling is the shared
 * cancelOrder, which also returns the units to stock.
 */

export type Order = typeof orders.$inferSelect;

export type MoveOutcome =
  | { ok: true; order: Order }
  | { ok: false; status: 404 | 409; message: string };

export const CHANGED_MESSAGE = (status: string) =>
  `El pedido ha cambiado mientras tanto: ahora está en «${status}». Revise la página y vuelva a intentarlo.`;

/** The columns a move sets, from what its form recorded. */
function columnsOf(move: MoveRequest, now: Date): Partial<Order> {
  const d = move.details;
  switch (move.to) {
    case "Pagado":
      // A day typed by the owner is kept as that day's noon in Madrid (shown as a date).
      return { paidAt: d.paidOn && d.paidOn !== madridDay(now) ? madridInstant(d.paidOn, "12:00") : now, bankReference: d.bankReference ?? null };
    case "Enviado":
      return { carrier: d.carrier ?? null, trackingNumber: d.trackingNumber ?? null };
    case "Instalación programada":
      return { installationDate: d.installationDate!, installationSlot: d.installationSlot! };
    default:
      return {};
  }
}

/** How many times this order's installation was scheduled before: the calendar file's SEQUENCE. */
async function earlierSchedules(tx: Transaction, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "Instalación programada")));
  return row?.n ?? 0;
}

export async function moveOrderStatus(db: Database, actor: Actor, number: string, move: MoveRequest, now = new Date()): Promise<MoveOutcome> {
  return db.transaction((tx) => writeMove(tx, actor, number, move, now));
}

async function writeMove(tx: Transaction, actor: Actor, number: string, move: MoveRequest, now: Date): Promise<MoveOutcome> {
  const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update").limit(1);
  if (!order) return { ok: false, status: 404, message: "Este pedido no existe." };
  if (order.status !== move.from || !canMove(order.status, move.to, "status-form")) {
    return { ok: false, status: 409, message: CHANGED_MESSAGE(order.status) };
  }

  if (move.to === "Cancelado") {
    const result = await cancelOrder(tx, order.id, { actor, reason: move.details.reason!, way: "status-form", now });
    return result.ok ? { ok: true, order: result.order } : { ok: false, status: 409, message: CHANGED_MESSAGE(result.status ?? order.status) };
  }

  const set = columnsOf(move, now);
  // Counted before this move's own history line: the first schedule is SEQUENCE 0.
  const sequence = move.to === "Instalación programada" ? await earlierSchedules(tx, order.id) : 0;
  const updated = await recordStatusMove(tx, order, { to: move.to, way: "status-form", actor: actorName(actor), set, details: eventDetails(move.details), now });
  const { before, after } = changedFields(order as Record<string, unknown>, { status: move.to, ...set });
  await audit(tx, actor, {
    action: move.from === move.to ? "reprogramar instalación" : "cambiar estado",
    entity: "pedido",
    entityId: order.number,
    // A rescheduled visit keeps its status: the log still says from which day to which.
    before: { ...before, status: order.status },
    after: { ...after, status: move.to },
  });
  const mail = statusEmail(updated, move.to, { now, rescheduled: move.from === move.to, sequence });
  if (mail) await enqueue(tx, "email", { ...mail }, { ref: orderRef(order.id) });
  // Paid: the invoice (its e-mail after the payment's) and any maintenance plan, in the same transaction.
  if (move.to === "Pagado") await afterOrderPaid(tx, order.id, now);
  return { ok: true, order: updated };
}

/** The internal notes: only the administrators read them; every change is in the audit log. */
export async function saveInternalNotes(db: Database, actor: Actor, number: string, notes: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for("update").limit(1);
    if (!order) return false;
    if (order.internalNotes === notes) return true;
    await tx.update(orders).set({ internalNotes: notes }).where(eq(orders.id, order.id));
    await audit(tx, actor, {
      action: "editar notas internas",
      entity: "pedido",
      entityId: order.number,
      before: { internalNotes: order.internalNotes },
      after: { internalNotes: notes },
    });
    return true;
  });
}

/** What the action needs before the transaction: the order exists, and how it is paid. */
export async function findOrderForMove(db: Database, number: string): Promise<Pick<Order, "number" | "payMethod"> | null> {
  const [row] = await db.select({ number: orders.number, payMethod: orders.payMethod }).from(orders).where(eq(orders.number, number)).limit(1);
  return row ?? null;
}
