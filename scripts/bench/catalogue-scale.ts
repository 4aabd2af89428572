/**
 * The bench's catalogue scaling section (issue 14): is the shop as quick with a distributor's
 * catalogue as with the demo one? Two production servers side by side in one run, each on a
 * scratch embedded database started a second time (as after a deploy): one with the demo
 * catalogue, one with the demo catalogue plus BENCH_SCALE_PRODUCTS generated air units
 * (default 10,000; 1,000 when BENCH_SECONDS is under 3, the CI smoke). For each action, the
 * demo server then the big one, so that the shared machine's noise hits both alike:
 *   - a filtered, sorted, paged catalogue page, a product page and the basket page with three
 *     lines (BENCH_SCALE_CONNECTIONS requests at a time, default 4, BENCH_SECONDS on each
 *     server in alternating one-second slices: interleaved-load.ts);
 *   - placing an order by bank transfer (signed in, three lines; the confirmation POST alone);
 *   - the search (issue 15): a results page and the header's suggestions, spelt right and with a
 *     typo, under the same load; then SUGGESTION_SAMPLES suggestions one at a time, whose
 *     Server-Timing header gives the server's own time (p50 and p95; the issue asks under 50 ms
 *     with 10,000 products).
 * Prints median and p99 latency, requests/s, the ratio big/demo and each server's resident
 * memory after each action, and adds the figures to bench/results.json (BENCH_OUT) under
 * "catalogueScale"; it also prints the embedded database's plan of the catalogue page's two
 * statements, and of the search's, on the big catalogue. Run by `npm run bench` at its end, or alone:
 * `npx tsx scripts/bench/catalogue-scale.ts` (BENCH_SKIP_BUILD=1 to use the existing build).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { parseCatalogueState } from "../../app/domain/catalogue/catalogue-filters";
import { parseSearchQuery } from "../../app/domain/catalogue/search-query";
import { parseSearchState } from "../../app/domain/catalogue/search-state";
import { catalogueQueries } from "../../app/server/catalogue/catalogue.server";
import { resolveWords, searchQueries, suggestionQuery, withSearchSettings } from "../../app/server/catalogue/search.server";
import { openDatabase, type Database } from "../../app/server/db/client.server";
import { products } from "../../app/server/db/schema.server";
import { startAppServer, type AppServer } from "../../tests/support/app-server";
import { insertScaleCatalogue } from "../../tests/support/scale-catalogue";
import { interleavedLoad, percentile } from "./interleaved-load";
import { ScaleCustomer, type BasketLine } from "./scale-customer";

const CATALOGUE_QUERY = "marca=Daikin&superficie=10-20&orden=ascendente&pagina=3";
const CATALOGUE = `/tienda/aires?${CATALOGUE_QUERY}`;
/** Demo air units (ids 23..34): the same product page and basket on both servers. */
const PRODUCT = "/tienda/detalle/aires/24";
const BASKET: BasketLine[] = [23, 24, 25].map((id) => ({ family: "aires", id }));
/** The search (issue 15): a brand and a power as a customer writes them, and a brand with a typo. */
const SEARCH_QUERY = "daikin 3,5 kw";
const TYPO_QUERY = "mitsubisi";
const searchPath = (q: string) => `/buscar?q=${encodeURIComponent(q)}`;
const suggestionsPath = (q: string) => `/buscar/sugerencias?q=${encodeURIComponent(q)}`;
/** Suggestions asked one at a time for the server's own time (Server-Timing). */
const SUGGESTION_SAMPLES = 200;

export type ScaleOptions = { port: number; seconds: number; connections: number; products: number; orders: number; out: string };

export function scaleOptionsFromEnv(): ScaleOptions {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  return {
    port: Number(process.env.BENCH_PORT ?? 3700) + 2,
    seconds,
    connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 4),
    products: Number(process.env.BENCH_SCALE_PRODUCTS ?? (seconds < 3 ? 1000 : 10_000)),
    orders: Math.max(3, Math.round(seconds * 2.5)),
    out: process.env.BENCH_OUT ?? "bench/results.json",
  };
}

