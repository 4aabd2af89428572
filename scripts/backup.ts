/**
 * npm run backup [-- FOLDER]
 * A dated copy of the configured database (DATABASE_URL, or the embedded one under DATA_DIR)
 * into FOLDER, BACKUP_DIR or ./backups. The embedded database must be stopped first.
 */
import path from "node:path";
import { backupDatabase, backupTargetFromEnv, BackupError, type Counts } from "../app/server/db/backup.server";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function describeCounts(counts: Counts): string {
  return [
    plural(counts.orders, "pedido", "pedidos"),
    plural(counts.users, "cuenta", "cuentas"),
    plural(counts.contactRequests, "solicitud de presupuesto", "solicitudes de presupuesto"),
  ].join(", ");
}

/** Relative to the current folder when inside it, absolute otherwise. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") ? relative : file;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith("-")) throw new BackupError("Uso: npm run backup [-- CARPETA]  (por defecto BACKUP_DIR o ./backups)");
  const folder = path.resolve(args[0] ?? (process.env.BACKUP_DIR?.trim() || "backups"));
  const target = backupTargetFromEnv();
  const result = await backupDatabase(target, folder);
  const size = (result.bytes / 1024 / 1024).toFixed(2);
  console.log(`Copia escrita: ${shownPath(result.file)} (${size} MB, ${(result.ms / 1000).toFixed(1)} s)`);
  if (result.counts) console.log(`Comprobada: se puede restaurar y contiene ${describeCounts(result.counts)}.`);
  else console.log("Comprobada con pg_restore --list.");
}

if (process.argv[1]?.endsWith("backup.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
