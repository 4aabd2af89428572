import { count, eq, sql } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { BackupError } from "~/server/db/backup.server";
import { embeddedClient } from "~/server/db/client.server";
import { outbox, scheduledTasks } from "~/server/db/shared-schema.server";
import { automaticBackupTask, BACKUP_TASK, backupStatus, decryptBackup, encryptBackup, listBackups, takeAutomaticBackup } from "~/server/operations/auto-backup.server";
import { orders } from "~/server/orders/orders-schema.server";
import { runDueTasks } from "~/server/scheduled/scheduler.server";
import { withDecrypted } from "../../scripts/restore";
import { setupTestDatabase } from "../db-utils";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 32: automatic backups while the shop runs: encrypted with BACKUP_KEY (AES-256-GCM),
 * rotated (7 daily, 4 weekly, 12 monthly) as the days go by, restorable with npm run restore,
 * a failure shown in the back office and e-mailed to the shop once.
 */
const ready = setupTestDatabase();
const KEY_HEX = "8f".repeat(32);
const KEY = Buffer.from(KEY_HEX, "hex");
const root = mkdtempSync(path.join(tmpdir(), "tienda-copias-auto-"));
afterAll(() => {
  delete process.env.BACKUP_KEY;
  delete process.env.BACKUP_DIR;
  resetConfigForTests();
  rmSync(root, { recursive: true, force: true });
});

describe("encryption of a backup", () => {
  it("reads back with its key; another key or a changed byte is refused in Spanish", () => {
    const sealed = encryptBackup(Buffer.from("copia de la tienda"), KEY);
    expect(decryptBackup(sealed, KEY).toString()).toBe("copia de la tienda");
    expect(() => decryptBackup(sealed, Buffer.alloc(32, 1))).toThrow(/BACKUP_KEY no es la clave/);
    const tampered = Buffer.from(sealed);
    tampered[20] = tampered[20]! ^ 1;
    expect(() => decryptBackup(tampered, KEY)).toThrow(BackupError);
    expect(() => decryptBackup(Buffer.from("PGDMP..."), KEY)).toThrow(/no es una copia cifrada/);
  });
});

describe("automatic backups", () => {
  it("a copy of the live database, encrypted, 0600; the clock moved on 60 days, the rotation keeps 7 + weeks + months", { timeout: 120_000 }, async () => {
    const handle = await ready;
    const product = await insertProduct(handle.db, { stock: 5 });
    await insertTestOrder(handle.db, { number: "0101-291126", email: "copia@example.com", createdAt: new Date(), productIds: [product.id] });
    const [{ n: liveOrders }] = (await handle.db.select({ n: count() }).from(orders)) as [{ n: number }];
    const folder = path.join(root, "copias");
    // Sixty nights of earlier backups (their content does not matter to the rotation).
    const { mkdirSync } = await import("node:fs");
    mkdirSync(folder, { recursive: true });
    for (let day = 60; day >= 1; day--) {
      const stamp = new Date(Date.UTC(2026, 10, 29, 2, 30) - day * 86_400_000).toISOString().slice(0, 19).replaceAll(":", "-");
      writeFileSync(path.join(folder, `tienda-${stamp}Z.tar.gz.enc`), "antigua");
    }
    writeFileSync(path.join(folder, "notas.txt"), "no es una copia: no se toca");

    const made = await takeAutomaticBackup(handle, { folder, key: KEY }, new Date("2026-11-29T02:30:00Z"));
    expect(path.basename(made.file)).toBe("tienda-2026-11-29T02-30-00Z.tar.gz.enc");
    expect(statSync(made.file).mode & 0o777).toBe(0o600);
    const kept = listBackups(folder).map((backup) => backup.name.slice(7, 17)).sort();
    // 7 days (23 to 29 November), the newest of the 4 last weeks, of 3 months (Sept to Nov).
    expect(kept).toEqual(["2026-09-30", "2026-10-31", "2026-11-08", "2026-11-15", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(made.deleted).toHaveLength(61 - kept.length);
    expect(existsSync(path.join(folder, "notas.txt"))).toBe(true);

    // It restores: the decrypted copy loads into a database holding the same orders.
    const plain = decryptBackup(readFileSync(made.file), KEY);
    const restored = embeddedClient(undefined, { loadDataDir: new File([new Uint8Array(plain)], "copia.tar.gz", { type: "application/x-gzip" }) });
    const result = await restored.query<{ n: number }>("select count(*)::int as n from orders");
    expect(result.rows[0]!.n).toBe(liveOrders);
    await restored.close();
  });

  it("npm run restore reads an encrypted copy with BACKUP_KEY, and says which key is missing without it", { timeout: 120_000 }, async () => {
    const folder = path.join(root, "copias");
    const [latest] = listBackups(folder).sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
    const file = path.join(folder, latest!.name);
    const run = (env: NodeJS.ProcessEnv) => spawnSync("npm", ["run", "--silent", "restore", "--", file], { env: { ...process.env, DATABASE_URL: "", ...env }, encoding: "utf8" });
    delete process.env.BACKUP_KEY;
    await expect(withDecrypted(file, async () => "no llega")).rejects.toThrow("Esta copia está cifrada: defina BACKUP_KEY");
    const restored = run({ DATA_DIR: path.join(root, "restaurada"), BACKUP_KEY: KEY_HEX });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Copia restaurada en .*restaurada.*: \d+ pedidos?/);
  });

  it("a failure: recorded in the task's row and the back office, e-mailed to the shop once, not at every retry", { timeout: 60_000 }, async () => {
    const { db } = await ready;
    const blocked = path.join(root, "no-es-carpeta");
    writeFileSync(blocked, "un fichero donde debería ir la carpeta");
    process.env.BACKUP_KEY = KEY_HEX;
    process.env.BACKUP_DIR = path.join(blocked, "copias");
    resetConfigForTests();
    const task = { name: BACKUP_TASK, everyMs: 86_400_000, run: (database: typeof db) => automaticBackupTask(database) };
    const mails = async () => (await db.select().from(outbox).where(sql`${outbox.payload}->>'subject' like '%copia de seguridad automática ha fallado%'`)).length;
    const errors = await import("vitest").then(({ vi }) => vi.spyOn(console, "error").mockImplementation(() => {}));

    expect(await runDueTasks([task], db)).toEqual([BACKUP_TASK]);
    expect(await mails()).toBe(1);
    const status = await backupStatus(db);
    expect(status).toMatchObject({ enabled: true, failed: true });
    expect(status.lastResult).toMatch(/ENOTDIR|no es un directorio|not a directory/i);

    // The retry, also failing: no second e-mail.
    await db.update(scheduledTasks).set({ nextRunAt: sql`now()` }).where(eq(scheduledTasks.name, BACKUP_TASK));
    expect(await runDueTasks([task], db)).toEqual([BACKUP_TASK]);
    expect(await mails()).toBe(1);

    // Fixed: the next run succeeds and the back office says so.
    process.env.BACKUP_DIR = path.join(root, "copias-buenas");
    resetConfigForTests();
    await db.update(scheduledTasks).set({ nextRunAt: sql`now()` }).where(eq(scheduledTasks.name, BACKUP_TASK));
    expect(await runDueTasks([task], db)).toEqual([BACKUP_TASK]);
    expect(await backupStatus(db)).toMatchObject({ failed: false, lastResult: expect.stringMatching(/^copia tienda-.*\.tar\.gz\.enc, \d+,\d MB$/) });
    expect(readdirSync(path.join(root, "copias-buenas"))).toHaveLength(1);
    errors.mockRestore();
  });
});
