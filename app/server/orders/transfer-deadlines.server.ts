import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import { DAY_MS } from "~/domain/site/retention";
import { audit } from "../audit.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { orders } from "./orders-schema.server";
import { cancelOrder } from "./cancel-order.server";
import { awaitingPayment, awaitingTransfer, transferDaysSince } from "./order-status-sql.server";
import { transferExpiryReason, transferReminderEmail } from "./transfer-reminder-email.server";
import { enqueue } from "../outbox.server";

/*
 * Unpaid transfers (issue 11): a reminder TRANSFER_REMINDER_DAYS after the order, once, and
 * after TRANSFER_EXPIRY_DAYS the order is cancelled with its units back in stock. A card or
 * Bizum order never paid (issue 12; its units went back when its payment window closed) is
 * cancelled after the same days, without a reminder; one switched to transfer counts its days
 * from the switch
 * (cancelOrder, the same as the administrator's cancel). Days are periods of 24 hours from
 * the order's created_at.
 *
 * The scheduler runs this on one instance at a time; each order is still handled in its own
 * transaction under a row lock or a conditional UPDATE, so that two runs at once (or a run
 * and an administrator marking the order paid) never remind or cancel twice: whoever commits
 * first wins and the other finds the order changed.
 */

export type TransferDays = { reminderDays: number; expiryDays: number };

/** Orders looked at per run and kind; the rest wait for the next run (every 15 minutes). */
const BATCH = 500;

export function transferDaysFromConfig(): TransferDays {
  const c = config();
  return { reminderDays: c.TRANSFER_REMINDER_DAYS, expiryDays: c.TRANSFER_EXPIRY_DAYS };
}

export async function runTransferDeadlines(
  db: Database,
  now = new Date(),
  days: TransferDays = transferDaysFromConfig(),
): Promise<{ reminded: string[]; cancelled: string[] }> {
  const expiryCutoff = new Date(now.getTime() - days.expiryDays * DAY_MS);
  const reminderCutoff = new Date(now.getTime() - days.reminderDays * DAY_MS);

  // Expiry first: an order already past its deadline (the shop was closed for a week) is
  // cancelled, not reminded of a deadline that has gone.
  const cancelled: string[] = [];
  const expired = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaitingPayment, lte(transferDaysSince, expiryCutoff)))
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const { id } of expired) {
    const number = await db.transaction(async (tx) => {
      // SKIP LOCKED: an order another run (or an administrator) holds right now is theirs.
      const [due] = await tx
        .select({ id: orders.id, createdAt: orders.createdAt, transferSince: orders.transferSince, payMethod: orders.payMethod })
        .from(orders)
        .where(and(eq(orders.id, id), awaitingPayment, lte(transferDaysSince, expiryCutoff)))
        .for("update", { skipLocked: true });
      if (!due) return null;
      const reason = transferExpiryReason(days.expiryDays, due);
      const result = await cancelOrder(tx, id, { actor: "sistema", reason, way: "unpaid-expiry", now });
      return result.ok ? result.order.number : null;
    });
    if (number) cancelled.push(number);
  }

  const reminded: string[] = [];
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaitingTransfer, isNull(orders.transferReminderAt), lte(transferDaysSince, reminderCutoff), gt(transferDaysSince, expiryCutoff)))
    .orderBy(asc(orders.id))
    .limit(BATCH);
  for (const { id } of due) {
    const number = await db.transaction(async (tx) => {
      // The condition is checked again under the row lock the UPDATE takes: one reminder.
      const [order] = await tx
        .update(orders)
        .set({ transferReminderAt: now })
        .where(and(eq(orders.id, id), awaitingTransfer, isNull(orders.transferReminderAt), gt(transferDaysSince, expiryCutoff)))
        .returning();
      if (!order) return null;
      const deadline = new Date((order.transferSince ?? order.createdAt).getTime() + days.expiryDays * DAY_MS);
      await enqueue(tx, "email", { ...transferReminderEmail(order, deadline) }, { ref: orderRef(order.id) });
      await audit(tx, "sistema", {
        action: "recordar transferencia",
        entity: "pedido",
        entityId: order.number,
        before: { transferReminderAt: null },
        after: { transferReminderAt: now.toISOString() },
      });
      return order.number;
    });
    if (number) reminded.push(number);
  }
  return { reminded, cancelled };
}

/** The scheduled task's one log line. */
export async function transferDeadlinesTask(db: Database, now = new Date()): Promise<string> {
  const { reminded, cancelled } = await runTransferDeadlines(db, now);
  const list = (numbers: string[]) => (numbers.length ? ` (${numbers.join(", ")})` : "");
  return `transferencias sin recibir: ${reminded.length} recordatorios${list(reminded)}, ${cancelled.length} pedidos cancelados${list(cancelled)}`;
}
