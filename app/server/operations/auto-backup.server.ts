import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { backupsToKeep, type Dated } from "~/domain/operations/backup-rotation";
import { config, parseBackupKey, publicShopInfo } from "../config.server";
import { backupDatabase, BackupError } from "../db/backup.server";
import type { Database, DatabaseHandle } from "../db/client.server";
import { databaseHandle } from "../db/db.server";
import { log } from "../log.server";
import { enqueue } from "../outbox.server";
import { taskStatus, type TaskStatus } from "../scheduled/scheduler.server";
import { copyOffsite, offsiteSettings } from "./offsite-copy.server";

/*
 * Automatic backups while the shop runs (issue 32): a scheduled task, claimed by one instance,
 * takes a consistent copy (the live PGlite's own dump, under its lock; pg_dump on PostgreSQL),
 * encrypts it with AES-256-GCM under BACKUP_KEY, writes it to BACKUP_DIR and deletes the
 * copies the rotation no longer keeps (7 daily, 4 weekly, 12 monthly). A failure is recorded
 * in the task's row (the back office shows it) and e-mailed to the shop once, not at every
 * retry. With BACKUP_S3_BUCKET set, each copy is also sent to S3-compatible storage
 * (offsite-copy.server.ts). `npm run restore` reads the encrypted files with the same key.
 */
export const BACKUP_TASK = "backup";
const MAGIC = Buffer.from("TCCOPIA1");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const NAME = /^tienda-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d)Z\.(tar\.gz|dump)\.enc$/;

export function encryptBackup(plain: Buffer, key: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

export function isEncryptedBackup(bytes: Buffer): boolean {
  return bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

export function decryptBackup(sealed: Buffer, key: Buffer): Buffer {
  if (!isEncryptedBackup(sealed) || sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES) throw new BackupError("El archivo no es una copia cifrada de la tienda.");
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new BackupError("No se pudo descifrar la copia: BACKUP_KEY no es la clave con la que se hizo, o el archivo está dañado.");
  }
}

export type BackupSettings = { folder: string; key: Buffer; databaseUrl?: string };

/** From the configuration; null while BACKUP_KEY is unset (automatic backups off, said at start and in the back office). */
export function backupSettings(c = config()): BackupSettings | null {
  if (!c.BACKUP_KEY) return null;
  return { folder: path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, "backups")), key: parseBackupKey(c.BACKUP_KEY)!, databaseUrl: c.DATABASE_URL };
}

async function dump(handle: DatabaseHandle, settings: BackupSettings): Promise<Buffer> {
  if (handle.kind === "pglite") {
    // PGlite's dump runs under its own lock: a consistent copy of the live database.
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    return Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
  }
  if (!settings.databaseUrl) throw new BackupError("Falta DATABASE_URL para copiar PostgreSQL.");
  const scratch = mkdtempSync(path.join(tmpdir(), "tienda-copia-"));
  try {
    const made = await backupDatabase({ kind: "postgres", url: settings.databaseUrl }, scratch);
    return readFileSync(made.file);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function listBackups(folder: string): (Dated & { bytes: number })[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const dated = datedBackup(name);
    return dated ? [{ ...dated, bytes: statSync(path.join(folder, name)).size }] : [];
  });
}

/** A backup's file name and when it was taken, or null for any other name. */
export function datedBackup(name: string): Dated | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [day, time] = match[1]!.split("T");
  return { name, takenAt: new Date(`${day}T${time!.replaceAll("-", ":")}Z`) };
}

export type AutomaticBackup = { file: string; bytes: number; deleted: string[] };

export async function takeAutomaticBackup(handle: DatabaseHandle, settings: BackupSettings, now = new Date()): Promise<AutomaticBackup> {
  mkdirSync(settings.folder, { recursive: true, mode: 0o700 });
  const sealed = encryptBackup(await dump(handle, settings), settings.key);
  const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
  const name = `tienda-${stamp}Z.${handle.kind === "pglite" ? "tar.gz" : "dump"}.enc`;
  const file = path.join(settings.folder, name);
  writeFileSync(`${file}.partial`, sealed, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  const present = listBackups(settings.folder);
  const kept = backupsToKeep(present);
  const deleted = present.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
  for (const old of deleted) rmSync(path.join(settings.folder, old), { force: true });
  return { file, bytes: sealed.length, deleted };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString("es-ES", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

/** The scheduled task: one line for the task's row and the log; a failure is e-mailed once, then thrown. */
export async function automaticBackupTask(db: Database, now = new Date()): Promise<string> {
  const settings = backupSettings();
  if (!settings) return "copias automáticas desactivadas: falta BACKUP_KEY";
  try {
    const made = await takeAutomaticBackup(await databaseHandle(), settings, now);
    const name = path.basename(made.file);
    const line = `copia ${name}, ${megabytes(made.bytes)}${made.deleted.length ? `; ${made.deleted.length} antigua(s) borrada(s)` : ""}`;
    const offsite = offsiteSettings();
    if (!offsite) return line;
    try {
      const copied = await copyOffsite(offsite, name, readFileSync(made.file), datedBackup);
      return `${line}; enviada a ${copied.address}`;
    } catch (error) {
      throw new Error(`La copia local ${name} está hecha, pero: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await warnShopOnce(db, BACKUP_TASK, "la copia de seguridad automática ha fallado", message);
    throw error;
  }
}

/**
 * E-mails the shop that a backup task failed, at its first failure only (the task's row says
 * whether the last run had failed already); it is retried every 15 minutes. Never throws.
 */
export async function warnShopOnce(db: Database, task: string, subject: string, message: string): Promise<void> {
  try {
    if ((await taskStatus(db, task)).failed) return; // already told at the first failure
    const shop = publicShopInfo();
    await db.transaction((tx) =>
      enqueue(tx, "email", {
        to: config().SHOP_EMAIL,
        subject: `${shop.name}: ${subject}`,
        text: [
          `${subject[0]!.toUpperCase()}${subject.slice(1)}:`,
          "",
          message,
          "",
          "Se reintenta cada 15 minutos. El panel de administración muestra el estado de las copias:",
          `${shop.baseUrl}/admin`,
        ].join("\n"),
      }),
    );
  } catch (mailError) {
    log("copias").error({ err: mailError }, `no se pudo avisar del fallo de ${task}`);
  }
}

export type BackupStatus = TaskStatus & { enabled: boolean };

/** What the back office shows: the last run of the task, from its row. */
export async function backupStatus(db: Database): Promise<BackupStatus> {
  return { enabled: backupSettings() !== null, ...(await taskStatus(db, BACKUP_TASK)) };
}
