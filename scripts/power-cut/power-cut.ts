/**
 * npm run test:power-cut (issue 32): acknowledged writes of the embedded database survive a
 * power cut. The data folder sits on a disk that forgets what was not synced (lazy_disk.py,
 * FUSE); writers run (writer.ts: quote requests, orders paid by transfer with their invoices);
 * the power goes at a moment of the run; the folder is opened again as the server would
 * (PostgreSQL's crash recovery), and every write the writers had been told was done is looked
 * up, and the VERI*FACTU chain is checked with `npm run verifactu:verify`.
 *
 * Each round cuts at another moment and keeps another share of the unsynced pages (as the kernel
 * might have written some back). A last round runs with syncing off (EMBEDDED_SYNC=off), to show
 * the test finds what a power cut takes. Exit code 0 when no acknowledged write was lost.
 * Needs FUSE (/dev/fuse, root) and Debian's python3-fusepy; exit code 2 without them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { prepareDatabase } from "~/server/db/client.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { orders } from "~/server/orders/orders-schema.server";
import { contactRequests } from "~/server/quotes/quotes-schema.server";

const PYTHON = "/usr/bin/python3";
const here = path.dirname(new URL(import.meta.url).pathname);
/** The writer runs in this Node with tsx's loader: one process, which SIGKILL stops at once. */
const writerCommand = (mode: string) => [process.execPath, ["--import", "tsx", path.join(here, "writer.ts"), mode]] as const;

type Round = { keep: number; seed: number; writeMs: number; sync: "on" | "off" };
const ROUNDS: Round[] = [
  { keep: 0, seed: 1, writeMs: 3_000, sync: "on" },
  { keep: 0.5, seed: 2, writeMs: 4_700, sync: "on" },
  { keep: 0.9, seed: 3, writeMs: 2_300, sync: "on" },
  { keep: 0, seed: 4, writeMs: 3_000, sync: "off" },
];

function missing(): string | null {
  if (!existsSync("/dev/fuse")) return "no hay /dev/fuse";
  const probe = spawnSync(PYTHON, ["-c", "import fusepy"]);
  if (probe.status !== 0) return "falta python3-fusepy (apt-get install python3-fusepy fuse3)";
  return null;
}

function mounted(mountpoint: string): boolean {
  return readFileSync("/proc/mounts", "utf8").split("\n").some((line) => line.split(" ")[1] === mountpoint);
}

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no llegó: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

type Acknowledged = { requests: number[]; orders: string[]; invoices: Map<string, string>; checkpoints: number };

function parse(lines: string[]): Acknowledged {
  const acknowledged: Acknowledged = { requests: [], orders: [], invoices: new Map(), checkpoints: 0 };
  for (const line of lines) {
    const [kind, first, second] = line.split(" ");
    if (kind === "solicitud") acknowledged.requests.push(Number(first));
    if (kind === "pedido") acknowledged.orders.push(first!);
    if (kind === "factura") acknowledged.invoices.set(first!, second!);
    if (kind === "checkpoint") acknowledged.checkpoints += 1;
  }
  return acknowledged;
}

async function lost(dataDir: string, acknowledged: Acknowledged): Promise<{ lost: string[]; recoveryMs: number }> {
  const started = performance.now();
  const handle = await prepareDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite"), seedDemo: false });
  const recoveryMs = performance.now() - started;
  try {
    const { db } = handle;
    const missingOnes: string[] = [];
    const requestIds = new Set((acknowledged.requests.length ? await db.select({ id: contactRequests.id }).from(contactRequests).where(inArray(contactRequests.id, acknowledged.requests)) : []).map((row) => row.id));
    for (const id of acknowledged.requests) if (!requestIds.has(id)) missingOnes.push(`solicitud ${id}`);
    const orderNumbers = new Set((acknowledged.orders.length ? await db.select({ number: orders.number }).from(orders).where(inArray(orders.number, acknowledged.orders)) : []).map((row) => row.number));
    for (const number of acknowledged.orders) if (!orderNumbers.has(number)) missingOnes.push(`pedido ${number}`);
    const invoiceNumbers = [...acknowledged.invoices.keys()];
    const found = new Set((invoiceNumbers.length ? await db.select({ number: invoices.number }).from(invoices).where(inArray(invoices.number, invoiceNumbers)) : []).map((row) => row.number));
    for (const number of invoiceNumbers) if (!found.has(number)) missingOnes.push(`factura ${number}`);
    return { lost: missingOnes, recoveryMs };
  } finally {
    await handle.close();
  }
}

