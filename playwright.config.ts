import { defineConfig, devices } from "@playwright/test";

// End-to-end tests against the production build, in Debian's Chromium (never a downloaded one).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const ADMIN_E2E_EMAILS = ["admin-acceso", "admin-acceso-movil", "admin-pedidos", "admin-avisos", "admin-catalogo", "admin-fotos", "admin-sitio", "admin-solicitudes", "admin-clientes", "admin-js", "admin-datos", "admin-gases", "admin-presupuestos"].map(
  (name) => `${name}@termoclima.test`,
);
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "tests/.tmp/results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "es-ES",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "escritorio", use: { ...devices["Desktop Chrome"], viewport: { width: 1400, height: 900 } } },
    {
      name: "movil",
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true },
      // The phone width re-runs the specs about layout and forms on a small screen; the
      // others run once, on desktop, to keep CI well under 15 minutes.
      testMatch: /(layout|cookie-banner|product-detail|checkout|admin-transfer-expiry|admin-orders|compare|sizing-advisor|back-in-stock|coverage-fgas|search|jobs-calendar|visit-booking|quotes|job-deposit|request-to-paid-job)\.spec\.ts$/,
    },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // Every e2e post comes from 127.0.0.1: the contact form's and the basket's limits per address are raised here.
    env: { PORT: String(PORT), HOST: "127.0.0.1", PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}`, CONTACT_RATE_LIMIT: "1000", CART_RATE_LIMIT: "1000",
      // The back-office specs each enrol one of these administrators (tests/support/admin-e2e.ts).
      ADMIN_EMAILS: ADMIN_E2E_EMAILS.join(",") },
  },
});
