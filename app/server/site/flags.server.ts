import { FLAG_NAMES, type FlagName, type Flags } from "~/domain/site/flags";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { flags as flagsTable } from "./site-schema.server";
import { log } from "../log.server";
import { processCopy } from "../process-copy.server";

/**
 * Every page reads the flags, so the process keeps a copy, read again when older than
 * FLAG_CACHE_MS (2 s by default): a change written by another process or instance shows
 * within that time plus one query, and at once where the page cache learns of it.
 */
const ALL_OFF = Object.fromEntries(FLAG_NAMES.map((name) => [name, false])) as Flags;

const copy = processCopy<Flags>({
  read: () => getDb().then(readFlags),
  maxAgeMs: () => config().FLAG_CACHE_MS,
  onError(error, last) {
    // Keep serving the last known flags while the database is away.
    if (!last) throw error;
    log("flags").error({ err: error }, "no se pudieron leer; se usan los últimos conocidos");
    return last;
  },
});

export async function readFlags(db: Database): Promise<Flags> {
  const rows = await db.select().from(flagsTable);
  const value = { ...ALL_OFF };
  for (const row of rows) value[row.name] = row.enabled;
  return value;
}

export function getFlags(now = Date.now()): Promise<Flags> {
  return copy.get(now);
}

/** Writes a flag; `db` may be a transaction (the back office audits the switch in the same one). */
export async function setFlag(db: Pick<Database, "insert">, name: FlagName, enabled: boolean): Promise<void> {
  await db
    .insert(flagsTable)
    .values({ name, enabled, updatedAt: new Date() })
    .onConflictDoUpdate({ target: flagsTable.name, set: { enabled, updatedAt: new Date() } });
  copy.forget();
}

export function forgetCachedFlags(): void {
  copy.forget();
}
