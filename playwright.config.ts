import { defineConfig, devices } from "@playwright/test";
import { DATA_TEMPLATE_ENV, dataTemplateFolder, sharedPort } from "./tests/support/app-server";

/*
 * End-to-end tests against the production build, in Debian's Chromium (never a downloaded one).
 * Spec files run in E2E_WORKERS parallel workers (default 2), each with a shared server and
 * database of its own: a spec sees the same shop whichever worker runs it, and no spec's data
 * meets another's running at the same time. This file is read again in every worker, where
 * TEST_PARALLEL_INDEX says which one it is (tests/support/app-server.ts, sharedPort).
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const PORT = sharedPort();
const ADMIN_E2E_EMAILS = ["admin-acceso", "admin-acceso-movil", "admin-pedidos", "admin-avisos", "admin-catalogo", "admin-fotos", "admin-sitio", "admin-solicitudes", "admin-clientes", "admin-js", "admin-datos", "admin-gases", "admin-presupuestos"].map(
  (name) => `${name}@termoclima.test`,
);
/**
 * The browser of the e2e tests: Debian's chromium-headless-shell (E2E_CHROME_PATH), Chromium
 * built without the browser's window, tab strip and their renderers. The same two spec files
 * took 103 s of test time in it against 160 s in the full browser's headless mode (28-11-2026),
 * with the same results; Lighthouse (scripts/bench/lighthouse.ts) keeps the full browser.
 */
export const E2E_CHROME_PATH = process.env.E2E_CHROME_PATH ?? "/usr/bin/chromium-headless-shell";
/** Flags of both browsers (the full one adds --headless=new). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * The specs' own servers (tests/support/app-server.ts) keep PGlite's WebAssembly on V8's first
 * compiler (Liftoff): it is not recompiled by the optimizing one in the background. Such a
 * server lives a minute or so, too short for the optimized code to pay back: its start took
 * 1.4 CPU-seconds less (30-11-2026). The shared servers, which serve the whole run, the bench
 * and the soak keep Node's defaults, as `npm start` runs. Read again in each worker.
 */
process.env.E2E_SERVER_NODE_FLAGS ??= "--liftoff-only";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "tests/.tmp/results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-ES",
    // Recording a trace of every test cost about 10 % of the run (the same 62 tests in 166 and
    // 167 s against 148 and 153 s without, 30-11-2026): under CI, where a failed test runs again
    // once, only that second run is recorded; elsewhere every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: E2E_CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "escritorio", use: { ...devices["Desktop Chrome"], viewport: { width: 1400, height: 900 } } },
    {
      name: "movil",
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true },
      // The phone width re-runs the tests tagged "@movil" ({ tag: "@movil" } on a test or a
      // describe): those about the frame, layout and forms, and every spec whose flow takes its
      // width from the project (project.use.viewport, desktopRunLooks). The others run once, on
      // desktop; those that look at 375 px themselves (lookAtBothWidths, a phone context of
      // their own) do it inside that run. tests/integration/e2e-phone-project.test.ts fails when
      // a spec taking its width from the project, or a test of a tagged spec, is left untagged.
      grep: /@movil/,
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const port = sharedPort(index);
    return {
      command: "node tests/e2e/start-server.mjs",
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
      // Every e2e post comes from 127.0.0.1: the contact form's, the basket's and the sign-in's limits per address are raised here.
      env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, CONTACT_RATE_LIMIT: "1000", CART_RATE_LIMIT: "1000", SIGN_IN_RATE_LIMIT: "1000",
        // E-mails go out within 0.2 s instead of 1 s: the specs waiting for one wait less.
        OUTBOX_POLL_MS: "200",
        // The back-office specs each enrol one of these administrators (tests/support/admin-e2e.ts).
        ADMIN_EMAILS: ADMIN_E2E_EMAILS.join(","),
        // The first one makes the run's seeded database; every server starts on a copy of it.
        [DATA_TEMPLATE_ENV]: dataTemplateFolder(), ...(index === 0 ? { E2E_MAKE_DATA_TEMPLATE: "1" } : {}) },
    };
  }),
});
