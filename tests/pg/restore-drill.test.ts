import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { takeAutomaticBackup } from "~/server/operations/auto-backup.server";
import { restoreDrill } from "~/server/operations/restore-drill.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 32 on PostgreSQL: the weekly restore drill restores pg_dump's encrypted archive into a
 * scratch database created beside the shop's, checks the invoices and the VERI*FACTU chain
 * there, and drops it. Databases of its own, dropped afterwards.
 */
const url = process.env.TEST_DATABASE_URL;
const KEY = Buffer.from("4d".repeat(32), "hex");

const databaseUrl = (name: string) => {
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
};

describe.skipIf(!url)("the restore drill on PostgreSQL", () => {
  const source = `tienda_drill_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "simulacro-pg-"));
    resetConfigForTests();
    await admin.connect();
    await admin.query(`create database ${source}`);
  });

  afterAll(async () => {
    await handle?.close().catch(() => {});
    await admin.query(`drop database if exists ${source} with (force)`);
    await admin.end();
  });

  it("restores the newest copy into a scratch database, finds the invoices and a sound chain, and drops it", { timeout: 180_000 }, async () => {
    handle = await prepareDatabase({ kind: "postgres", url: databaseUrl(source) });
    installDatabaseHandle(handle);
    const product = await insertProduct(handle.db, { stock: 5 });
    for (const number of ["0301-301126", "0302-301126"]) {
      await insertTestOrder(handle.db, { number, email: "simulacro-pg@example.com", createdAt: new Date(), productIds: [product.id], serviceIds: [], payMethod: "transferencia" });
      const moved = await moveOrderStatus(handle.db, { email: "duena@termoclima.test" }, number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2026-11-30", bankReference: `TRF-${number}` } }, new Date());
      expect(moved.ok).toBe(true);
    }
    const settings = { folder: mkdtempSync(path.join(tmpdir(), "copias-simulacro-pg-")), key: KEY, databaseUrl: databaseUrl(source) };
    await takeAutomaticBackup(handle, settings, new Date("2026-11-30T02:30:00Z"));

    const result = await restoreDrill(handle.db, settings, null);
    expect(result.ok, result.line).toBe(true);
    expect(result.line).toMatch(/^simulacro con .*tienda-2026-11-30T02-30-00Z\.dump\.enc .*: restaurada y migrada en [\d,]+ s; 2 pedidos, .* 2 facturas, las mismas que en la tienda; cadena VERI\*FACTU correcta \(2 registros\)$/);
    const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_database where datname like 'tienda_simulacro_%'");
    expect(rows[0]!.n).toBe(0);
  });
});
