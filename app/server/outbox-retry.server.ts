import { and, eq, sql } from "drizzle-orm";
import { scrubSecrets } from "~/domain/quotes/delivery-view";
import { audit, type Actor } from "./audit.server";
import type { Database } from "./db/client.server";
import { outbox } from "./db/shared-schema.server";

/*
 * The owner puts a failed delivery back in the queue from the back office (issue 11): status
 * pending, due now, attempts from zero (a full round of backoff again), with its line in the
 * audit log. The worker (outbox.server.ts) then treats it as any other entry.
 *
 * The at-most-once markers (outbox.server.ts):
 * - sentAt stays: it records that the service took the delivery, so the worker closes the
 *   entry as sent without sending it again.
 * - sendStartedAt of an e-mail is cleared: an SMTP send cut off mid-way was failed on purpose
 *   (MAYBE_SENT_MESSAGE: nobody can ask the server whether it arrived); the page shows that
 *   reason and the owner, having checked, resends knowingly. Left in place it would fail the
 *   resend the same way, forever.
 * - sendStartedAt of a task card stays: the card handler then looks for the card on the board
 *   before posting, so a card that did arrive is not made twice.
 */

export type RetryResult = { ok: true } | { ok: false; reason: "not-found" | "not-failed" };

export async function retryDelivery(db: Database, actor: Actor, outboxId: number): Promise<RetryResult> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(outbox).where(eq(outbox.id, outboxId)).for("update");
    if (!entry) return { ok: false, reason: "not-found" };
    // Only a failed entry: a pending one is the worker's, a sent one must not go twice.
    if (entry.status !== "failed") return { ok: false, reason: "not-failed" };
    const clearSendMark = entry.kind === "email" && entry.sendStartedAt !== null && entry.sentAt === null;
    await tx
      .update(outbox)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        claimToken: null,
        lastError: null,
        ...(clearSendMark ? { sendStartedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(outbox.id, outboxId), eq(outbox.status, "failed")));
    await audit(tx, actor, {
      action: "reintentar entrega",
      entity: "entrega",
      entityId: outboxId,
      before: { estado: "fallido", intentos: entry.attempts, error: entry.lastError && scrubSecrets(entry.lastError), referencia: entry.ref },
      after: { estado: "en cola", intentos: 0, ...(clearSendMark ? { reenvioConsciente: true } : {}) },
    });
    return { ok: true };
  });
}
