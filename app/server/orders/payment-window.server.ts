import { and, asc, eq, lte } from "drizzle-orm";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { orders } from "./orders-schema.server";
import { recordOrderNote, recordPaymentChoice } from "./order-moves.server";
import { awaitingPayment } from "./order-status-sql.server";
import { returnUnits } from "./order-units.server";

/*
 * Card and Bizum payment windows (issue 12): an order still "Pendiente de Pago" when its
 * window (PAYMENT_WINDOW_MINUTES, 30 by default) closes gives its units back on sale. The
 * order stays payable: paying again from "Mis Pedidos" takes the units anew if there are
 * any, and a payment that arrives late takes them too (or the back office is told).
 *
 * One order per transaction, locked with SKIP LOCKED and checked again under the lock, so
 * that a notification being applied at that moment (it locks the same row) wins or loses
 * cleanly, and two runs never release twice (returnUnits also checks units_held).
 */

const BATCH = 500;

const windowClosed = (now: Date) => and(awaitingPayment, eq(orders.unitsHeld, true), lte(orders.holdUntil, now));

export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<string[]> {
  const due = await db.select({ id: orders.id }).from(orders).where(windowClosed(now)).orderBy(asc(orders.holdUntil)).limit(BATCH);
  const released: string[] = [];
  for (const { id } of due) {
    const number = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), windowClosed(now)))
        .for("update", { skipLocked: true });
      if (!order) return null;
      const units = await returnUnits(tx, order.id, now);
      await recordPaymentChoice(tx, order.id, { holdUntil: null }, now);
      await recordOrderNote(tx, order, { actor: "sistema", details: { plazo: "No llegó el pago en el plazo: las unidades vuelven a la venta", unidades: String(units) }, now });
      await audit(tx, "sistema", {
        action: "liberar unidades",
        entity: "pedido",
        entityId: order.number,
        before: { unitsHeld: true, holdUntil: order.holdUntil?.toISOString() ?? null },
        after: { unitsHeld: false, unidadesDevueltas: units },
      });
      return order.number;
    });
    if (number) released.push(number);
  }
  return released;
}

/** The scheduled task's one log line. */
export async function paymentWindowTask(db: Database, now = new Date()): Promise<string> {
  const released = await releaseExpiredHolds(db, now);
  return `plazos de pago cerrados: ${released.length}${released.length ? ` (${released.join(", ")})` : ""}`;
}
