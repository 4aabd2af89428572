import { eq } from "drizzle-orm";
import { FLAG_NAMES, type FlagName, type Flags } from "~/domain/site/flags";
import { audit, type Actor } from "../audit.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { flags as flagsTable } from "./site-schema.server";
import { log } from "../log.server";
import { processCopy } from "../process-copy.server";

/*
 * The site's flags on the server (spec section 3; their names and rules:
 * app/domain/site/flags.ts): read by every page through a copy in the process, written by
 * scripts/flag.ts and, with an audit line, by the back office's /admin/sitio.
 */

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

/**
 * Switches a flag from /admin/sitio (issue 11), with its line in the audit log in the same
 * transaction. The flags cache (FLAG_CACHE_MS, 2 s) carries it to every instance within 5 s.
 * "unchanged": it already was so (a second click, another tab); nothing is written.
 */
export async function switchFlag(db: Database, actor: Actor, name: FlagName, enabled: boolean): Promise<"ok" | "unchanged"> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select({ enabled: flagsTable.enabled }).from(flagsTable).where(eq(flagsTable.name, name)).for("update");
    const was = row?.enabled ?? false;
    if (was === enabled) return "unchanged" as const;
    await setFlag(tx, name, enabled);
    await audit(tx, actor, {
      action: enabled ? "indicador.activar" : "indicador.desactivar",
      entity: "sitio",
      entityId: `indicador:${name}`,
      before: { activado: was },
      after: { activado: enabled },
    });
    return "ok" as const;
  });
  // Again after the commit: a page read between setFlag and the commit cached the old value.
  forgetCachedFlags();
  return outcome;
}
