import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { getDb } from "./db/db.server";
import { outbox } from "./db/schema.server";

/*
 * Deliveries to outside services (e-mail, task board) are written to the outbox in the same
 * transaction as what caused them, and sent afterwards by a worker: a customer never waits
 * for, or loses anything to, a service that is down. Entries are claimed with
 * FOR UPDATE SKIP LOCKED, so several instances on PostgreSQL never send one entry twice.
 */

export type OutboxEntry = typeof outbox.$inferSelect;

/** Thrown by a handler: `retryable` false stops further attempts (e.g. a 401 or a 400). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A handler sends one entry; "skipped" when its service is not configured. */
export type Handler = (entry: OutboxEntry) => Promise<void | "skipped">;

const handlers = new Map<string, Handler>();

export function registerOutboxHandler(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

type Tx = Pick<Database, "insert">;

/** Adds an entry; pass the transaction that writes what it belongs to. */
export async function enqueue(tx: Tx, kind: string, payload: Record<string, unknown>): Promise<number> {
  const [row] = await tx.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
  return row!.id;
}

export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 120;

/** Exponential backoff with full jitter: up to 2 s, 4 s, 8 s ... capped at 15 min. */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(15 * 60_000, 2000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

async function claim(db: Database, limit: number): Promise<OutboxEntry[]> {
  const result = await db.execute(sql`
    update ${outbox}
       set locked_until = now() + make_interval(secs => ${LOCK_SECONDS}),
           attempts = attempts + 1,
           updated_at = now()
     where id in (
       select id from ${outbox}
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = (result.rows as { id: number }[]).map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);
}

async function finish(db: Database, entry: OutboxEntry, set: Partial<OutboxEntry>) {
  await db
    .update(outbox)
    .set({ ...set, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(outbox.id, entry.id), eq(outbox.status, "pending")));
}

async function deliver(db: Database, entry: OutboxEntry): Promise<void> {
  const handler = handlers.get(entry.kind);
  if (!handler) {
    await finish(db, entry, { status: "failed", lastError: `sin manejador para «${entry.kind}»` });
    return;
  }
  try {
    const outcome = await handler(entry);
    await finish(db, entry, { status: outcome === "skipped" ? "skipped" : "done", lastError: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    if (!retryable || entry.attempts >= MAX_ATTEMPTS) {
      console.error(`[outbox] ${entry.kind} #${entry.id} fallido tras ${entry.attempts} intento(s): ${message}`);
      await finish(db, entry, { status: "failed", lastError: message });
    } else {
      const next = new Date(Date.now() + backoffMs(entry.attempts));
      console.warn(`[outbox] ${entry.kind} #${entry.id} intento ${entry.attempts}: ${message}; se reintenta`);
      await finish(db, entry, { lastError: message, nextAttemptAt: next });
    }
  }
}

/** Sends what is due now; returns how many entries it handled. `db`: another instance's handle (tests). */
export async function processDueEntries(limit = 10, database?: Database): Promise<number> {
  const db = database ?? (await getDb());
  const entries = await claim(db, limit);
  for (const entry of entries) await deliver(db, entry);
  return entries.length;
}

/** Polls the outbox until stopped; `stop` waits for the round in progress. */
export function startOutboxWorker(pollMs: number): { stop: () => Promise<void> } {
  let stopped = false;
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    round = (async () => {
      try {
        while (!stopped && (await processDueEntries()) > 0) {
          // keep going while entries are due
        }
      } catch (error) {
        console.error("[outbox] error al procesar:", error);
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
