import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { newestBackup } from "~/domain/operations/backup-rotation";
import { restoreDatabase } from "../db/backup.server";
import { embeddedClient, migrateDatabase, openDatabase, type Database, type DatabaseHandle } from "../db/client.server";
import { log } from "../log.server";
import { describeCheck, verifyChain } from "../invoices/verifactu-verify.server";
import { backupSettings, datedBackup, decryptBackup, listBackups, warnShopOnce, type BackupSettings } from "./auto-backup.server";
import { taskStatus, type TaskStatus } from "../scheduled/scheduler.server";
import { latestOffsite, offsiteSettings, type OffsiteSettings } from "./offsite-copy.server";

/*
 * The weekly restore drill (issue 32): a backup nobody has restored is a hope, not a backup.
 * On Sunday mornings one instance takes the newest copy (from the S3 bucket when one is set,
 * which proves the copy away from the server too; else from BACKUP_DIR), decrypts it, restores
 * it into a scratch database (an in-memory one for the embedded engine, a new database beside
 * the shop's on PostgreSQL, dropped afterwards), brings it up to date with the migrations as a
 * real restore would, and checks it: the invoices are those the shop had issued up to the
 * copy's last one, and the VERI*FACTU chain verifies. The result is the task's line, shown on
 * the back office's home; a failure is e-mailed to the shop once.
 */
export const RESTORE_DRILL_TASK = "restore-drill";

type Copy = { name: string; from: string; sealed: Buffer };

async function newestCopy(settings: BackupSettings, offsite: OffsiteSettings | null): Promise<Copy | null> {
  if (offsite) {
    const found = await latestOffsite(offsite, datedBackup);
    return found ? { name: found.name, from: found.address, sealed: found.sealed } : null;
  }
  const newest = newestBackup(listBackups(settings.folder));
  return newest ? { name: newest.name, from: newest.name, sealed: readFileSync(path.join(settings.folder, newest.name)) } : null;
}

type Scratch = { handle: DatabaseHandle; drop: () => Promise<void> };

async function scratchDatabase(plain: Buffer, name: string, settings: BackupSettings): Promise<Scratch> {
  if (name.endsWith(".tar.gz.enc")) {
    const client = embeddedClient(undefined, { loadDataDir: new File([new Uint8Array(plain)], "copia.tar.gz", { type: "application/x-gzip" }) });
    const handle = await openDatabase({ kind: "pglite", client });
    return { handle, drop: () => handle.close() };
  }
  if (!settings.databaseUrl) throw new Error("La copia es de PostgreSQL y falta DATABASE_URL para crear la base de datos del simulacro.");
  const scratchName = `tienda_simulacro_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: settings.databaseUrl });
  await admin.connect();
  const dropDatabase = async () => {
    await admin
      .query(`drop database if exists ${scratchName}`)
      .catch((error: unknown) => log("copias").warn({ err: error }, `no se pudo borrar la base de datos del simulacro ${scratchName}: bórrela a mano`));
    await admin.end().catch(() => {});
  };
  try {
    await admin.query(`create database ${scratchName}`);
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(`No se pudo crear la base de datos del simulacro (${error instanceof Error ? error.message : String(error)}): el usuario de DATABASE_URL necesita el permiso CREATEDB.`, { cause: error });
  }
  const url = new URL(settings.databaseUrl);
  url.pathname = `/${scratchName}`;
  const folder = mkdtempSync(path.join(tmpdir(), "tienda-simulacro-"));
  try {
    const file = path.join(folder, "copia.dump");
    writeFileSync(file, plain, { mode: 0o600 });
    await restoreDatabase({ kind: "postgres", url: url.toString() }, file);
    const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
    return {
      handle,
      drop: async () => {
        await handle.close().catch(() => {});
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const firstRow = <T>(result: unknown) => (result as { rows: T[] }).rows[0]!;

async function counts(db: Database) {
  return firstRow<{ orders: number; users: number; requests: number; invoices: number; last: string | null }>(
    await db.execute(sql`select (select count(*)::int from orders) as orders, (select count(*)::int from "user") as users,
      (select count(*)::int from contact_requests) as requests, (select count(*)::int from invoices) as invoices,
      (select max(issued_at)::text from invoices) as last`),
  );
}

export type DrillResult = { ok: boolean; line: string };

/** Restores the newest copy into a scratch database and checks it; never touches the shop's own. */
export async function restoreDrill(live: Database, settings: BackupSettings, offsite: OffsiteSettings | null): Promise<DrillResult> {
  const copy = await newestCopy(settings, offsite);
  if (!copy) return { ok: true, line: "todavía no hay ninguna copia que probar" };
  const takenAt = datedBackup(copy.name)!.takenAt;
  const started = performance.now();
  const plain = decryptBackup(copy.sealed, settings.key);
  const scratch = await scratchDatabase(plain, copy.name, settings);
  try {
    await migrateDatabase(scratch.handle);
    const restored = await counts(scratch.handle.db);
    const seconds = ((performance.now() - started) / 1000).toLocaleString("es-ES", { maximumFractionDigits: 1 });
    // Invoices are never deleted: the shop holds exactly the copy's, up to the copy's last one.
    const cutoff = restored.last ?? takenAt.toISOString();
    const { n: liveInvoices } = firstRow<{ n: number }>(await live.execute(sql`select count(*)::int as n from invoices where issued_at <= ${cutoff}::timestamptz`));
    const chain = await verifyChain(scratch.handle.db);
    const head = `simulacro con ${copy.from} (copia del ${formatDateTime(takenAt)}): restaurada y migrada en ${seconds} s; ${restored.orders} pedidos, ${restored.users} cuentas, ${restored.requests} solicitudes, ${restored.invoices} facturas`;
    const problems = [
      liveInvoices === restored.invoices ? null : `la tienda tiene ${liveInvoices} facturas hasta esa fecha y la copia ${restored.invoices}`,
      chain.ok ? null : describeCheck(chain),
    ].filter(Boolean);
    if (problems.length > 0) return { ok: false, line: `${head}. Problemas: ${problems.join("; ")}` };
    return { ok: true, line: `${head}, las mismas que en la tienda; cadena VERI*FACTU correcta (${chain.records} registros)` };
  } finally {
    await scratch.drop();
  }
}

/** The scheduled task: the drill's line, or a failure (thrown, e-mailed once). */
export async function restoreDrillTask(db: Database): Promise<string> {
  const settings = backupSettings();
  if (!settings) return "simulacros desactivados: falta BACKUP_KEY";
  const subject = "el simulacro semanal de restauración de la copia ha fallado";
  try {
    const result = await restoreDrill(db, settings, offsiteSettings());
    if (!result.ok) throw new Error(result.line);
    return result.line;
  } catch (error) {
    await warnShopOnce(db, RESTORE_DRILL_TASK, subject, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** The last drill, as the back office shows it. */
export function restoreDrillStatus(db: Database): Promise<TaskStatus> {
  return taskStatus(db, RESTORE_DRILL_TASK);
}
