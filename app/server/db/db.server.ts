import path from "node:path";
import { config, seedsDemo } from "../config.server";
import { prepareDatabase, type Database, type DatabaseHandle, type OpenOptions } from "./client.server";

/**
 * The process's one database handle. Kept on globalThis so that the dev server's module
 * reloads do not open a second PGlite on the same folder.
 */
type Holder = { handle?: Promise<DatabaseHandle> };
const holder: Holder = ((globalThis as { __shopDb?: Holder }).__shopDb ??= {});

export function optionsFromConfig(c = config()): OpenOptions {
  const seedDemo = seedsDemo(c);
  if (c.DATABASE_URL) return { kind: "postgres", url: c.DATABASE_URL, seedDemo };
  return { kind: "pglite", dataDir: path.resolve(c.DATA_DIR, "pglite"), sync: c.EMBEDDED_SYNC === "on", seedDemo };
}

export function databaseHandle(): Promise<DatabaseHandle> {
  holder.handle ??= prepareDatabase(optionsFromConfig()).catch((error: unknown) => {
    holder.handle = undefined;
    throw error;
  });
  return holder.handle;
}

export async function getDb(): Promise<Database> {
  return (await databaseHandle()).db;
}

/** Tests and scripts hand in a handle of their own. */
export function installDatabaseHandle(handle: DatabaseHandle): void {
  holder.handle = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.handle;
  holder.handle = undefined;
  if (pending) await (await pending).close();
}
