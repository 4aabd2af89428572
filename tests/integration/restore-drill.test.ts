import { eq, sql } from "drizzle-orm";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { outbox, scheduledTasks } from "~/server/db/shared-schema.server";
import { automaticBackupTask, encryptBackup } from "~/server/operations/auto-backup.server";
import { RESTORE_DRILL_TASK, restoreDrillStatus, restoreDrillTask } from "~/server/operations/restore-drill.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { runDueTasks } from "~/server/scheduled/scheduler.server";
import { setupTestDatabase } from "../db-utils";
import { s3BackupSettings, s3StandInForFile, setBackupEnv } from "../support/backup-env";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 32: the weekly restore drill restores the newest backup into a scratch database,
 * brings it up to date with the migrations, and checks that it holds the invoices the shop had
 * issued up to the copy's last one and that its VERI*FACTU chain verifies; from the S3 bucket
 * when one is set. The result is the task's line on the back office's home.
 */
const ready = setupTestDatabase();
const KEY_HEX = "a7".repeat(32);
const root = mkdtempSync(path.join(tmpdir(), "tienda-simulacro-"));
const owner = { email: "duena@termoclima.test" };
let serial = 0;
const s3 = s3StandInForFile(root);

async function paidOrder() {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10 });
  serial += 1;
  const placed = await insertTestOrder(db, { number: `${String(serial).padStart(4, "0")}-301126`, email: `simulacro${serial}@example.com`, createdAt: new Date(), productIds: [product.id], serviceIds: [], payMethod: "transferencia" });
  const moved = await moveOrderStatus(db, owner, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2026-11-30", bankReference: `TRF-S${serial}` } }, new Date());
  expect(moved.ok).toBe(true);
}

function configure(folder: string, withS3 = false) {
  setBackupEnv({ BACKUP_KEY: KEY_HEX, BACKUP_DIR: path.join(root, folder), ...(withS3 ? s3BackupSettings(s3()) : {}) });
}

const failureMails = async () => {
  const { db } = await ready;
  return (await db.select().from(outbox).where(sql`${outbox.payload}->>'subject' like '%simulacro semanal de restauración%'`)).length;
};


describe("the weekly restore drill", () => {
  it("restores the newest copy and finds the shop's invoices and a sound VERI*FACTU chain; later invoices do not count against it", { timeout: 120_000 }, async () => {
    const { db } = await ready;
    configure("copias");
    expect(await restoreDrillTask(db)).toBe("todavía no hay ninguna copia que probar");
    await paidOrder();
    await paidOrder();
    await automaticBackupTask(db, new Date("2026-11-29T02:30:00Z"));
    await automaticBackupTask(db, new Date("2026-11-30T02:30:00Z"));
    await paidOrder(); // issued after the copies

    const line = await restoreDrillTask(db);
    expect(line).toMatch(
      /^simulacro con tienda-2026-11-30T02-30-00Z\.tar\.gz\.enc \(copia del 30\/11\/2026, 03:30\): restaurada y migrada en [\d,]+ s; \d+ pedidos, \d+ cuentas, \d+ solicitudes, 2 facturas, las mismas que en la tienda; cadena VERI\*FACTU correcta \(2 registros\)$/,
    );
  });

  it("reads the copy from the S3 bucket when one is set, which proves the copy away from the server", { timeout: 120_000 }, async () => {
    const { db } = await ready;
    configure("copias-s3", true);
    await automaticBackupTask(db, new Date("2026-11-30T03:30:00Z"));
    rmSync(path.join(root, "copias-s3"), { recursive: true, force: true }); // the server's disk is gone
    const line = await restoreDrillTask(db);
    expect(line).toMatch(/^simulacro con s3:\/\/copias-termoclima\/tienda\/tienda-2026-11-30T03-30-00Z\.tar\.gz\.enc .* 3 facturas, las mismas que en la tienda; cadena VERI\*FACTU correcta \(3 registros\)$/);
    expect(s3().requests.filter((request) => request.status >= 300)).toEqual([]);
    expect(s3().requests.some((request) => request.method === "GET" && request.path.endsWith(".tar.gz.enc"))).toBe(true);
  });

  it("a copy whose chain was broken fails the drill: recorded for the back office, e-mailed to the shop once", { timeout: 120_000 }, async () => {
    const { db } = await ready;
    configure("copias-rotas");
    // Someone with access to the database changes a recorded total, and the nightly copy keeps it.
    const triggers = ["verifactu_records DISABLE TRIGGER verifactu_records_append_only", "invoices DISABLE TRIGGER invoices_append_only"];
    for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE ${t}`));
    const first = (await db.execute(sql`select id, huella from verifactu_records order by id limit 1`)).rows[0] as { id: number; huella: string };
    await db.execute(sql`update verifactu_records set huella = repeat('0', 64) where id = ${first.id}`);
    await automaticBackupTask(db, new Date("2026-12-01T02:30:00Z"));
    await db.execute(sql`update verifactu_records set huella = ${first.huella} where id = ${first.id}`);
    for (const t of triggers) await db.execute(sql.raw(`ALTER TABLE ${t.replace("DISABLE", "ENABLE")}`));

    const task = { name: RESTORE_DRILL_TASK, everyMs: 7 * 86_400_000, run: (database: typeof db) => restoreDrillTask(database) };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runDueTasks([task], db)).toEqual([RESTORE_DRILL_TASK]);
    const status = await restoreDrillStatus(db);
    expect(status.failed).toBe(true);
    expect(status.lastResult).toMatch(/Problemas: Cadena VERI\*FACTU rota tras 0 registro\(s\) correctos/);
    expect(await failureMails()).toBe(1);

    // A copy that cannot be read (another key): the retry fails too, without a second e-mail.
    writeFileSync(path.join(root, "copias-rotas", "tienda-2026-12-02T02-30-00Z.tar.gz.enc"), encryptBackup(Buffer.from("otra tienda"), Buffer.alloc(32, 9)));
    await db.update(scheduledTasks).set({ nextRunAt: sql`now()` }).where(eq(scheduledTasks.name, RESTORE_DRILL_TASK));
    expect(await runDueTasks([task], db)).toEqual([RESTORE_DRILL_TASK]);
    expect((await restoreDrillStatus(db)).lastResult).toMatch(/No se pudo descifrar la copia/);
    expect(await failureMails()).toBe(1);
    errors.mockRestore();
  });
});