type Timing = { p50: number; p99: number; rps: number | null; non2xx: number; rssMb: number | null };
type ActionResult = { action: string; path: string; demo: Timing; scale: Timing; ratioP50: number; ratioP99: number };

function residentMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  // PAGE_CACHE_MB=0: the anonymous page cache (issue 14) off, so the catalogue itself is timed.
  return {
    LOG_LEVEL: "warn",
    CART_RATE_LIMIT: "100000",
    CONTACT_RATE_LIMIT: "100000",
    SUGGESTIONS_RATE_LIMIT: "10000000",
    SEED_DEMO: "1",
    PAGE_CACHE_MB: "0",
    DATABASE_URL: "",
  };
}

/** A seeded demo folder, and a copy of it with `count` generated units added. */
async function prepareFolders(port: number, count: number): Promise<{ demoDir: string; scaleDir: string }> {
  const demoDir = mkdtempSync(path.join(tmpdir(), "tienda-escala-demo-"));
  await (await startAppServer({ port, dataDir: demoDir, env: serverEnv() })).stop();
  const demo = await openDatabase({ kind: "pglite", dataDir: path.join(demoDir, "pglite") });
  try {
    // Scratch data: enough stock that every timed order finds its three units.
    const ids = BASKET.map((line) => line.id);
    await demo.db.update(products).set({ stock: 1_000_000 }).where(inArray(products.id, ids));
  } finally {
    await demo.close();
  }
  const scaleDir = mkdtempSync(path.join(tmpdir(), "tienda-escala-grande-"));
  cpSync(demoDir, scaleDir, { recursive: true });
  const big = await openDatabase({ kind: "pglite", dataDir: path.join(scaleDir, "pglite") });
  try {
    const started = performance.now();
    await insertScaleCatalogue(big.db, count);
    // As autovacuum does some time after a bulk load: statistics and the visibility map.
    await big.db.execute(sql`vacuum analyze products`);
    console.log(`Catálogo grande: ${count} productos añadidos en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    await printPlans(big.db);
  } finally {
    await big.close();
  }
  return { demoDir, scaleDir };
}

/** The plans of the catalogue page's count and rows on the big catalogue (EXPLAIN ANALYZE). */
async function printPlans(db: Database) {
  const state = parseCatalogueState("aires", undefined, new URLSearchParams(CATALOGUE_QUERY));
  const queries = catalogueQueries(db, "aires", state);
  for (const [name, query] of [["recuento", queries.count], ["filas", queries.rows((state.page - 1) * state.pageSize)]] as const) {
    const plan = await db.execute(sql`explain analyze ${query.getSQL()}`);
    console.log(`Plan (${name}):\n  ${plan.rows.map((row) => Object.values(row)[0]).join("\n  ")}`);
  }
  // The search's statements, in the transaction and with the settings the shop runs them with.
  for (const q of [SEARCH_QUERY, TYPO_QUERY]) {
    await withSearchSettings(db, async (tx) => {
      const plan = await resolveWords(tx, parseSearchQuery(q, { typing: true }));
      const page = searchQueries(tx, plan, parseSearchState(new URLSearchParams({ q })));
      for (const [name, query] of [["recuento", page.facets], ["página", page.rows(0)], ["sugerencias", suggestionQuery(tx, plan, 8)]] as const) {
        const lines = (await tx.execute(sql`explain analyze ${query.getSQL()}`)).rows.map((row) => String(Object.values(row)[0]));
        const kept = lines.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim());
        console.log(`Plan de la búsqueda «${q}» (${name}):\n  ${kept.join("\n  ")}`);
      }
    });
  }
}

async function warm(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} respondió ${response.status}`);
  }
}

const ratio = (big: number, small: number) => Math.round((big / Math.max(small, 0.1)) * 100) / 100;

