import { embeddedClient } from "./client.server";
import { type PGlite } from "@electric-sql/pglite";
import { spawn } from "node:child_process";
import { chmodSync, existsSync, linkSync, mkdirSync, openSync, readSync, closeSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { acquireProcessLock, ProcessLockBusyError } from "./process-lock.server";

/**
 * Backups of either engine (README, "Copias de seguridad").
 * Embedded database: PGlite's own dump of its data folder (a .tar.gz that `embeddedClient(undefined, {loadDataDir})`
 * reads back), taken while this process holds the folder's lock, so no server writes meanwhile.
 * PostgreSQL: pg_dump's custom format (-Fc), a consistent snapshot taken inside one transaction,
 * restored with pg_restore. Both keep drizzle's migrations table, so a restored database gets the
 * migrations added since at the next start.
 */
export type BackupTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** A refusal or failure the operator can act on; the scripts print only its message. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** Reads only what a backup needs (not the whole configuration: no auth secret needed to copy data). */
export function backupTargetFromEnv(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new BackupError("DATABASE_URL debe empezar por postgres://");
    return { kind: "postgres", url };
  }
  // The same folder the server opens (db.server.ts: DATA_DIR/pglite).
  return { kind: "pglite", dataDir: path.resolve(env.DATA_DIR?.trim() || "./data", "pglite") };
}

/** tienda-2026-11-22T18-30-00Z.tar.gz (embedded) or .dump (PostgreSQL); UTC, so names sort by time. */
export function backupFileName(kind: BackupTarget["kind"], now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
  return `tienda-${stamp}Z.${kind === "pglite" ? "tar.gz" : "dump"}`;
}

export type Counts = { orders: number; users: number; contactRequests: number };
export type BackupResult = { file: string; bytes: number; ms: number; counts: Counts | null };

export async function backupDatabase(target: BackupTarget, folder: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  // Backups hold customers' personal data: readable by the owner only.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.resolve(folder, backupFileName(target.kind, now));
  const partial = `${file}.partial`;
  try {
    let counts: Counts | null = null;
    if (target.kind === "pglite") {
      const dump = await dumpPglite(target.dataDir);
      writeFileSync(partial, dump, { mode: 0o600 });
      // Proof that the file restores: load it into a throwaway in-memory database.
      counts = await withPglite(embeddedClient(undefined, { loadDataDir: gzipFile(dump) }), countRows);
    } else {
      await run(requireTool("pg_dump"), ["--format=custom", "--file", partial, ...connectionArgs(target.url)], target.url);
      // pg_restore reads the archive's table of contents: a truncated or foreign file fails here.
      await run(requireTool("pg_restore"), ["--list", partial], target.url);
      chmodSync(partial, 0o600);
    }
    const final = placeWithoutOverwriting(partial, file);
    return { file: final, bytes: statSync(final).size, ms: Math.round(performance.now() - started), counts };
  } finally {
    rmSync(partial, { force: true });
  }
}

export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ counts: Counts }> {
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const format = backupFormat(file);
  if (format === "unknown") throw new BackupError(`${file} no es una copia de la tienda (ni de la base de datos integrada ni de pg_dump -Fc).`);
  if (format !== target.kind) {
    throw new BackupError(
      format === "postgres"
        ? `${file} es una copia de PostgreSQL (pg_dump): para restaurarla defina DATABASE_URL con una base de datos vacía.`
        : `${file} es una copia de la base de datos integrada: para restaurarla quite DATABASE_URL y use un DATA_DIR vacío.`,
    );
  }
  return target.kind === "pglite" ? restorePglite(file, target.dataDir) : restorePostgres(file, target.url);
}

async function dumpPglite(dataDir: string): Promise<Buffer<ArrayBuffer>> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`No hay base de datos integrada en ${dataDir}: nada que copiar (¿es correcto DATA_DIR?).`);
  }
  const release = lockFolder(dataDir, "hacer la copia");
  try {
    const blob = await withPglite(embeddedClient(dataDir), (db) => db.dumpDataDir("gzip"));
    return Buffer.from(await blob.arrayBuffer());
  } finally {
    release();
  }
}

