/**
 * `npm run bench` (issue 14): how fast the anonymous pages are served, side by side with a
 * static copy of the same bytes, in one run on this machine. Builds (unless BENCH_SKIP_BUILD=1),
 * starts the production server on a scratch embedded database (or on DATABASE_URL), then with
 * autocannon in a process of its own (BENCH_CONNECTIONS, default 64; 2 s of warm-up, then
 * BENCH_SECONDS, default 8):
 *   - an anonymous product page and catalogue page, and the same two with a basket of three lines;
 *   - a static copy of the product page's bytes served by a plain Node HTTP server in its own process;
 * the ratios to the static copy, the non-2xx count, the server's resident memory after the load,
 * and the time from start to first page on the existing data folder (the server measured is
 * that second start: the first one only creates and seeds the scratch database). Prints a table and writes
 * bench/results.json (BENCH_OUT). Figures, not pass/fail: the machine is shared and noisy,
 * compare ratios. CI runs it for a second per case as a smoke test.
 * Also the first-load JavaScript (gzip) of the home, a catalogue, a product, the basket and
 * contacto, Lighthouse mobile on the same five pages, median of 3 (scripts/bench/lighthouse.ts;
 * BENCH_LIGHTHOUSE=0 skips it, the smoke runs it once on the home), and at the end the
 * catalogue scaling section (catalogue-scale.ts).
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "../../tests/support/app-server";
import { benchLighthouse } from "./lighthouse";
import { lighthouseTable } from "./lighthouse-figures";
import { firstLoadJs, JS_BUDGET_KB, type FirstLoad } from "./first-load-js";
import { runCatalogueScale } from "./catalogue-scale";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3700);
const STATIC_PORT = PORT + 1;
const PRODUCT = "/tienda/detalle/termostatos/14";
const CATALOGUE = "/tienda/aires";
const BASKET = [14, 15, 16];

const PAGES: [string, string][] = [
  ["inicio", "/"],
  ["catálogo", CATALOGUE],
  ["ficha de producto", PRODUCT],
  ["cesta", "/carrito"],
  ["contacto", "/contacto"],
];
type Run = { name: string; url: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; bytes: number };

/** Seconds of load before each measured case, not counted (the server's and V8's warm-up). */
const WARMUP_SECONDS = SECONDS > 1 ? 2 : 0;
const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/**
 * One case, loaded by autocannon in a process of its own, as a separate load generator would:
 * in the bench's process its timers shared an event loop with the bench and doubled every p99,
 * the static copy's included (93 ms against 35-37 ms from its own process, on this machine).
 */
function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Run> {
  const args = [AUTOCANNON, "--json", "-c", String(CONNECTIONS), "-d", String(SECONDS)];
  if (WARMUP_SECONDS) args.push("--warmup", "[", "-c", String(CONNECTIONS), "-d", String(WARMUP_SECONDS), "]");
  for (const [key, value] of Object.entries(headers)) args.push("-H", `${key}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      // With a warm-up, autocannon prints one JSON line for it first; the last line is the run.
      const last = stdout.trim().split("\n").at(-1) ?? "";
      const result = JSON.parse(last) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        throughput: { average: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        name,
        url,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        bytes: Math.round(result.throughput.average),
      });
    });
  });
}

/** A basket of three thermostats, as a visitor's browser would make it: its Cookie header. */
async function basketCookie(base: string): Promise<string> {
  let cookie = "";
  for (const id of BASKET) {
    const body = new URLSearchParams({ kind: "producto", family: "termostatos", id: String(id), instalacion: "NO", mantenimiento: "NO", provincia: "" });
    const response = await fetch(`${base}/tienda/detalle/termostatos/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
      body,
    });
    const set = response.headers.getSetCookie().map((line) => line.split(";")[0]!);
    if (set.length > 0) cookie = set.join("; ");
    if (response.status >= 400) throw new Error(`no se pudo añadir ${id} a la cesta: HTTP ${response.status}`);
  }
  if (!cookie) throw new Error("la cesta no devolvió cookie");
  return cookie;
}

