import { expect, test, type Browser, type Page } from "@playwright/test";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { setFlagsWhileStopped } from "../support/flags-e2e";
import { rejectCookies } from "./helpers";

/** Campaign pop-ups need flags on: a server of our own, on its own embedded database. */
const PORT = specPort(47);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = freshDataDir("campanas");

const startServer = () => startAppServer({ port: PORT, dataDir });

async function stopServer(server: AppServer) {
  await server.stop();
}

/** While the server is stopped, as `npm run flag` (server-process.spec.ts drives the command itself). */
const setFlags = (flags: Parameters<typeof setFlagsWhileStopped>[1]) => setFlagsWhileStopped(dataDir, flags);

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

/**
 * Waits until the page has decided about its pop-ups (<html data-campaigns>, set after
 * hydration by app/ui/site/site-shell.tsx and campaign-popups.tsx): only then does "no dialog"
 * mean none will come, however late the pop-ups' code arrives.
 */
async function campaignsDecided(page: Page, decision: "off" | "waiting-for-cookies" | "promotion-page") {
  await expect(page.locator("html")).toHaveAttribute("data-campaigns", decision);
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  return { context, page: await context.newPage() };
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("flags off: no campaign pop-up", async ({ browser }) => {
  const server = await startServer();
  try {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    await rejectCookies(page);
    await campaignsDecided(page, "off");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Abrir la promoción/ })).toHaveCount(0);
    await context.close();
  } finally {
    await stopServer(server);
  }
});

test("flags on: boiler pop-up after the cookie decision, closes for the session; air pop-up shrinks to the corner", async ({ browser }) => {
  await setFlags({ campaignCalderas: true, campaignAires: true });
  const server = await startServer();
  try {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    // Never in front of the cookie banner.
    await expect(page.getByRole("region", { name: "Su privacidad" })).toBeVisible();
    await campaignsDecided(page, "waiting-for-cookies");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await rejectCookies(page);

    const boilers = dialog(page, "Promoción en calderas");
    await expect(boilers).toBeVisible();
    await expect(boilers).toContainText("30 de junio");
    expect(await boilers.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await boilers.getByRole("button", { name: "Cerrar" }).click();
    await expect(boilers).toHaveCount(0);

    // The next campaign takes its turn; Escape closes it into the corner.
    const air = dialog(page, "Promoción en aire acondicionado");
    await expect(air).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(air).toHaveCount(0);
    const corner = page.getByRole("button", { name: "Abrir la promoción en aire acondicionado" });
    await expect(corner).toBeVisible();
    await corner.click();
    await expect(air).toBeVisible();
    await air.getByRole("button", { name: "Cerrar" }).click();
    await expect(air).toHaveCount(0);
    await expect(corner).toBeVisible();

    // Same browser session: both stay closed, the air one stays in the corner.
    await page.reload();
    await expect(corner).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("campana-calderas-cerrada"))).toBe("1");
    await context.close();

    // Not on the boiler promotion itself.
    const other = await freshPage(browser);
    await other.page.goto("/promo-Calderas");
    await rejectCookies(other.page);
    await campaignsDecided(other.page, "promotion-page");
    await expect(other.page.getByRole("dialog")).toHaveCount(0);
    await other.page.goto("/promo-Aires");
    await expect(dialog(other.page, "Promoción en calderas")).toBeVisible();
    await other.context.close();
  } finally {
    await stopServer(server);
  }
});

test("aerothermal pop-up shrinks to the corner and reopens; the global flag alone shows the boiler one", async ({ browser }) => {
  await setFlags({ campaignCalderas: false, campaignAires: false, campaignAero: true });
  let server = await startServer();
  try {
    const { context, page } = await freshPage(browser);
    await page.goto("/tienda");
    await rejectCookies(page);
    const aero = dialog(page, "Promoción en aerotermia");
    await expect(aero).toBeVisible();
    await expect(dialog(page, "Promoción en calderas")).toHaveCount(0);
    await aero.getByRole("button", { name: "Cerrar" }).click();
    const corner = page.getByRole("button", { name: "Abrir la promoción en aerotermia" });
    await expect(corner).toBeVisible();
    await corner.click();
    await expect(aero).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(corner).toBeVisible();
    await context.close();
  } finally {
    await stopServer(server);
  }

  await setFlags({ campaignAero: false, campaign: true });
  server = await startServer();
  try {
    const { context, page } = await freshPage(browser);
    await page.goto("/");
    await rejectCookies(page);
    await expect(dialog(page, "Promoción en calderas")).toBeVisible();
    await context.close();
  } finally {
    await stopServer(server);
    await setFlags({ campaign: false });
  }
});