async function restorePglite(file: string, dataDir: string): Promise<{ counts: Counts }> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `La carpeta ${dataDir} no está vacía: la restauración solo escribe en una carpeta vacía, para no mezclar ni borrar datos. Use otro DATA_DIR o aparte esa carpeta antes.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const release = lockFolder(dataDir, "restaurar la copia");
  try {
    const counts = await withPglite(embeddedClient(dataDir, { loadDataDir: gzipFile(readFileSync(file)) }), countRows);
    return { counts };
  } catch (error) {
    // The folder was empty before: leave it empty, so the restore can simply be run again.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

async function restorePostgres(file: string, url: string): Promise<{ counts: Counts }> {
  const pgRestore = requireTool("pg_restore");
  const tables = await withPg(url, async (client) => {
    const result = await client.query<{ name: string }>(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') order by 1 limit 3",
    );
    return result.rows.map((row) => row.name);
  });
  if (tables.length > 0) {
    throw new BackupError(
      `La base de datos de DATABASE_URL ya tiene tablas (${tables.join(", ")}...): la restauración solo escribe en una base de datos vacía. Cree una nueva (createdb) y apunte DATABASE_URL a ella.`,
    );
  }
  // One transaction: a failure leaves the database as empty as it was. Owners and grants are
  // the source server's; the restoring user owns the tables here.
  await run(pgRestore, ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", ...connectionArgs(url), file], url);
  return { counts: await withPg(url, countRows) };
}

function lockFolder(dataDir: string, what: string): () => void {
  try {
    return acquireProcessLock(`${dataDir}.lock`);
  } catch (error) {
    if (!(error instanceof ProcessLockBusyError)) throw error;
    throw new BackupError(
      `La tienda está en marcha sobre ${dataDir} (proceso ${error.pid}): deténgala antes de ${what}; la base de datos integrada solo admite un proceso.`,
      { cause: error },
    );
  }
}

async function withPglite<T>(db: PGlite, work: (db: PGlite) => Promise<T>): Promise<T> {
  try {
    await db.waitReady;
    return await work(db);
  } finally {
    await db.close().catch(() => {});
  }
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Queryable = { query: (sql: string) => Promise<{ rows: unknown[] }> };

/** What the operator checks after a backup or restore; a table missing in an old backup counts 0. */
async function countRows(db: Queryable): Promise<Counts> {
  const count = async (table: string) => {
    const present = await db.query(`select to_regclass('public.${table}') is not null as present`);
    if (!(present.rows[0] as { present: boolean }).present) return 0;
    const { rows } = await db.query(`select count(*)::int as n from public.${table}`);
    return (rows[0] as { n: number }).n;
  };
  return { orders: await count("orders"), users: await count('"user"'), contactRequests: await count("contact_requests") };
}

function gzipFile(bytes: Uint8Array<ArrayBuffer>): File {
  return new File([bytes], "tienda.tar.gz", { type: "application/x-gzip" });
}

/** By content, not by name: gzip or tar (PGlite's dump), or pg_dump's custom-format header. */
export function backupFormat(file: string): BackupTarget["kind"] | "unknown" {
  const head = Buffer.alloc(262);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.subarray(257, 262).toString("latin1") === "ustar") return "pglite";
  return "unknown";
}

/** A backup never replaces another: a second one in the same second gets "-2". */
function placeWithoutOverwriting(partial: string, file: string): string {
  const dot = file.endsWith(".tar.gz") ? file.length - ".tar.gz".length : file.lastIndexOf(".");
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? file : `${file.slice(0, dot)}-${n}${file.slice(dot)}`;
    try {
      linkSync(partial, candidate);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

function requireTool(name: "pg_dump" | "pg_restore"): string {
  const found = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, name)).find((candidate) => existsSync(candidate));
  if (!found) {
    throw new BackupError(
      `No se encuentra ${name}: instale el cliente de PostgreSQL (Debian/Ubuntu: apt-get install postgresql-client), de la misma versión mayor que el servidor o más nueva.`,
    );
  }
  return found;
}

/** The URL without its password, which goes in PGPASSWORD: other users can read a process's arguments. */
function connectionArgs(url: string): string[] {
  const parsed = new URL(url);
  parsed.password = "";
  return [`--dbname=${parsed.toString()}`];
}

function run(command: string, args: string[], url: string): Promise<void> {
  const password = decodeURIComponent(new URL(url).password);
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} terminó con error (${code}):\n${stderr.trim()}`));
    });
  });
}
