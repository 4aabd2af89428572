/**
 * npm run restore -- FILE
 * Brings a backup of `npm run backup`, or an automatic one (.enc, decrypted with BACKUP_KEY), back into an empty embedded data folder (DATA_DIR) or an
 * empty PostgreSQL database (DATABASE_URL); it refuses to write over data. The next start applies
 * the migrations added since the backup.
 */
import { restrictNewFiles } from "../app/server/files/private-files.server";
import { restoreDatabase, backupTargetFromEnv, BackupError } from "../app/server/db/backup.server";
import { describeCounts } from "./backup";
import { decryptBackup, isEncryptedBackup } from "../app/server/operations/auto-backup.server";
import { parseBackupKey } from "../app/server/config.server";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** An automatic backup (.enc) is decrypted with BACKUP_KEY into a private temporary file first. */
export async function withDecrypted<T>(file: string, work: (plain: string) => Promise<T>): Promise<T> {
  if (!existsSync(file)) return work(file);
  const bytes = readFileSync(file);
  if (!isEncryptedBackup(bytes)) return work(file);
  const key = parseBackupKey(process.env.BACKUP_KEY ?? "");
  if (!key) throw new BackupError("Esta copia está cifrada: defina BACKUP_KEY con la clave con la que se hizo (64 cifras hexadecimales o base64).");
  const folder = mkdtempSync(path.join(tmpdir(), "tienda-restaurar-"));
  try {
    const plain = path.join(folder, path.basename(file).replace(/\.enc$/, ""));
    writeFileSync(plain, decryptBackup(bytes, key), { mode: 0o600 });
    return await work(plain);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main() {
  restrictNewFiles(); // the data folder is the shop's only (issue 28)
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) throw new BackupError("Uso: npm run restore -- ARCHIVO");
  const target = backupTargetFromEnv();
  const { counts } = await withDecrypted(args[0]!, (file) => restoreDatabase(target, file));
  const where = target.kind === "pglite" ? target.dataDir : "la base de datos de DATABASE_URL";
  console.log(`Copia restaurada en ${where}: ${describeCounts(counts)}.`);
  console.log("Al arrancar, la tienda aplicará las migraciones posteriores a la copia.");
}

if (process.argv[1]?.endsWith("restore.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
