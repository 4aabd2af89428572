/**
 * Lighthouse for `npm run bench` (issue 14): mobile with Lighthouse's default simulated
 * throttling, each page several times against a server that is already running, in Debian's
 * Chromium (CHROME_PATH, default /usr/bin/chromium: the full browser, in its headless mode) with the e2e launch flags, so no browser
 * is downloaded and nothing leaves the machine. Run alone against a running server:
 *   npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:7800 [/ruta ...]
 * (LIGHTHOUSE_RUNS, default 3). With LIGHTHOUSE_REPORTS=<folder> every run's JSON report is
 * kept there, to read the audits behind a score.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { lighthouseTable, medianFigures, type LighthouseFigures, type LighthousePage } from "./lighthouse-figures";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number }>;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
};

function figuresOf(report: Report): LighthouseFigures {
  const score = (id: string) => report.categories[id]?.score ?? 0;
  const value = (id: string) => {
    const numeric = report.audits[id]?.numericValue;
    if (numeric === undefined) throw new Error(`Lighthouse no midió ${id}`);
    return numeric;
  };
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    cpuIndex: report.environment.benchmarkIndex,
  };
}

/** The audits that did not pass in a run (scored below 1; informative ones have no score). */
function failingAudits(report: Report): string[] {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .map(([id]) => id);
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run. On a busy machine the trace sometimes comes back unusable (NO_NAVSTART,
 * NO_FCP: "please run Lighthouse again", says Lighthouse): the run is repeated, up to ATTEMPTS.
 */
async function auditOnce(url: string, port: number, log?: (line: string) => void, extraHeaders?: Record<string, string>): Promise<{ report: Report; json: string }> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders });
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    const report = result.lhr as unknown as Report;
    if (!report.runtimeError) return { report, json: String(result.report) };
    const problem = `Lighthouse en ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`;
    if (attempt >= ATTEMPTS) throw new Error(problem);
    (log ?? console.log)(`  ${problem}; se repite (${attempt + 1}/${ATTEMPTS}).`);
  }
}

/** `extraHeaders`: sent with every request of the page (a signed-in session's Cookie: lighthouse-admin.ts). */
export type LighthouseOptions = { runs?: number; reportsDir?: string; log?: (line: string) => void; extraHeaders?: Record<string, string> };

/**
 * Lighthouse on each page of `pages` (name and path under `base`), `runs` times each, in one
 * Chromium started here and always killed, with its whole process group, before returning.
 */
export async function lighthousePages(base: string, pages: [string, string][], options: LighthouseOptions = {}): Promise<LighthousePage[]> {
  const runs = options.runs ?? 3;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const results: LighthousePage[] = [];
    for (const [name, pagePath] of pages) {
      const figures: LighthouseFigures[] = [];
      const failing = new Set<string>();
      for (let run = 1; run <= runs; run++) {
        const { report, json } = await auditOnce(`${base}${pagePath}`, chrome.port, options.log, options.extraHeaders);
        if (options.reportsDir) {
          mkdirSync(options.reportsDir, { recursive: true });
          const file = `${pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "inicio"}-${run}.json`;
          writeFileSync(path.join(options.reportsDir, file), json);
        }
        figures.push(figuresOf(report));
        for (const id of failingAudits(report)) failing.add(id);
        options.log?.(`  Lighthouse ${pagePath} ${run}/${runs}: rendimiento ${report.categories.performance?.score}, índice de CPU ${report.environment.benchmarkIndex}`);
      }
      results.push({ page: name, path: pagePath, runs, ...medianFigures(figures), failing: [...failing].sort() });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * What `npm run bench` runs: nothing with BENCH_LIGHTHOUSE=0; in the CI smoke (`smoke`, one
 * second per load case) one run of the first page, to prove the browser starts, Lighthouse
 * reports and the browser is gone afterwards (about 20 s); otherwise three runs of every page.
 */
export async function benchLighthouse(base: string, pages: [string, string][], { smoke }: { smoke: boolean }): Promise<LighthousePage[] | null> {
  if (process.env.BENCH_LIGHTHOUSE === "0") {
    console.log("Lighthouse omitido (BENCH_LIGHTHOUSE=0).");
    return null;
  }
  const chosen = smoke ? pages.slice(0, 1) : pages;
  const runs = smoke ? 1 : 3;
  console.log(`Lighthouse móvil: ${chosen.length} página(s) × ${runs}${smoke ? " (prueba corta)" : ""}…`);
  return lighthousePages(base, chosen, { runs, reportsDir: process.env.LIGHTHOUSE_REPORTS, log: (line) => console.log(line) });
}

async function main() {
  const [base, ...paths] = process.argv.slice(2);
  if (!base) throw new Error("uso: tsx scripts/bench/lighthouse.ts http://127.0.0.1:PUERTO [/ruta ...]");
  const chosen = paths.length > 0 ? paths : ["/", "/tienda/aires", "/tienda/detalle/termostatos/14", "/carrito", "/contacto"];
  const results = await lighthousePages(
    base,
    chosen.map((p) => [p, p]),
    { runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3), reportsDir: process.env.LIGHTHOUSE_REPORTS, log: (line) => console.log(line) },
  );
  for (const line of lighthouseTable(results)) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
