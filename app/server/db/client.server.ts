import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DurableNodeFS, makeTransactionsDurable } from "./durable-nodefs.server";
import { acquireProcessLock } from "./process-lock.server";
import { seedIfEmpty } from "./seed.server";
import { log } from "../log.server";

/**
 * One Drizzle API over two engines: PGlite (embedded, the default, one process) and
 * PostgreSQL through `pg` (DATABASE_URL, several instances). Both speak the same SQL,
 * so the PGlite handle is typed as the node-postgres one. No schema object: nothing uses
 * Drizzle's relational queries (db.query), every query names the tables it reads
 * (docs/decisions/0026-schema-by-area.md).
 */
export type Database = NodePgDatabase;

/** The handle inside db.transaction(): what functions that must run in the caller's transaction take. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  kind: "pglite" | "postgres";
  db: Database;
  close(): Promise<void>;
  /**
   * LISTEN on the embedded database, whose one process makes every write: PGlite calls back
   * before the COMMIT that sent the NOTIFY returns (the page cache relies on it). Absent on
   * PostgreSQL, where other instances write too and notifications arrive later.
   */
  listen?(channel: string, callback: (payload: string) => void): Promise<unknown>;
};

/*
 * PGlite starts PostgreSQL with its default 128 MB of shared buffers, all of it in the WebAssembly
 * memory of the one process, which never gives memory back: a few busy minutes and the server
 * holds them for good. The demo shop's tables and indexes take 24 MB on disk, most of it
 * PostgreSQL's own catalogs, and the operating system's page cache keeps the files in memory
 * anyway: 16 MB keep about 120 MB of the process (issue 14, decision 0010; the bench's
 * 10,000-product section shows the catalogue pages no slower for it).
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Every embedded database the shop, its backups and its tests open: with the extensions the
 * schema uses (pg_trgm for search, issue 15), without which a write to products would fail.
 */
export function embeddedClient(dataDir?: string, options: PGliteOptions = {}): PGlite {
  // The one-object form: PGlite ignores the options when its first argument is undefined.
  return new PGlite({ ...options, dataDir, extensions: { pg_trgm, ...options.extensions } });
}

/**
 * The embedded database of a folder, as the shop opens it: writes synced the way PostgreSQL asks
 * (durable-nodefs.server.ts), so an acknowledged commit survives a power cut. Without a folder
 * (tests, backups checked in memory) there is nothing to sync.
 */
export function durableEmbeddedClient(dataDir: string | undefined, options: PGliteOptions = {}): PGlite {
  if (!dataDir) return embeddedClient(undefined, { startParams: EMBEDDED_START_PARAMS, ...options });
  const fs = new DurableNodeFS(dataDir);
  return makeTransactionsDurable(embeddedClient(undefined, { startParams: EMBEDDED_START_PARAMS, ...options, fs }), fs);
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

export type OpenOptions = (
  | { kind: "postgres"; url: string; poolSize?: number }
  | {
      kind: "pglite";
      dataDir?: string;
      client?: PGlite;
      /** Sync each commit to disk (durable-nodefs.server.ts); default true. */
      sync?: boolean;
    }
) & {
  /** Load the demo catalogue into an empty database (prepareDatabase); default true. */
  seedDemo?: boolean;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A database that does not answer (a network black hole) fails requests in seconds
      // instead of piling them up without end (found by npm run soak).
      connectionTimeoutMillis: 5_000,
      query_timeout: 30_000,
    });
    // An idle client losing its server must not crash the process.
    pool.on("error", (error) => log("db").error({ err: error }, "error en una conexión inactiva"));
    const db = drizzleNodePg(pool);
    return { kind: "postgres", db, close: () => pool.end() };
  }
  let client = options.client;
  let release = () => {};
  if (!client) {
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      release = acquireProcessLock(`${options.dataDir}.lock`);
    }
    client = options.sync === false ? embeddedClient(options.dataDir, { startParams: EMBEDDED_START_PARAMS }) : durableEmbeddedClient(options.dataDir);
  }
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const owned = client;
  const db = drizzlePglite(owned) as unknown as Database;
  return {
    kind: "pglite",
    db,
    close: () => owned.close().finally(release),
    listen: (channel, callback) => owned.listen(channel, callback),
  };
}

/** Applies pending migrations; on PostgreSQL under an advisory lock, so instances can start together. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await withAdvisoryLock(handle, () =>
    migrateNodePg(handle.db, { migrationsFolder: MIGRATIONS_DIR }),
  );
}

const MIGRATION_LOCK = 724_311;

async function withAdvisoryLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  // Session-level lock: take and release it on one pinned connection.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    return await work();
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    connection.release();
  }
}

/** Opens, migrates and seeds: what the server does at start. */
export async function prepareDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle);
    const demo = options.seedDemo ?? true;
    if (handle.kind === "postgres") {
      await withAdvisoryLock(handle, () => seedIfEmpty(handle.db, { demo }));
    } else {
      await seedIfEmpty(handle.db, { demo });
    }
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
