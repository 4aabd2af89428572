import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, backupFormat, restoreDatabase } from "~/server/db/backup.server";
import { MIGRATIONS_DIR, prepareDatabase, type DatabaseHandle, embeddedClient } from "~/server/db/client.server";
import { installDatabaseHandle } from "~/server/db/db.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { SNAPSHOT_PATH } from "../setup/snapshot-path";
import { authRequest, signUp } from "../support/auth-utils";
import { insertOrder } from "../support/my-orders-fixtures";
import { everything } from "../support/backup-rows";

/**
 * `npm run backup` and `npm run restore` on the embedded database, as an operator runs them:
 * a shop folder with accounts, orders and quote requests is copied, restored into a fresh folder,
 * and the same rows (and the same passwords) are found there.
 */
const root = mkdtempSync(path.join(tmpdir(), "tienda-copia-"));
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

function npmRun(script: string, args: string[], dataDir: string) {
  return spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
}

async function open(dataDir: string) {
  // Not synced to disk: this file is about copies, not power cuts (durable-embedded.test.ts).
  const handle = await prepareDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite"), sync: false });
  handles.push(handle);
  installDatabaseHandle(handle);
  return handle;
}

describe("backup and restore of the embedded database", () => {
  const shop = path.join(root, "tienda");
  const copy = path.join(root, "restaurada");
  const backups = path.join(root, "copias");

  it("copies orders, accounts and quote requests, and restores them into a fresh folder", { timeout: 120_000 }, async () => {
    // A shop folder that has been used: the migrated demo database plus real traffic.
    await restoreDatabase({ kind: "pglite", dataDir: path.join(shop, "pglite") }, SNAPSHOT_PATH);
    const live = await open(shop);
    await signUp("lucia@example.com", "claveDeLucia1", "Lucía García");
    await signUp("mario@example.com", "claveDeMario1", "Mario Ruiz");
    await insertOrder(live.db, { email: "lucia@example.com" }, { number: "TM-000101" });
    await insertOrder(live.db, { email: "mario@example.com" }, { number: "TM-000102", status: "Pagado" });
    for (const name of ["Ana Pérez", "Luis Gómez", "Sara Díaz"]) {
      const values = { nameAndSurname: name, phone: "600123456", email: "", adress: "Calle Mayor 1", state: "Madrid", message: "Cambio de caldera" };
      await storeContactRequest(live.db, values, { productId: null, sourcePage: "/contacto" });
    }
    const before = await everything(live);
    expect(before.users).toHaveLength(2);
    expect(before.accounts).toHaveLength(2);
    expect(before.orders).toHaveLength(2);
    expect(before.contactRequests).toHaveLength(3);

    // While the shop runs (this process holds the folder), the backup refuses in one clear line.
    const refused = npmRun("backup", [backups], shop);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim()).toMatch(new RegExp(`^La tienda está en marcha sobre .*\\(proceso ${process.pid}\\): deténgala antes de hacer la copia`));
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);

    await live.close();
    const made = npmRun("backup", [backups], shop);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain("contiene 2 pedidos, 2 cuentas, 3 solicitudes de presupuesto");
    const [file, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(file).toMatch(/^tienda-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(backupFormat(path.join(backups, file!))).toBe("pglite");
    expect(statSync(path.join(backups, file!)).mode & 0o777).toBe(0o600);

    const restored = npmRun("restore", [path.join(backups, file!)], copy);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("2 pedidos, 2 cuentas, 3 solicitudes de presupuesto");

    const back = await open(copy);
    expect(await everything(back)).toEqual(before);
    // The password hashes came back too: the customer signs in on the restored shop.
    expect((await authRequest("/sign-in/email", { email: "lucia@example.com", password: "claveDeLucia1" })).status).toBe(200);
    expect((await authRequest("/sign-in/email", { email: "lucia@example.com", password: "claveDeMario1" })).status).toBe(401);
    await back.close();

    // Never over existing data: a restore into the same folder again is refused, the data untouched.
    const again = npmRun("restore", [path.join(backups, file!)], copy);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("no está vacía: la restauración solo escribe en una carpeta vacía");
    const reopened = await open(copy);
    expect((await everything(reopened)).contactRequests).toHaveLength(3);
    await reopened.close();
  });

  it("a backup taken before a migration restores, and the migration applies at the next start", { timeout: 120_000 }, async () => {
    // The migrations as they were one release ago: all but the last.
    const oldMigrations = path.join(root, "migraciones-antiguas");
    cpSync(MIGRATIONS_DIR, oldMigrations, { recursive: true });
    const journalPath = path.join(oldMigrations, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: unknown[] };
    const all = journal.entries.length;
    expect(all).toBeGreaterThan(1);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));

    const oldShop = path.join(root, "antigua", "pglite");
    mkdirSync(oldShop, { recursive: true });
    const old = embeddedClient(oldShop);
    await migrate(drizzle(old), { migrationsFolder: oldMigrations });
    await old.exec("insert into contact_requests (name_and_surname, address, town) values ('Elena Martín', 'Calle Sol 3', 'Getafe')");
    await old.close();

    const { file } = await backupDatabase({ kind: "pglite", dataDir: oldShop }, path.join(root, "copias-antiguas"));
    const target = path.join(root, "nueva");
    await restoreDatabase({ kind: "pglite", dataDir: path.join(target, "pglite") }, file);

    const started = await open(target);
    const applied = await started.db.execute("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.rows[0]).toEqual({ n: all });
    const requests = await started.db.select().from(contactRequests);
    expect(requests.map((row) => row.nameAndSurname)).toEqual(["Elena Martín"]);
  });

  it("refuses what it cannot restore, saying why", async () => {
    const target = { kind: "pglite" as const, dataDir: path.join(root, "vacia", "pglite") };
    const notABackup = path.join(root, "notas.txt");
    writeFileSync(notABackup, "no soy una copia");
    await expect(restoreDatabase(target, notABackup)).rejects.toThrow("no es una copia de la tienda");
    const pgDump = path.join(root, "tienda.dump");
    writeFileSync(pgDump, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(300)]));
    await expect(restoreDatabase(target, pgDump)).rejects.toThrow("es una copia de PostgreSQL (pg_dump): para restaurarla defina DATABASE_URL");
    await expect(restoreDatabase(target, path.join(root, "no-existe.tar.gz"))).rejects.toThrow("No existe el archivo");
    // Nothing to copy: the backup does not quietly create and copy an empty database.
    await expect(backupDatabase(target, path.join(root, "copias-vacias"))).rejects.toThrow("No hay base de datos integrada en");
    expect(existsSync(target.dataDir)).toBe(false);
  });

  it("says clearly when pg_dump is not installed (PostgreSQL)", async () => {
    const saved = process.env.PATH;
    process.env.PATH = root; // a PATH without the PostgreSQL client
    try {
      await expect(backupDatabase({ kind: "postgres", url: "postgres://tienda:secreto@127.0.0.1:1/tienda" }, path.join(root, "copias-pg"))).rejects.toThrow(
        "No se encuentra pg_dump: instale el cliente de PostgreSQL (Debian/Ubuntu: apt-get install postgresql-client)",
      );
    } finally {
      process.env.PATH = saved;
    }
    expect(readdirSync(path.join(root, "copias-pg"))).toEqual([]);
  });
});
