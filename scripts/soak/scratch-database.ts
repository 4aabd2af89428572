import pg from "pg";

/**
 * The run's own PostgreSQL database, `soak_<timestamp>`, created on the server of --admin-url
 * and dropped at the end. The script reads it directly (not through the cut leg) to count
 * what was really stored.
 */
export async function createScratchDatabase(adminUrl: string) {
  const name = `soak_${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on("error", () => {});
  return {
    name,
    pool,
    /** The same database, reached through the database leg at `port`. */
    urlThrough(port: number) {
      const through = new URL(url);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      return through.toString();
    },
    async drop() {
      await pool.end().catch(() => {});
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

export type ShopProduct = { id: number; family: string };

/**
 * The demo catalogue holds 3 to 8 units of each product; two minutes of orders would sell it
 * out and turn the rest of the run into "agotado" refusals. The stock is raised once, before
 * any page is served (stock still goes down with every order: the check is still there).
 */
export async function prepareCatalogue(db: ScratchDatabase): Promise<ShopProduct[]> {
  await db.pool.query("update products set stock = 100000 where active");
  const { rows } = await db.pool.query<ShopProduct>("select id, family from products where active order by id");
  if (rows.length === 0) throw new Error("the database has no catalogue (SEED_DEMO=1?)");
  return rows;
}

export type OutboxCounts = Record<string, Record<string, number>>;

/** kind -> status -> entries. */
export async function outboxCounts(db: ScratchDatabase): Promise<OutboxCounts> {
  const { rows } = await db.pool.query<{ kind: string; status: string; n: string }>(
    "select kind, status, count(*) as n from outbox group by kind, status",
  );
  const counts: OutboxCounts = {};
  for (const row of rows) (counts[row.kind] ??= {})[row.status] = Number(row.n);
  return counts;
}

export type PendingEntry = { id: number; kind: string; status: string; attempts: number; due_in_s: number; locked_for_s: number | null; last_error: string | null };

/** Entries not delivered: still pending (with their next attempt and lease) or failed for good. */
export async function pendingEntries(db: ScratchDatabase): Promise<PendingEntry[]> {
  const { rows } = await db.pool.query<PendingEntry>(
    `select id, kind, status, attempts, last_error,
            round(extract(epoch from next_attempt_at - now()))::int as due_in_s,
            round(extract(epoch from locked_until - now()))::int as locked_for_s
       from outbox where status in ('pending', 'failed') order by id limit 20`,
  );
  return rows;
}

/** Every outbox entry with its times in seconds after `t0` (epoch ms): where a slow drain came from. */
export async function outboxHistory(db: ScratchDatabase, t0: number): Promise<string> {
  const { rows } = await db.pool.query<{ id: number; kind: string; status: string; attempts: number; created: number; updated: number; last_error: string | null }>(
    `select id, kind, status, attempts, extract(epoch from created_at) * 1000 - $1 as created,
            extract(epoch from updated_at) * 1000 - $1 as updated, last_error
       from outbox order by updated_at`,
    [t0],
  );
  const seconds = (ms: number) => (Number(ms) / 1000).toFixed(1).padStart(7);
  return [
    "    id  kind         status    attempts  created  updated  last error",
    ...rows.map(
      (row) =>
        `${String(row.id).padStart(6)}  ${row.kind.padEnd(11)}  ${row.status.padEnd(8)}  ${String(row.attempts).padStart(8)}  ${seconds(row.created)}  ${seconds(row.updated)}  ${row.last_error ?? ""}`,
    ),
  ].join("\n");
}

export async function storedState(db: ScratchDatabase) {
  const [requests, orders, users, outbox] = await Promise.all([
    db.pool.query<{ id: number; message: string }>("select id, message from contact_requests"),
    db.pool.query<{ number: string; idempotency_key: string; user_email: string }>(
      "select number, idempotency_key, user_email from orders",
    ),
    db.pool.query<{ email: string }>("select email from \"user\""),
    db.pool.query<{ id: number; kind: string; status: string; attempts: number }>("select id, kind, status, attempts from outbox"),
  ]);
  return { requests: requests.rows, orders: orders.rows, users: users.rows, outbox: outbox.rows };
}

export type StoredState = Awaited<ReturnType<typeof storedState>>;