async function timeGets(servers: [AppServer, AppServer], options: ScaleOptions): Promise<ActionResult[]> {
  const basketCookies: string[] = [];
  for (const server of servers) {
    const anonymous = new ScaleCustomer(server.baseUrl);
    await anonymous.fillBasket(BASKET);
    basketCookies.push(anonymous.cookieHeader());
  }
  const cases: [string, string, (i: number) => Record<string, string>][] = [
    ["catálogo filtrado, página 3", CATALOGUE, () => ({})],
    ["ficha de producto", PRODUCT, () => ({})],
    ["cesta de 3 líneas", "/carrito", (i) => ({ Cookie: basketCookies[i]! })],
    [`búsqueda «${SEARCH_QUERY}»`, searchPath(SEARCH_QUERY), () => ({})],
    [`sugerencias «${SEARCH_QUERY}»`, suggestionsPath(SEARCH_QUERY), () => ({})],
    [`sugerencias «${TYPO_QUERY}» (errata)`, suggestionsPath(TYPO_QUERY), () => ({})],
  ];
  const results: ActionResult[] = [];
  for (const [action, pagePath, headers] of cases) {
    const targets = servers.map((server, i) => ({ url: `${server.baseUrl}${pagePath}`, headers: headers(i) }));
    for (const target of targets) await warm(target.url, target.headers);
    const figures = await interleavedLoad(targets, options.connections, options.seconds);
    const [demo, scale] = figures.map(({ p50, p99, rps, non2xx }, i): Timing => ({ p50, p99, rps, non2xx, rssMb: residentMb(servers[i]!.child.pid) })) as [
      Timing,
      Timing,
    ];
    results.push({ action, path: pagePath, demo, scale, ratioP50: ratio(scale.p50, demo.p50), ratioP99: ratio(scale.p99, demo.p99) });
  }
  return results;
}

async function timeOrders(servers: [AppServer, AppServer], options: ScaleOptions): Promise<ActionResult> {
  const customers = servers.map((server) => new ScaleCustomer(server.baseUrl));
  const stamp = Date.now();
  for (const [i, customer] of customers.entries()) await customer.registerAndSignIn(`escala${i}-${stamp}@example.com`);
  const samples: number[][] = [[], []];
  // One order on each server in turn, so that both see the same moments of the machine.
  for (let n = 0; n < options.orders; n += 1) {
    for (const [i, customer] of customers.entries()) {
      await customer.fillBasket(BASKET);
      samples[i]!.push(await customer.placeOrder());
    }
  }
  const [demo, scale] = servers.map((server, i): Timing => ({
    p50: percentile(samples[i]!, 50),
    p99: percentile(samples[i]!, 99),
    rps: null,
    non2xx: 0,
    rssMb: residentMb(server.child.pid),
  })) as [Timing, Timing];
  return { action: `pedido por transferencia (${options.orders})`, path: "/carrito/pedido", demo, scale, ratioP50: ratio(scale.p50, demo.p50), ratioP99: ratio(scale.p99, demo.p99) };
}

type ServerTiming = { query: string; demo: { p50: number; p95: number }; scale: { p50: number; p95: number } };

/** The server's own time for suggestions (its Server-Timing header), asked one at a time. */
async function timeSuggestions(servers: [AppServer, AppServer]): Promise<ServerTiming[]> {
  const results: ServerTiming[] = [];
  for (const query of [SEARCH_QUERY, TYPO_QUERY]) {
    const samples: number[][] = [[], []];
    for (let n = 0; n < SUGGESTION_SAMPLES; n += 1) {
      for (const [i, server] of servers.entries()) {
        const response = await fetch(`${server.baseUrl}${suggestionsPath(query)}`);
        await response.arrayBuffer();
        const took = Number(/search;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1]);
        if (!response.ok || !Number.isFinite(took)) throw new Error(`${suggestionsPath(query)} respondió ${response.status} sin Server-Timing`);
        samples[i]!.push(took);
      }
    }
    const figures = (i: number) => ({ p50: percentile(samples[i]!, 50), p95: percentile(samples[i]!, 95) });
    results.push({ query, demo: figures(0), scale: figures(1) });
  }
  return results;
}

function printSuggestionTimes(options: ScaleOptions, timings: ServerTiming[]) {
  console.log();
  console.log(`Sugerencias de búsqueda, tiempo en el servidor (Server-Timing), ${SUGGESTION_SAMPLES} peticiones una a una:`);
  for (const t of timings) {
    const ok = t.scale.p95 < 50 ? "sí" : "NO";
    console.log(
      `  «${t.query}»`.padEnd(28) +
        ` demo p50 ${t.demo.p50} ms, p95 ${t.demo.p95} ms; ${options.products} productos más: p50 ${t.scale.p50} ms, p95 ${t.scale.p95} ms (< 50 ms: ${ok})`,
    );
  }
}

