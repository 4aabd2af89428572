import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { type DurableNodeFS } from "~/server/db/durable-nodefs.server";

/**
 * Issue 32: the embedded database syncs what PostgreSQL wrote before a commit is acknowledged
 * (decision 0039). npm run test:power-cut proves it with a disk that forgets unsynced writes;
 * this pins when the syncing happens (its last round, EMBEDDED_SYNC=off, shows what is lost without).
 */
const folder = mkdtempSync(path.join(tmpdir(), "tienda-sync-"));
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close().catch(() => {});
  rmSync(folder, { recursive: true, force: true });
});

async function open(name: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir: path.join(folder, name) });
  opened.push(handle);
  const fs = (handle.db as unknown as { $client: { fs: DurableNodeFS } }).$client.fs;
  await handle.db.execute(sql`create table nota (id serial primary key, texto text not null)`);
  return { handle, synced: () => fs.synced.files };
}

describe("the embedded database syncs each commit", () => {
  it("a statement outside a transaction and a transaction's COMMIT are synced before they return; nothing inside a transaction", { timeout: 60_000 }, async () => {
    const { handle, synced } = await open("durable");
    let before = synced();
    await handle.db.execute(sql`insert into nota (texto) values ('suelta')`);
    expect(synced()).toBeGreaterThan(before);

    before = synced();
    let inside = -1;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into nota (texto) values ('en transacción')`);
      await tx.execute(sql`insert into nota (texto) values ('otra')`);
      inside = synced();
    });
    expect(inside).toBe(before);
    expect(synced()).toBeGreaterThan(before);

    // A checkpoint writes the data files and pg_control: both synced before it returns.
    before = synced();
    await handle.db.execute(sql`checkpoint`);
    expect(synced() - before).toBeGreaterThanOrEqual(2);
  });
});