async function round(template: string, productId: number, settings: Round, index: number): Promise<{ lostCount: number; chainOk: boolean }> {
  const root = mkdtempSync(path.join(tmpdir(), "tienda-corte-"));
  const disk = path.join(root, "disco");
  const mountpoint = path.join(root, "montaje");
  cpSync(template, disk, { recursive: true });
  mkdirSync(mountpoint);
  const lazy = spawn(PYTHON, [path.join(here, "lazy_disk.py"), disk, mountpoint, String(settings.keep), String(settings.seed)], { stdio: ["ignore", "pipe", "inherit"] });
  let lazyOutput = "";
  lazy.stdout.on("data", (chunk) => (lazyOutput += chunk));
  let writer: ChildProcess | undefined;
  try {
    await until(() => mounted(mountpoint), "el disco montado");
    const running = spawn(...writerCommand("write"), {
      env: { ...process.env, DATA_DIR: mountpoint, EMBEDDED_SYNC: settings.sync, POWER_CUT_PRODUCT: String(productId), LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    writer = running;
    let partial = "";
    const lines: string[] = [];
    let writerErrors = "";
    running.stdout!.on("data", (chunk: Buffer) => {
      partial += chunk.toString();
      const complete = partial.split("\n");
      partial = complete.pop()!;
      lines.push(...complete);
    });
    running.stderr!.on("data", (chunk: Buffer) => (writerErrors += chunk.toString()));
    // Every kind of write has been acknowledged at least once before the cut is timed.
    const started = () => ["factura", "checkpoint", "solicitud"].every((kind) => lines.some((line) => line.startsWith(kind)));
    await until(() => started() || running.exitCode !== null, "una escritura de cada clase", 180_000);
    if (running.exitCode !== null) throw new Error(`el escritor terminó: ${writerErrors}`);
    await new Promise((resolve) => setTimeout(resolve, settings.writeMs));
    // The power cut: the disk stops at once, then the process with it.
    spawnSync("stat", [path.join(mountpoint, ".corte-de-luz")], { stdio: "ignore" });
    const acknowledged = parse([...lines]);
    running.kill("SIGKILL");
    await exited(running);
    spawnSync("umount", [mountpoint], { stdio: "inherit" });
    await exited(lazy);
    const figures = JSON.parse(lazyOutput.trim().split("\n").pop() ?? "{}") as Record<string, number>;
    const { lost: lostOnes, recoveryMs } = await lost(disk, acknowledged).catch((error: unknown) => ({
      lost: [`la base de datos no abre: ${error instanceof Error ? error.message : String(error)}`],
      recoveryMs: Number.NaN,
    }));
    const verify = spawnSync("npm", ["run", "--silent", "verifactu:verify"], { env: { ...process.env, DATA_DIR: disk, DATABASE_URL: "" }, encoding: "utf8" });
    const label = `Ronda ${index + 1} (sincronización ${settings.sync === "on" ? "activada" : "DESACTIVADA"}, ${Math.round(settings.keep * 100)} % de lo no sincronizado llegó al disco)`;
    console.log(label);
    console.log(`  escrituras confirmadas: ${acknowledged.requests.length} solicitudes, ${acknowledged.orders.length} pedidos, ${acknowledged.invoices.size} facturas; ${acknowledged.checkpoints} checkpoints`);
    console.log(`  disco: ${figures.writes} escrituras, ${figures.syncs} fsync; al cortar, ${figures.files} ficheros con datos sin sincronizar: ${figures.pages_lost} páginas perdidas, ${figures.pages_kept} conservadas`);
    console.log(`  reapertura (recuperación de PostgreSQL): ${Math.round(recoveryMs)} ms`);
    console.log(`  perdidas: ${lostOnes.length}${lostOnes.length ? ` (${lostOnes.slice(0, 5).join(", ")}${lostOnes.length > 5 ? ", …" : ""})` : ""}`);
    console.log(`  npm run verifactu:verify (código ${verify.status}): ${(verify.stdout + verify.stderr).trim().split("\n").join(" / ")}`);
    return { lostCount: lostOnes.length, chainOk: verify.status === 0 };
  } finally {
    if (mounted(mountpoint)) spawnSync("umount", ["-l", mountpoint]);
    // Whatever happened: no writer left running (it would write on for ever) and no disk.
    writer?.kill("SIGKILL");
    lazy.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const absent = missing();
  if (absent) {
    console.log(`Prueba de corte de luz no ejecutada: ${absent}.`);
    return 2;
  }
  const template = mkdtempSync(path.join(tmpdir(), "tienda-corte-plantilla-"));
  try {
    const prepared = spawnSync(...writerCommand("prepare"), { env: { ...process.env, DATA_DIR: template, LOG_LEVEL: "silent" }, encoding: "utf8" });
    if (prepared.status !== 0) throw new Error(`no se pudo preparar la base de datos: ${prepared.stderr}`);
    const productId = Number(/producto (\d+)/.exec(prepared.stdout)?.[1]);
    let failed = false;
    for (const [index, settings] of ROUNDS.entries()) {
      const result = await round(template, productId, settings, index);
      if (settings.sync === "on" && (result.lostCount > 0 || !result.chainOk)) failed = true;
    }
    console.log(failed ? "FALLO: se perdió alguna escritura confirmada con la sincronización activada." : "Correcto: 0 escrituras confirmadas perdidas con la sincronización activada.");
    return failed ? 1 : 0;
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}

process.exit(await main());
