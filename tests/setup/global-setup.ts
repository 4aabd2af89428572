import { mkdirSync, writeFileSync } from "node:fs";
import { migrateDatabase, openDatabase, embeddedClient } from "../../app/server/db/client.server";
import { seedIfEmpty } from "../../app/server/db/seed.server";
import { SNAPSHOT_DIR, SNAPSHOT_PATH } from "./snapshot-path";

/** Builds one migrated and seeded PGlite once per run; every test file loads a copy of it. */
export default async function setup() {
  const client = embeddedClient();
  const handle = await openDatabase({ kind: "pglite", client });
  await migrateDatabase(handle);
  await seedIfEmpty(handle.db);
  const dump = await client.dumpDataDir("gzip");
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  writeFileSync(SNAPSHOT_PATH, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}
