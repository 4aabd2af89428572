import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { backupFormat } from "~/server/db/backup.server";
import { prepareDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { authRequest, signUp } from "../support/auth-utils";
import { insertOrder } from "../support/my-orders-fixtures";
import { everything } from "../support/backup-rows";

/**
 * `npm run backup` (pg_dump -Fc) and `npm run restore FILE` (pg_restore) with DATABASE_URL:
 * a database with accounts, orders and quote requests is copied and restored into a new, empty
 * database, where the same rows are found. Databases of its own, dropped afterwards.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la prueba de copias de seguridad en PostgreSQL ***\n");
}

const databaseUrl = (name: string) => {
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
};

function npmRun(script: string, args: string[], databaseUrlValue: string) {
  return spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrlValue },
    encoding: "utf8",
  });
}

describe.skipIf(!url)("backup and restore on PostgreSQL", () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const source = `tienda_copia_${suffix}`;
  const target = `tienda_restaurada_${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  const handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "copia-pg-"));
    resetConfigForTests();
    await admin.connect();
    await admin.query(`create database ${source}`);
    await admin.query(`create database ${target}`);
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => {});
    await admin.query(`drop database if exists ${source}`);
    await admin.query(`drop database if exists ${target}`);
    await admin.end();
  });

  it("copies orders, accounts and quote requests into a new database", { timeout: 120_000 }, async () => {
    const live = await prepareDatabase({ kind: "postgres", url: databaseUrl(source), seedDemo: true });
    handles.push(live);
    installDatabaseHandle(live);
    await signUp("lucia@example.com", "claveDeLucia1", "Lucía García");
    await signUp("mario@example.com", "claveDeMario1", "Mario Ruiz");
    await insertOrder(live.db, { email: "lucia@example.com" }, { number: "TM-000201" });
    await insertOrder(live.db, { email: "mario@example.com" }, { number: "TM-000202", status: "Pagado" });
    for (const name of ["Ana Pérez", "Luis Gómez"]) {
      const values = { nameAndSurname: name, phone: "600123456", email: "", adress: "Calle Mayor 1", state: "Madrid", message: "" };
      await storeContactRequest(live.db, values, { productId: null, sourcePage: "/contacto" });
    }
    const before = await everything(live);
    expect(before.users).toHaveLength(2);

    // PostgreSQL serves several instances: the copy is taken while the shop keeps running.
    const backups = mkdtempSync(path.join(tmpdir(), "copias-pg-"));
    const made = npmRun("backup", [backups], databaseUrl(source));
    expect(made.status, made.stderr).toBe(0);
    const [file, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(file).toMatch(/^tienda-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
    const dump = path.join(backups, file!);
    expect(backupFormat(dump)).toBe("postgres");
    expect(statSync(dump).mode & 0o777).toBe(0o600);

    // Never over a database that has our tables.
    const refused = npmRun("restore", [dump], databaseUrl(source));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("ya tiene tablas");
    expect(refused.stderr).toContain("la restauración solo escribe en una base de datos vacía");

    const restored = npmRun("restore", [dump], databaseUrl(target));
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("2 pedidos, 2 cuentas, 2 solicitudes de presupuesto");

    // The restored database starts like any other: migrations up to date, the same rows.
    const back = await prepareDatabase({ kind: "postgres", url: databaseUrl(target) });
    handles.push(back);
    installDatabaseHandle(back);
    expect(await everything(back)).toEqual(before);
    expect((await authRequest("/sign-in/email", { email: "mario@example.com", password: "claveDeMario1" })).status).toBe(200);
    // The serial counters came back too: a new request does not collide with a restored one.
    const id = await storeContactRequest(
      back.db,
      { nameAndSurname: "Nuevo", phone: "600000000", email: "", adress: "Calle Luna 2", state: "Madrid", message: "" },
      { productId: null, sourcePage: "/contacto" },
    );
    expect(id).toBeGreaterThan(Math.max(...before.contactRequests.map((row) => row.id)));
  });
});