function printTable(options: ScaleOptions, actions: ActionResult[], idle: [number | null, number | null]) {
  const pad = (value: string | number | null, width: number) => String(value ?? "?").padStart(width);
  console.log();
  console.log(`Catálogo de ${options.products} productos más (aires) frente al de demostración: ${options.connections} conexiones, ${options.seconds} s por página`);
  console.log(`${"acción".padEnd(32)} ${pad("demo p50", 9)} ${pad("p99", 6)} ${pad("pet/s", 6)} ${pad("MB", 5)}   ${pad("grande p50", 10)} ${pad("p99", 6)} ${pad("pet/s", 6)} ${pad("MB", 5)}   ${pad("× p50", 6)} ${pad("× p99", 6)} ${pad("≤ 2", 4)}`);
  for (const a of actions) {
    const ok = a.ratioP50 <= 2 ? "sí" : "NO";
    console.log(
      `${a.action.padEnd(32)} ${pad(a.demo.p50, 9)} ${pad(a.demo.p99, 6)} ${pad(a.demo.rps ?? "-", 6)} ${pad(a.demo.rssMb, 5)}   ${pad(a.scale.p50, 10)} ${pad(a.scale.p99, 6)} ${pad(a.scale.rps ?? "-", 6)} ${pad(a.scale.rssMb, 5)}   ${pad(a.ratioP50, 6)} ${pad(a.ratioP99, 6)} ${pad(ok, 4)}`,
    );
  }
  const errors = actions.reduce((sum, a) => sum + a.demo.non2xx + a.scale.non2xx, 0);
  console.log(`Latencias en ms. Memoria residente en reposo: demo ${idle[0] ?? "?"} MB, grande ${idle[1] ?? "?"} MB. Respuestas no 2xx o errores: ${errors}.`);
}

/** Runs the section and adds its figures to `options.out` (created when missing). */
export async function runCatalogueScale(options: ScaleOptions = scaleOptionsFromEnv()) {
  console.log(`\nCatálogo grande: preparando las dos bases de datos (${options.products} productos)…`);
  const { demoDir, scaleDir } = await prepareFolders(options.port, options.products);
  const servers: AppServer[] = [];
  try {
    servers.push(await startAppServer({ port: options.port, dataDir: demoDir, env: serverEnv() }));
    servers.push(await startAppServer({ port: options.port + 1, dataDir: scaleDir, env: serverEnv() }));
    const pair = servers as [AppServer, AppServer];
    for (const server of pair) await warm(`${server.baseUrl}/tienda/aires`);
    const idle: [number | null, number | null] = [residentMb(pair[0].child.pid), residentMb(pair[1].child.pid)];
    const actions = [...(await timeGets(pair, options)), await timeOrders(pair, options)];
    const suggestionTimes = await timeSuggestions(pair);
    printTable(options, actions, idle);
    printSuggestionTimes(options, suggestionTimes);
    const figures = {
      date: new Date().toISOString(),
      products: options.products,
      family: "aires",
      connections: options.connections,
      seconds: options.seconds,
      idleResidentMb: { demo: idle[0], scale: idle[1] },
      actions,
      suggestionServerMs: suggestionTimes,
    };
    const results = existsSync(options.out) ? (JSON.parse(readFileSync(options.out, "utf8")) as Record<string, unknown>) : {};
    mkdirSync(path.dirname(options.out), { recursive: true });
    writeFileSync(options.out, `${JSON.stringify({ ...results, catalogueScale: figures }, null, 2)}\n`);
    console.log(`Añadido a ${options.out} (catalogueScale).`);
    return figures;
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of [demoDir, scaleDir]) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    console.log("Construyendo (react-router build)…");
    if (spawnSync("npx", ["react-router", "build"], { stdio: "ignore" }).status !== 0) throw new Error("falló la construcción");
  }
  runCatalogueScale().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
