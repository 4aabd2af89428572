import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { getDb } from "./db/db.server";
import { outbox } from "./db/shared-schema.server";
import { log } from "./log.server";
import { startPolling } from "./poller.server";

/*
 * Deliveries to outside services (e-mail, task board) are written to the outbox in the same
 * transaction as what caused them, and sent afterwards by a worker: a customer never waits
 * for, or loses anything to, a service that is down.
 *
 * Never twice (issue 10): a claim (FOR UPDATE SKIP LOCKED) holds an entry for a lease and
 * carries a token; only the holder of that token can finish the entry or start its send. A
 * heartbeat extends the lease while the handler runs, so a slow send does not lose it. The
 * one step no token can make atomic is the outside service taking the message and our
 * bookkeeping of it: handlers record "sending started" (context.sending) before and "sent"
 * (context.sent) after, so a later attempt knows whether an earlier one may have delivered
 * (context.interruptedSend) and the handler can check (Trello) or refuse to repeat (SMTP).
 */

export type OutboxEntry = typeof outbox.$inferSelect;

/** Thrown by a handler: `retryable` false stops further attempts (e.g. a 401 or a 400). */
export class DeliveryError extends Error {
  /** True when the service surely did not take the delivery (it answered with a refusal). */
  readonly notSent: boolean;
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown; notSent?: boolean },
  ) {
    super(message, { cause: options?.cause });
    this.notSent = options?.notSent ?? false;
  }
}

/** This worker no longer holds the entry: its lease ran out and another worker claimed it. */
class ClaimLost extends Error {}

export type DeliveryContext = {
  /** Aborted when the claim is lost or the attempt runs past handlerTimeoutMs: stop sending. */
  signal: AbortSignal;
  /** An earlier attempt started sending and never recorded the outcome: it may have arrived. */
  interruptedSend: boolean;
  /** Call right before the irreversible step; throws when the claim is no longer ours. */
  sending(): Promise<void>;
  /** Call as soon as the service accepted the delivery. */
  sent(): Promise<void>;
};

/** A handler sends one entry; "skipped" when its service is not configured. */
export type Handler = (entry: OutboxEntry, context: DeliveryContext) => Promise<void | "skipped">;

const handlers = new Map<string, Handler>();

export function registerOutboxHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

type Tx = Pick<Database, "insert">;

/**
 * Adds an entry; pass the transaction that writes what it belongs to. `ref` names what the
 * delivery is about ("contact:12", "order:34"), so the back office can show it there.
 */
export async function enqueue(
  tx: Tx,
  kind: string,
  payload: Record<string, unknown>,
  options: { ref?: string } = {},
): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, payload, ref: options.ref ?? null }).returning({ id: outbox.id });
  return row!.id;
}

/** With the backoff below: one to two hours of trying (up to 15 min apart) before giving up. */
export const MAX_ATTEMPTS = 16;

/**
 * Timing of claims. The handlers' own timeouts (Trello 10 s per call, SMTP 10 + 10 + 20 s)
 * stay well inside the lease, so even without a single heartbeat a send ends before the lease;
 * the heartbeat covers what they cannot bound. handlerTimeoutMs is the last resort against a
 * handler that hangs in spite of them. Tests shorten these.
 */
export const outboxSettings = { leaseMs: 120_000, heartbeatMs: 20_000, handlerTimeoutMs: 5 * 60_000 };

