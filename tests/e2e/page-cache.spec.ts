import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { rejectCookies } from "./helpers";

/*
 * Issue 14, the page cache, on a server of this spec's own (it changes a price and a flag):
 * anonymous pages come from memory with a hash-based policy and the right Cache-Control; the
 * badge and the cookie banner follow each visitor; a change made in the back office shows on
 * the very next request, and only the pages that show it are rendered again.
 */
const PORT = specPort(50);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-cache@termoclima.test";
const T87 = "/tienda/detalle/termostatos/14";

let server: AppServer | undefined;
let admin: { context: BrowserContext; page: Page };

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  server = await startAppServer({ port: PORT, dataDir: freshDataDir("cache"), env: { ADMIN_EMAILS: OWNER } });
  admin = await adminContext(browser, base, OWNER);
});

test.afterAll(async () => {
  await admin?.context.close().catch(() => {});
  await server?.stop();
});

/** Asks until the page is kept (it is stored once its first answer has been sent and compressed). */
async function kept(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  await expect.poll(async () => (await request.get(`${base}${path}`, { headers })).headers()["x-page-cache"]).toBe("hit");
  return request.get(`${base}${path}`, { headers });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("an anonymous page comes from memory: no nonce, each inline script and style allowed by its hash, shared Cache-Control, ETag", async ({ request }) => {
  const first = await request.get(`${base}${T87}`);
  expect(first.headers()["x-page-cache"]).toBe("miss");
  expect(first.headers()["content-security-policy"]).toMatch(/'nonce-/);
  const response = await kept(request, T87);
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).not.toMatch(/nonce|unsafe-inline/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) expect(policy).toContain(directive);
  const html = await response.text();
  expect(html).not.toContain("nonce=");
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/application\/ld\+json/.test(attributes!));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  expect(styles.length).toBeGreaterThan(0);
  const scriptSrc = policy.split(";").find((d) => d.startsWith("script-src")) ?? "";
  const styleSrc = policy.split(";").find((d) => d.startsWith("style-src")) ?? "";
  for (const [, , text] of scripts) expect(scriptSrc).toContain(sha256(text!));
  for (const [, text] of styles) expect(styleSrc).toContain(sha256(text!));
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=50");
  expect(headers["vary"]).toBe("Accept-Encoding");
  // The render's other security headers come with the kept copy, as they were; its own request id.
  for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy", "cross-origin-opener-policy"]) {
    expect(headers[name], name).toBeTruthy();
    expect(headers[name], name).toBe(first.headers()[name]);
  }
  expect(headers["x-request-id"]).toBeTruthy();
  expect(headers["x-request-id"]).not.toBe(first.headers()["x-request-id"]);

  const again = await request.get(`${base}${T87}`, { headers: { "If-None-Match": headers["etag"]! } });
  expect(again.status()).toBe(304);
  for (const encoding of ["br", "gzip"]) {
    const compressed = await fetch(`${base}${T87}`, { headers: { "Accept-Encoding": encoding } });
    expect(compressed.headers.get("content-encoding")).toBe(encoding);
    expect(await compressed.text()).toBe(html);
  }
  // A personal page is never shared: rendered per visitor, with a nonce, not stored.
  const basket = await request.get(`${base}/carrito`);
  expect(basket.headers()["cache-control"]).toBe("private, no-store");
  expect(basket.headers()["x-page-cache"]).toBeUndefined();
  expect(basket.headers()["content-security-policy"]).toMatch(/'nonce-/);
});

