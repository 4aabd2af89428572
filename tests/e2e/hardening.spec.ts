import { expect, test, type Browser, type ConsoleMessage } from "@playwright/test";
import { specPort, startAppServer, type AppServer } from "../support/app-server";

// Pages of every kind in the route table: content, shop, account, promotions, errors.
const PAGES = [
  "/",
  "/tienda",
  "/tienda/calderas",
  "/tienda/aires/aires",
  "/tienda/mantenimientos",
  "/tienda/detalle/calderas/1",
  "/carrito",
  "/contacto",
  "/presupuesto",
  "/servicios",
  "/reformas",
  "/calderas-info",
  "/login",
  "/login?modo=registro",
  "/login/restablecer?token=x",
  "/politica-cookies",
  "/politica-privacidad",
  "/condiciones-compra",
  "/aviso-legal",
  "/promo-Aires",
  "/promo-Granada",
  "/promo-Saunier/gracias",
  "/esta-no-existe",
];

test.describe("security headers in Chromium", () => {
  test("every page keeps to its Content-Security-Policy: no violation, no console error", async ({ page }) => {
    test.setTimeout(120_000); // two dozen pages, each until the network is idle
    const problems: string[] = [];
    const note = (message: ConsoleMessage) => {
      // A 404 page is expected to log its own status; everything else is a defect.
      if (message.type() === "error" && !/status of 404/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
      if (message.type() === "warning" && /Content Security Policy|Permissions-Policy/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
    };
    page.on("console", note);
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
    });
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      // Hydrated: React Router's scripts ran under the policy.
      await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  // Pages everyone sees alike are served from the page cache with hashes instead of a nonce
  // (tests/e2e/page-cache.spec.ts); a page of one visitor's carries a nonce per response.
  test("every inline script and style of a personal page carries this response's nonce, and the nonce changes", async ({ request }) => {
    const first = await request.get("/carrito");
    const second = await request.get("/carrito");
    const policy = first.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", `script-src 'self' 'nonce-${nonce}'`]) {
      expect(policy).toContain(directive);
    }
    const html = await first.text();
    const inline = [...html.matchAll(/<(script|style)(?![^>]*\bsrc=)([^>]*)>/g)].filter(([, , attributes]) => !/type="application\/ld\+json"/.test(attributes!));
    expect(inline.length).toBeGreaterThan(0);
    for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("the other headers: nosniff, referrer, permissions, no framing; no HSTS over http", async ({ request }) => {
    const headers = (await request.get("/")).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("the basket and consent cookies are HttpOnly and SameSite=Lax", async ({ page }) => {
    await page.goto("/tienda/calderas");
    await page.getByRole("button", { name: "Rechazar" }).click();
    await expect.poll(async () => (await page.context().cookies()).length).toBe(1);
    await page.goto("/tienda/detalle/calderas/1");
    await page.getByRole("button", { name: "Añadir al carrito" }).first().click();
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name).sort()).toEqual(["carrito", "cookie_consent"]);
    for (const cookie of await page.context().cookies()) {
      expect(cookie.httpOnly, cookie.name).toBe(true);
      expect(cookie.sameSite, cookie.name).toBe("Lax");
    }
  });
});

test("sign-in: an invalid e-mail gets the spec's message, not the browser's bubble", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("esto-no-es-un-email");
  await page.getByLabel("Contraseña", { exact: true }).fill("unaClaveCualquiera");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Email no valido.")).toBeVisible();
});

test.describe("a server on another port with no PUBLIC_BASE_URL", () => {
  const port = specPort(60);
  let server: AppServer | undefined;
  test.beforeAll(async () => {
    server = await startAppServer({ port, env: { PUBLIC_BASE_URL: "" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function signIn(browser: Browser, origin: string, register: boolean) {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto(register ? "/login?modo=registro" : "/login");
    await page.getByRole("button", { name: "Rechazar" }).click();
    await page.getByLabel("Email").fill("otro.puerto@example.com");
    await page.getByLabel("Contraseña", { exact: true }).fill("claveDelPuerto8");
    if (register) {
      await page.getByRole("button", { name: "Crear cuenta" }).click();
      await expect(page.getByText("Usuario creado correctamente. Puede iniciar sesión.")).toBeVisible();
      await page.getByLabel("Contraseña", { exact: true }).fill("claveDelPuerto8");
    }
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("heading", { name: "Mi cuenta" })).toBeVisible();
    await context.close();
  }

  test("registration and sign-in work from localhost and from 127.0.0.1", async ({ browser }) => {
    await signIn(browser, `http://localhost:${port}`, true);
    await signIn(browser, `http://127.0.0.1:${port}`, false);
  });
});
