import { and, eq } from "drizzle-orm";
import { orderRef } from "../outbox-refs.server";
import type { Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";
import { orders } from "./orders-schema.server";
import { retryDelivery } from "../outbox-retry.server";

/**
 * "Volver a enviar" on an order's failed e-mail (issue 11): the same retry as the quote
 * inbox's (outbox-retry.server.ts, audited), for an entry of this order only.
 */
export type ResendResult = { ok: true } | { ok: false; status: 400 | 409; message: string };

const NOT_THIS_ORDER: ResendResult = { ok: false, status: 400, message: "Ese e-mail no es de este pedido." };

export async function resendOrderDelivery(db: Database, actor: Actor, orderNumber: string, outboxId: number): Promise<ResendResult> {
  if (!Number.isSafeInteger(outboxId) || outboxId <= 0) return NOT_THIS_ORDER;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, orderNumber));
  if (!order) return NOT_THIS_ORDER;
  const [entry] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.id, outboxId), eq(outbox.ref, orderRef(order.id))));
  if (!entry) return NOT_THIS_ORDER;
  const result = await retryDelivery(db, actor, outboxId);
  if (result.ok) return { ok: true };
  const message =
    result.reason === "not-failed"
      ? "Ese e-mail ya no está fallido (puede que otra persona lo haya reenviado): vea su estado abajo."
      : "Ese e-mail ya no existe.";
  return { ok: false, status: 409, message };
}