test("in Chromium the kept page hydrates without a policy complaint; the badge and the banner follow each visitor", async ({ browser, request }) => {
  await kept(request, T87);
  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  const first = await page.goto(T87);
  expect(first?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("region", { name: "Su privacidad" })).toBeVisible();
  await rejectCookies(page);
  await page.waitForFunction(() => {
    const element = document.querySelector("form.detail-form button[type=submit]");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
  await page.getByRole("button", { name: "Añadir al carrito" }).first().click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();

  // This visitor now has a basket of one and a decision: their own variant, never shared.
  const mine = await page.goto(T87);
  expect(mine?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("link", { name: "Carrito: 1 artículo" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Su privacidad" })).toHaveCount(0);
  await expect.poll(async () => (await page.goto(T87))?.headers()["x-page-cache"]).toBe("hit");
  await expect(page.getByRole("link", { name: "Carrito: 1 artículo" })).toBeVisible();

  // Someone else, undecided and without a basket, still gets the banner and no badge.
  const other = await browser.newContext({ baseURL: base, locale: "es-ES" });
  const stranger = await other.newPage();
  expect((await stranger.goto(T87))?.headers()["x-page-cache"]).toBe("hit");
  await expect(stranger.getByRole("region", { name: "Su privacidad" })).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Carrito: 0 artículos" })).toBeVisible();
  await other.close();

  // Client-side navigation from a kept page works (its scripts ran).
  await page.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Calderas", exact: true }).click();
  await expect(page).toHaveURL(/\/tienda\/calderas\/calderas-condensacion$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calderas" })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("a price changed in the back office shows on the very next request; pages that do not show it stay kept", async ({ request }) => {
  await kept(request, T87);
  await kept(request, "/tienda/termostatos");
  await kept(request, "/tienda/calderas");
  await kept(request, "/");

  const { page } = admin;
  await page.goto("/admin/catalogo/14");
  await page.getByLabel(/^Precio \(IVA incluido\)/).fill("77,45");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();

  const product = await request.get(`${base}${T87}`);
  expect(product.headers()["x-page-cache"]).toBe("miss");
  expect(await product.text()).toMatch(/77,45\s€/);
  const list = await request.get(`${base}/tienda/termostatos?porPagina=100`);
  expect(await list.text()).toMatch(/77,45\s€/);
  expect((await request.get(`${base}/tienda/termostatos`)).headers()["x-page-cache"]).toBe("miss");
  // Boilers and the home page show nothing of that thermostat: still served from memory.
  expect((await request.get(`${base}/tienda/calderas`)).headers()["x-page-cache"]).toBe("hit");
  expect((await request.get(`${base}/`)).headers()["x-page-cache"]).toBe("hit");
});

test("a flag switched in the back office reaches every kept page at once", async ({ request }) => {
  await kept(request, "/tienda/calderas");
  const { page } = admin;
  await page.goto("/admin/sitio");
  const item = page.locator(".admin-switch").filter({ hasText: "Modo mantenimiento" });
  await item.getByLabel("Entiendo que la tienda se cerrará a los visitantes").check();
  await item.getByRole("button", { name: "Activar Modo mantenimiento" }).click();
  await expect(page.getByText("El modo mantenimiento está activado")).toBeVisible();
  expect((await request.get(`${base}/tienda/calderas`)).status()).toBe(503);

  await page.goto("/admin/sitio");
  await page.locator(".admin-switch").filter({ hasText: "Modo mantenimiento" }).getByRole("button", { name: "Desactivar Modo mantenimiento" }).click();
  await expect(page.getByRole("status").filter({ hasText: "«Modo mantenimiento» desactivado." })).toBeVisible();
  expect((await request.get(`${base}/tienda/calderas`)).status()).toBe(200);
});

test("a crowd at a page not kept yet: rendered once, everyone else answered from memory; a personal page renders for each", async () => {
  const crowd = (path: string) => Promise.all(Array.from({ length: 24 }, () => fetch(`${base}${path}`)));
  const answers = await crowd("/tienda/aerotermia");
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  const sources = answers.map((answer) => answer.headers.get("x-page-cache"));
  expect(sources.filter((source) => source === "miss")).toHaveLength(1);
  expect(sources.filter((source) => source === "hit")).toHaveLength(23);
  const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
  expect(bodies.size).toBe(2); // the render with its nonce, and the kept copy with hashes
  const baskets = await crowd("/carrito");
  expect(baskets.map((answer) => answer.status)).toEqual(baskets.map(() => 200));
  expect(baskets.map((answer) => answer.headers.get("cache-control"))).toEqual(baskets.map(() => "private, no-store"));
  expect(baskets.every((answer) => answer.headers.get("x-page-cache") === null)).toBe(true);
});
