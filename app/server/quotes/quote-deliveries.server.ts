import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { contactOfRef, contactRef } from "../outbox-refs.server";
import { deliveryView, type DeliveryRow, type DeliveryView } from "~/domain/quotes/delivery-view";
import type { Database } from "../db/client.server";
import { outbox } from "../db/shared-schema.server";

/*
 * The outbox entries of quote requests: those enqueued since issue 11 carry ref
 * "contact:<id>"; older ones are found by the request id their payload holds (the task card's
 * does; the shop's e-mail never did, so an old request shows its card only).
 */

const columns = {
  id: outbox.id,
  kind: outbox.kind,
  status: outbox.status,
  attempts: outbox.attempts,
  nextAttemptAt: outbox.nextAttemptAt,
  lastError: outbox.lastError,
  sentAt: outbox.sentAt,
  updatedAt: outbox.updatedAt,
  ref: outbox.ref,
  payloadRequestId: sql<string | null>`${outbox.payload}->>'requestId'`,
};

/** The request id an entry belongs to, by its ref or (old entries) its payload. */
function requestIdOf(row: { kind: string; ref: string | null; payloadRequestId: string | null }): number | null {
  const old = row.ref === null && row.kind === "trello_card";
  const value = contactOfRef(row.ref) ?? (old ? row.payloadRequestId : null);
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Every delivery of each request, oldest first (the card before the e-mail). */
export async function deliveriesOf(db: Database, requestIds: readonly number[]): Promise<Map<number, DeliveryView[]>> {
  const found = new Map<number, DeliveryView[]>();
  if (requestIds.length === 0) return found;
  const refs = requestIds.map(contactRef);
  const ids = requestIds.map(String);
  const rows = await db
    .select(columns)
    .from(outbox)
    .where(
      or(
        inArray(outbox.ref, refs),
        and(isNull(outbox.ref), eq(outbox.kind, "trello_card"), inArray(sql`${outbox.payload}->>'requestId'`, ids)),
      ),
    )
    .orderBy(outbox.id);
  for (const row of rows) {
    const requestId = requestIdOf(row);
    if (requestId === null) continue;
    const list = found.get(requestId) ?? [];
    list.push(deliveryView(row as DeliveryRow));
    found.set(requestId, list);
  }
  return found;
}

/** Whether outbox entry `outboxId` is a delivery of request `requestId` (the retry form names both). */
export async function isDeliveryOf(db: Database, requestId: number, outboxId: number): Promise<boolean> {
  const [row] = await db.select(columns).from(outbox).where(eq(outbox.id, outboxId));
  return row ? requestIdOf(row) === requestId : false;
}
