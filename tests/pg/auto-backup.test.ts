import { count } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { decryptBackup, takeAutomaticBackup } from "~/server/operations/auto-backup.server";
import { orders } from "~/server/orders/orders-schema.server";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 32 on PostgreSQL: the automatic backup of a running shop is pg_dump's archive,
 * encrypted with BACKUP_KEY; npm run restore decrypts it into a new, empty database where
 * the same orders are found. Databases of its own, dropped afterwards.
 */
const url = process.env.TEST_DATABASE_URL;
const KEY_HEX = "3c".repeat(32);

const databaseUrl = (name: string) => {
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
};

describe.skipIf(!url)("automatic backups on PostgreSQL", () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const source = `tienda_auto_${suffix}`;
  const target = `tienda_auto_restaurada_${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "copia-auto-pg-"));
    resetConfigForTests();
    await admin.connect();
    await admin.query(`create database ${source}`);
    await admin.query(`create database ${target}`);
  });

  afterAll(async () => {
    await handle?.close().catch(() => {});
    await admin.query(`drop database if exists ${source}`);
    await admin.query(`drop database if exists ${target}`);
    await admin.end();
  });

  it("copies the running database encrypted, and restores it with the key into an empty one", { timeout: 180_000 }, async () => {
    handle = await prepareDatabase({ kind: "postgres", url: databaseUrl(source) });
    installDatabaseHandle(handle);
    const product = await insertProduct(handle.db, { stock: 5 });
    for (const number of ["0201-291126", "0202-291126"]) await insertTestOrder(handle.db, { number, email: "copia-pg@example.com", createdAt: new Date(), productIds: [product.id] });
    const [{ n }] = (await handle.db.select({ n: count() }).from(orders)) as [{ n: number }];

    const folder = mkdtempSync(path.join(tmpdir(), "copias-auto-pg-"));
    const made = await takeAutomaticBackup(handle, { folder, key: Buffer.from(KEY_HEX, "hex"), databaseUrl: databaseUrl(source) }, new Date("2026-11-29T02:30:00Z"));
    expect(path.basename(made.file)).toBe("tienda-2026-11-29T02-30-00Z.dump.enc");
    const sealed = readFileSync(made.file);
    expect(sealed.includes(Buffer.from("copia-pg@example.com"))).toBe(false);
    expect(decryptBackup(sealed, Buffer.from(KEY_HEX, "hex")).subarray(0, 5).toString()).toBe("PGDMP");

    const restored = spawnSync("npm", ["run", "--silent", "restore", "--", made.file], {
      env: { ...process.env, DATABASE_URL: databaseUrl(target), BACKUP_KEY: KEY_HEX },
      encoding: "utf8",
    });
    expect(restored.status, restored.stderr).toBe(0);
    const check = new pg.Client({ connectionString: databaseUrl(target) });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>("select count(*)::int as n from orders");
      expect(rows[0]!.n).toBe(n);
    } finally {
      await check.end();
    }
  });
});