/** Exponential backoff with full jitter: up to 2 s, 4 s, 8 s ... capped at 15 min. */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(15 * 60_000, 2000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const lease = () => sql`now() + make_interval(secs => ${outboxSettings.leaseMs / 1000})`;

async function claim(db: Database, limit: number): Promise<{ token: string; entries: OutboxEntry[] }> {
  const token = randomUUID();
  const result = await db.execute(sql`
    update ${outbox}
       set locked_until = ${lease()}, claim_token = ${token}, attempts = attempts + 1, updated_at = now()
     where id in (
       select id from ${outbox}
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = (result.rows as { id: number }[]).map((row) => row.id);
  if (ids.length === 0) return { token, entries: [] };
  const entries = await db.select().from(outbox).where(and(inArray(outbox.id, ids), eq(outbox.claimToken, token))).orderBy(outbox.id);
  return { token, entries };
}

/** Extends the lease (and optionally sets more) while `token` still holds the entry; false if it does not. */
async function renew(db: Database, id: number, token: string, also: Partial<OutboxEntry> = {}): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ ...also, lockedUntil: lease() })
    .where(and(eq(outbox.id, id), eq(outbox.claimToken, token), eq(outbox.status, "pending")))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

function takenOver(entry: OutboxEntry): void {
  log("outbox").warn({ kind: entry.kind, id: entry.id }, `${entry.kind} #${entry.id}: otro proceso se hizo cargo de la entrada (venció el plazo de este); no se toca`);
}

/** Records the result, only while our claim still holds the entry. */
async function finish(db: Database, entry: OutboxEntry, token: string, set: Partial<OutboxEntry>): Promise<void> {
  const rows = await db
    .update(outbox)
    .set({ ...set, lockedUntil: null, claimToken: null, updatedAt: new Date() })
    .where(and(eq(outbox.id, entry.id), eq(outbox.claimToken, token), eq(outbox.status, "pending")))
    .returning({ id: outbox.id });
  if (rows.length === 0) takenOver(entry);
}

/** Keeps the lease while the handler runs; aborts the attempt when another worker has the entry. */
function heartbeat(db: Database, entry: OutboxEntry, token: string, attempt: AbortController): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    renew(db, entry.id, token)
      .then((held) => {
        if (!held) attempt.abort(new ClaimLost());
      })
      // The database may be briefly away; the lease has room for a missed beat or two.
      .catch((error: unknown) => log("outbox").warn({ id: entry.id }, `no se pudo renovar el plazo de #${entry.id}: ${(error as Error).message}`))
      .finally(() => (busy = false));
  }, outboxSettings.heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function deliver(db: Database, entry: OutboxEntry, token: string): Promise<void> {
  // Entries of a batch wait their turn: check the claim, and renew its lease, before starting.
  if (!(await renew(db, entry.id, token))) return takenOver(entry);
  if (entry.sentAt) {
    // An earlier attempt delivered it and failed afterwards: only the bookkeeping was missing.
    return finish(db, entry, token, { status: "done", lastError: null });
  }
  const handler = handlers.get(entry.kind);
  if (!handler) return finish(db, entry, token, { status: "failed", lastError: `sin manejador para «${entry.kind}»` });

  const attempt = new AbortController();
  const state = { sending: false, sent: false };
  const context: DeliveryContext = {
    signal: attempt.signal,
    interruptedSend: entry.sendStartedAt !== null,
    sending: async () => {
      attempt.signal.throwIfAborted();
      if (!(await renew(db, entry.id, token, { sendStartedAt: new Date() }))) {
        attempt.abort(new ClaimLost());
        throw attempt.signal.reason;
      }
      state.sending = true;
    },
    sent: async () => {
      // A fact about the outside world: recorded whoever holds the claim now.
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, entry.id));
      state.sent = true;
    },
  };
  const stopHeartbeat = heartbeat(db, entry, token, attempt);
  const deadline = setTimeout(
    () => attempt.abort(new Error(`sin terminar en ${outboxSettings.handlerTimeoutMs / 1000} s`)),
    outboxSettings.handlerTimeoutMs,
  );
  try {
    const running = handler(entry, context);
    running.catch(() => {}); // abandoned after an abort; its own rejection is not news
    const aborted = new Promise<never>((_, reject) =>
      attempt.signal.addEventListener("abort", () => reject(attempt.signal.reason), { once: true }),
    );
    const outcome = await Promise.race([running, aborted]);
    await finish(db, entry, token, { status: outcome === "skipped" ? "skipped" : "done", lastError: null });
  } catch (error) {
    if (error instanceof ClaimLost || attempt.signal.reason instanceof ClaimLost) return takenOver(entry);
    const message = error instanceof Error ? error.message : String(error);
    if (state.sent) {
      log("outbox").warn({ kind: entry.kind, id: entry.id }, `${entry.kind} #${entry.id} enviado, pero después falló: ${message}`);
      return finish(db, entry, token, { status: "done", lastError: null });
    }
    // The mark says an earlier send may have arrived. Only a send of this attempt that the
    // service surely refused clears it; an attempt that failed before sending (a look-up, the
    // database) leaves an earlier attempt's mark as it was.
    const surelyNotSent = state.sending && error instanceof DeliveryError && error.notSent;
    const marker = surelyNotSent ? { sendStartedAt: null } : {};
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    if (!retryable || entry.attempts >= MAX_ATTEMPTS) {
      log("outbox").error({ kind: entry.kind, id: entry.id }, `${entry.kind} #${entry.id} fallido tras ${entry.attempts} intento(s): ${message}`);
      await finish(db, entry, token, { ...marker, status: "failed", lastError: message });
    } else {
      const next = new Date(Date.now() + backoffMs(entry.attempts));
      log("outbox").warn({ kind: entry.kind, id: entry.id }, `${entry.kind} #${entry.id} intento ${entry.attempts}: ${message}; se reintenta`);
      await finish(db, entry, token, { ...marker, lastError: message, nextAttemptAt: next });
    }
  } finally {
    clearTimeout(deadline);
    stopHeartbeat();
  }
}

/**
 * Sends what is due now; returns how many entries it claimed. `database`: another instance's
 * handle (tests). When `stop` aborts, entries not yet started are handed back at once.
 */
export async function processDueEntries(limit = 10, database?: Database, stop?: AbortSignal): Promise<number> {
  const db = database ?? (await getDb());
  const { token, entries } = await claim(db, limit);
  for (const [i, entry] of entries.entries()) {
    if (stop?.aborted) {
      const rest = entries.slice(i).map((e) => e.id);
      await db
        .update(outbox)
        .set({ lockedUntil: null, claimToken: null, attempts: sql`${outbox.attempts} - 1` })
        .where(and(inArray(outbox.id, rest), eq(outbox.claimToken, token), eq(outbox.status, "pending")));
      break;
    }
    await deliver(db, entry, token);
  }
  return entries.length;
}

/** Polls the outbox until stopped; `stop` waits for the entry in progress. */
export function startOutboxWorker(pollMs: number): { stop: () => Promise<void> } {
  return startPolling(
    async (signal) => {
      while (!signal.aborted && (await processDueEntries(10, undefined, signal)) > 0) {
        // keep going while entries are due
      }
    },
    pollMs,
    (error) => log("outbox").error({ err: error }, "error al procesar"),
  );
}
