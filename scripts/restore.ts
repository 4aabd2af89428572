/**
 * npm run restore -- FILE
 * Brings a backup of `npm run backup` back into an empty embedded data folder (DATA_DIR) or an
 * empty PostgreSQL database (DATABASE_URL); it refuses to write over data. The next start applies
 * the migrations added since the backup.
 */
import { restrictNewFiles } from "../app/server/files/private-files.server";
import { restoreDatabase, backupTargetFromEnv, BackupError } from "../app/server/db/backup.server";
import { describeCounts } from "./backup";

async function main() {
  restrictNewFiles(); // the data folder is the shop's only (issue 28)
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith("-")) throw new BackupError("Uso: npm run restore -- ARCHIVO");
  const target = backupTargetFromEnv();
  const { counts } = await restoreDatabase(target, args[0]!);
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
