import { FLAG_NAMES, type FlagName, type Flags } from "~/domain/flags";
import { config } from "./config.server";
import type { Database } from "./db/client.server";
import { getDb } from "./db/db.server";
import { flags as flagsTable } from "./db/schema.server";
import { log } from "./log.server";

/**
 * Every page reads the flags, so they are cached in the process. The cache is refreshed
 * when older than FLAG_CACHE_MS (2 s by default), so a change written by another process
 * or instance shows within that time plus one query.
 */
type Cache = { value: Flags; readAt: number };
let cache: Cache | undefined;
let refreshing: Promise<Flags> | undefined;

const ALL_OFF = Object.fromEntries(FLAG_NAMES.map((name) => [name, false])) as Flags;

export async function readFlags(db: Database): Promise<Flags> {
  const rows = await db.select().from(flagsTable);
  const value = { ...ALL_OFF };
  for (const row of rows) value[row.name] = row.enabled;
  return value;
}

export async function getFlags(now = Date.now()): Promise<Flags> {
  if (cache && now - cache.readAt < config().FLAG_CACHE_MS) return cache.value;
  refreshing ??= getDb()
    .then(readFlags)
    .then((value) => {
      cache = { value, readAt: Date.now() };
      return value;
    })
    .catch((error: unknown) => {
      // Keep serving the last known flags while the database is away.
      if (cache) {
        log("flags").error({ err: error }, "no se pudieron leer; se usan los últimos conocidos");
        return cache.value;
      }
      throw error;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Writes a flag; `db` may be a transaction (the back office audits the switch in the same one). */
export async function setFlag(db: Pick<Database, "insert">, name: FlagName, enabled: boolean): Promise<void> {
  await db
    .insert(flagsTable)
    .values({ name, enabled, updatedAt: new Date() })
    .onConflictDoUpdate({ target: flagsTable.name, set: { enabled, updatedAt: new Date() } });
  cache = undefined;
}

export function forgetCachedFlags(): void {
  cache = undefined;
}
