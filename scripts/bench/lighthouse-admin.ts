/**
 * `npm run bench:lighthouse-admin` (issue 30): Lighthouse mobile on the back office's pages as
 * the signed-in owner sees them, Hoy first. Starts the built app on a fresh data folder with
 * the demo data, signs an administrator in through the real pages in Debian's Chromium (the
 * password and an authenticator code), then gives Lighthouse that session's cookies as a
 * header, three runs a page (LIGHTHOUSE_RUNS), and prints the medians. Figures, not a
 * pass/fail: the target is performance 0.95 or more on Hoy. Needs `npx react-router build`.
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../playwright.config";
import { adminContext } from "../../tests/support/admin-e2e";
import { freshDataDir, startAppServer } from "../../tests/support/app-server";
import { lighthousePages } from "./lighthouse";
import { lighthouseTable } from "./lighthouse-figures";

const PORT = Number(process.env.PORT ?? 7930);
const ADMIN_PERFORMANCE = 0.95;
const OWNER = "lighthouse-admin@termoclima.test";
const PAGES: [string, string][] = [
  ["Hoy", "/admin"],
  ["Buscar", "/admin/buscar?q=garcia"],
  ["Clientes", "/admin/clientes"],
  ["Pedidos", "/admin/pedidos"],
];

async function main() {
  const server = await startAppServer({ port: PORT, dataDir: freshDataDir("lighthouse-admin"), env: { ADMIN_EMAILS: OWNER } });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const admin = await adminContext(browser, server.baseUrl, OWNER);
    const cookie = (await admin.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await browser.close();
    const results = await lighthousePages(server.baseUrl, PAGES, {
      runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3),
      reportsDir: process.env.LIGHTHOUSE_REPORTS,
      extraHeaders: { Cookie: cookie },
      log: (line) => console.log(line),
    });
    for (const line of lighthouseTable(results)) console.log(line);
    // The table's «cumple» is the shop's budget (SEO 1 included); the back office is noindex on
    // purpose, and issue 30 asks performance 0.95 on Hoy, with accessibility and best practices 1.
    for (const page of results) {
      const meets = page.performance >= ADMIN_PERFORMANCE && page.accessibility >= 1 && page.bestPractices >= 1;
      console.log(`${page.page}: rendimiento ${page.performance} (objetivo ≥ ${ADMIN_PERFORMANCE}), accesibilidad ${page.accessibility}, buenas prácticas ${page.bestPractices}: ${meets ? "cumple" : "NO cumple"}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
