import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, ping } from "../db/client.server";
import { getDb } from "../db/db.server";

/*
 * /readyz (issue 32): may a balancer send this instance traffic? Yes once its database answers
 * within 2 s and holds every migration this version of the shop was built with (drizzle's
 * journal, drizzle/meta/_journal.json). During an upgrade an older instance finds more
 * migrations than it knows, and stays ready: migrations only ever expand the schema first
 * (README, "Producción"). /healthz only says the process is alive.
 */
export type Readiness = { ok: true } | { ok: false; reason: string };

type Journal = { entries: { tag: string; when: number }[] };

let journal: Journal | undefined;
function lastMigration(): { count: number; when: number } {
  journal ??= JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as Journal;
  return { count: journal.entries.length, when: Math.max(...journal.entries.map((entry) => entry.when)) };
}

export async function readiness(timeoutMs = 2_000): Promise<Readiness> {
  try {
    return await withTimeout(check(), timeoutMs);
  } catch (error) {
    return { ok: false, reason: `la base de datos no responde: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function check(): Promise<Readiness> {
  const db = await getDb();
  await ping(db);
  const expected = lastMigration();
  const { rows } = await db.execute<{ n: number; last: string | null }>(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const applied = rows[0]!;
  if (applied.n < expected.count || Number(applied.last ?? 0) < expected.when) {
    return { ok: false, reason: `faltan migraciones: ${applied.n} aplicadas de ${expected.count}` };
  }
  return { ok: true };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
