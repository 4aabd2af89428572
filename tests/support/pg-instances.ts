import { sql } from "drizzle-orm";
import pg from "pg";
import { expect } from "vitest";
import { prepareDatabase, type Database, type DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";

/** A new, empty PostgreSQL database made from TEST_DATABASE_URL: its address, and `drop()`. */
export async function scratchDatabase(url: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tienda_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/**
 * Two app instances on one new PostgreSQL database (two pools, as two processes would have),
 * created from TEST_DATABASE_URL and dropped by `drop()`. The first is the process's handle.
 */
export async function twoInstances(url: string, label: string) {
  const scratch = await scratchDatabase(url, label);
  const [first, second] = await Promise.all([
    prepareDatabase({ kind: "postgres", url: scratch.url, seedDemo: false }),
    prepareDatabase({ kind: "postgres", url: scratch.url, seedDemo: false }),
  ]);
  installDatabaseHandle(first);
  return {
    first: first as DatabaseHandle,
    second: second as DatabaseHandle,
    drop: async () => {
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

/**
 * Waits until at least `count` sessions of this database wait for a lock: the race a test
 * set up has really started. Asked through another connection of `db`'s pool (a transaction
 * sees the activity as it was when it began).
 */
export async function waitForLockWaiters(db: Database, count = 1): Promise<void> {
  await expect
    .poll(
      async () => {
        const result = await db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        return Number((result.rows[0] as { n: number }).n);
      },
      // A busy machine may take a while to bring a statement to its lock.
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
}