/** A plain Node file server in its own process, answering every request with `file`. */
function startStaticServer(file: string, port: number): Promise<() => void> {
  const code = `const http=require("node:http");const fs=require("node:fs");const body=fs.readFileSync(${JSON.stringify(file)});
http.createServer((q,s)=>{s.writeHead(200,{"Content-Type":"text/html; charset=utf-8","Content-Length":body.length});s.end(body);}).listen(${port},"127.0.0.1",()=>console.log("ok"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", () => resolve(() => child.kill("SIGTERM")));
    child.once("exit", (exitCode) => reject(new Error(`el servidor estático terminó (${exitCode})`)));
  });
}

function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server on an existing data folder, as after a deploy or a restart, and times it
 * until the first product page has arrived.
 */
async function startTimed(dataDir: string): Promise<{ server: AppServer; ms: number }> {
  const started = performance.now();
  const server = await startAppServer({ port: PORT, dataDir, env: serverEnv() });
  await (await fetch(`${server.baseUrl}${PRODUCT}`)).arrayBuffer();
  return { server, ms: Math.round(performance.now() - started) };
}

function serverEnv(): NodeJS.ProcessEnv {
  return { LOG_LEVEL: "warn", CART_RATE_LIMIT: "100000", CONTACT_RATE_LIMIT: "100000", SEED_DEMO: "1" };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    console.log("Construyendo (react-router build)…");
    const built = spawnSync("npx", ["react-router", "build"], { stdio: "ignore" });
    if (built.status !== 0) throw new Error("falló la construcción");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "tienda-bench-"));
  // The first start creates and seeds the database; the measured server is a second start on
  // that folder, as in production (a fresh seed leaves the embedded database's memory grown).
  await (await startAppServer({ port: PORT, dataDir, env: serverEnv() })).stop();
  const timed = await startTimed(dataDir);
  const startMs = timed.ms;
  let server: AppServer | undefined = timed.server;
  let stopStatic: (() => void) | undefined;
  try {
    const base = server.baseUrl;
    const page = await fetch(`${base}${PRODUCT}`);
    if (!page.ok) throw new Error(`la ficha de producto respondió ${page.status}`);
    const bytes = Buffer.from(await page.arrayBuffer());
    const copy = path.join(dataDir, "ficha.html");
    writeFileSync(copy, bytes);
    stopStatic = await startStaticServer(copy, STATIC_PORT);
    const cookie = await basketCookie(base);
    const clientDir = path.resolve("build/client");
    const firstLoads: FirstLoad[] = [];
    for (const [name, pagePath] of PAGES) firstLoads.push(await firstLoadJs(base, name, pagePath, clientDir));

    console.log(`Midiendo: ${CONNECTIONS} conexiones, ${SECONDS} s por caso…`);
    const runs: Run[] = [];
    runs.push(await measure("ficha de producto", `${base}${PRODUCT}`));
    runs.push(await measure("catálogo", `${base}${CATALOGUE}`));
    runs.push(await measure("ficha, con cesta de 3", `${base}${PRODUCT}`, { Cookie: cookie }));
    runs.push(await measure("catálogo, con cesta de 3", `${base}${CATALOGUE}`, { Cookie: cookie }));
    const staticRun = await measure("copia estática de la ficha", `http://127.0.0.1:${STATIC_PORT}/`);
    runs.push(staticRun);
    const rssMb = residentMb(server.child.pid);
    // After the memory reading, so the browser's visits do not count in it.
    const lighthouse = await benchLighthouse(base, PAGES, { smoke: SECONDS <= 1 });
    await server.stop();
    server = undefined;

    console.log();
    console.log(`${"caso".padEnd(30)} ${pad("pet/s", 7)} ${pad("p50 ms", 7)} ${pad("p99 ms", 7)} ${pad("no 2xx", 7)} ${pad("errores", 8)} ${pad("× estática", 10)}`);
    for (const run of runs) {
      const ratio = (run.rps / staticRun.rps).toFixed(2);
      console.log(`${run.name.padEnd(30)} ${pad(run.rps, 7)} ${pad(run.p50, 7)} ${pad(run.p99, 7)} ${pad(run.non2xx, 7)} ${pad(run.errors, 8)} ${pad(ratio, 10)}`);
    }
    console.log();
    console.log(`${"JavaScript de la primera carga (gzip)".padEnd(30)} ${pad("ficheros", 8)} ${pad("módulos", 8)} ${pad("en línea", 8)} ${pad("total KB", 9)} ${pad(`≤ ${JS_BUDGET_KB}`, 6)}`);
    for (const load of firstLoads) {
      console.log(`${load.page.padEnd(30)} ${pad(load.files, 8)} ${pad(load.modulesKb, 8)} ${pad(load.inlineKb, 8)} ${pad(load.totalKb, 9)} ${pad(load.totalKb <= JS_BUDGET_KB ? "sí" : "NO", 6)}`);
    }
    if (lighthouse) {
      console.log();
      for (const line of lighthouseTable(lighthouse)) console.log(line);
    }
    console.log();
    console.log(`Página de ${(bytes.length / 1024).toFixed(1)} KB. Memoria residente del servidor tras la carga: ${rssMb ?? "?"} MB. Del arranque a la primera página (datos existentes): ${startMs} ms.`);

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model ?? "", node: process.version },
      settings: { connections: CONNECTIONS, seconds: SECONDS, database: process.env.DATABASE_URL ? "postgres" : "pglite" },
      pageBytes: bytes.length,
      runs: runs.map((run) => ({ ...run, ratioToStatic: Number((run.rps / staticRun.rps).toFixed(3)) })),
      firstLoadJsKb: firstLoads,
      lighthouse,
      residentMbAfterLoad: rssMb,
      startToFirstPageMs: startMs,
    };
    const out = process.env.BENCH_OUT ?? "bench/results.json";
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Escrito ${out}.`);
  } finally {
    stopStatic?.();
    await server?.stop();
  }
  await runCatalogueScale();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
