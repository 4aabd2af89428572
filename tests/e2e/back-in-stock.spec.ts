import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { startSmtpCapture } from "../support/smtp-capture";
import { desktopRunLooks, expectAccessible, expectNoSidewaysScroll, hydrated, lookAtBothWidths, rejectCookies, waitForMail, screenshot } from "./helpers";

/*
 * Back-in-stock alerts (issue 15), on a server of this spec's own with a real SMTP server: the
 * owner sells out a product in the back office; a visitor asks for the alert (with JavaScript,
 * answered in place) and confirms it from the e-mail; another does the same without
 * JavaScript and withdraws it by the link; the back office counts 1 waiting; the owner raises
 * the stock and the one confirmed visitor gets the e-mail.
 */
const PORT = specPort(95);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-disponibilidad@termoclima.test";
const PRODUCT = { id: 15, path: "/tienda/detalle/termostatos/15" };
const HEADING = "Avísame cuando vuelva a estar disponible";
const SENT = /Le hemos enviado un correo para confirmar el aviso/;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = {};
let admin: { context: BrowserContext; page: Page };
let visitor: { context: BrowserContext; page: Page };
let productName = "";
/** Each project (1400 and 375 px) runs on a new server, but the addresses stay apart anyway. */
let withJs = "";
let withoutJs = "";

const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);
const linkIn = (mail: ParsedMail, action: "confirmar" | "retirar") => {
  const found = new RegExp(`${base}/avisos-disponibilidad/${action}/[A-Za-z0-9_-]+`).exec(mail.text ?? "")?.[0];
  expect(found, `el enlace «${action}» del correo`).toBeTruthy();
  return found!;
};

/**
 * A page seen without JavaScript: screenshots at both widths, and axe, which needs scripts to
 * run, on a copy of its document (scripts taken out, the same stylesheet) in a page with them.
 */
async function lookWithoutJs(page: Page, name: string) {
  if (desktopRunLooks()) return expectNoSidewaysScroll(page, name);
  const size = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, { path: `tests/.tmp/screens/${name}-${viewport.width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace("<head>", `<head><base href="${base}/">`);
  const copy = await visitor.context.newPage();
  try {
    await copy.setContent(html, { waitUntil: "load" });
    for (const viewport of [PHONE, DESKTOP]) {
      await copy.setViewportSize(viewport);
      await expectAccessible(copy);
      const overflow = await copy.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name}: la página no se desplaza de lado a ${viewport.width} px`).toBeLessThanOrEqual(0);
    }
  } finally {
    await copy.close();
  }
}

/** The back office's product editor: the stock field, saved. */
async function setStock(page: Page, units: number) {
  await page.goto(`/admin/catalogo/${PRODUCT.id}`);
  await page.getByLabel(/^Stock/).fill(String(units));
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  const viewport = info.project.use.viewport ?? { width: 1400, height: 900 };
  withJs = `ana.${info.project.name}@correo.es`;
  withoutJs = `eva.${info.project.name}@correo.es`;
  state.smtp = await startSmtpCapture();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("avisos-stock"),
    env: { SMTP_URL: state.smtp.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CONTACT_RATE_LIMIT: "1000" },
  });
  admin = await adminContext(browser, base, OWNER, { viewport });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  visitor = { context, page: await context.newPage() };
});

test.afterAll(async () => {
  await state.server?.stop();
  await state.smtp?.close();
  await admin?.context.close().catch(() => {});
  await visitor?.context.close().catch(() => {});
});

test("the owner sells out a product in the back office; its page offers the alert", { tag: "@movil" }, async () => {
  await setStock(admin.page, 0);
  const { page } = visitor;
  await page.goto(PRODUCT.path);
  await rejectCookies(page);
  productName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await expect(page.locator(".detail-stock")).toHaveText("Agotado");
  const form = page.getByRole("region", { name: HEADING });
  await expect(form.getByLabel("Su email")).toBeVisible();
  await expect(form.getByRole("link", { name: "política de privacidad" })).toHaveAttribute("href", "/politica-privacidad");
  await form.getByLabel(/Quiero que me avisen/).focus();
  await lookAtBothWidths(page, "aviso-disponibilidad-formulario");
});

test("with JavaScript: bad input answered in place, then the request; confirmed from the e-mail", { tag: "@movil" }, async () => {
  const { page } = visitor;
  await page.goto(PRODUCT.path);
  await hydrated(page);
  const form = page.getByRole("region", { name: HEADING });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await form.getByRole("button", { name: "Avisarme" }).click();
  // Each field says what is wrong (its description); the first one is read out at once.
  await expect(form.getByLabel("Su email")).toHaveAccessibleDescription("Escriba su email para que podamos avisarle.");
  await expect(form.getByLabel(/Quiero que me avisen/)).toHaveAccessibleDescription(/Marque la casilla para que podamos usar su email para este aviso\.$/);
  await expect(form.getByRole("alert")).toHaveText("Escriba su email para que podamos avisarle.");
  await expect(form.locator(".stock-alert-field-error")).toHaveCount(2);
  await expect(form.getByLabel("Su email")).toBeFocused();
  await expect(form.getByLabel("Su email")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);

  await form.getByLabel("Su email").fill(withJs);
  await form.getByLabel(/Quiero que me avisen/).check();
  await form.getByRole("button", { name: "Avisarme" }).click();
  await expect(form.getByRole("status")).toHaveText(SENT);
  await expect(page).toHaveURL(`${base}${PRODUCT.path}`);
  // One fetch (React Router's .data request) to the form's action; the page stayed.
  expect(posts).toEqual([`${base}/avisos-disponibilidad.data`]);
  await lookAtBothWidths(page, "aviso-disponibilidad-enviado");

  const mail = await mailTo(withJs, /confirme su aviso de disponibilidad/);
  expect(mail.text).toContain(productName);
  await page.goto(linkIn(mail, "confirmar"));
  await expect(page.getByRole("heading", { level: 1, name: "Confirme su aviso de disponibilidad" })).toBeVisible();
  await lookAtBothWidths(page, "aviso-disponibilidad-confirmar");
  await page.getByRole("button", { name: "Confirmar el aviso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aviso confirmado" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(productName);
  await lookAtBothWidths(page, "aviso-disponibilidad-confirmado");
});

test("without JavaScript: a 400 keeps what was typed; then confirmed and withdrawn by the e-mail's links", { tag: "@movil" }, async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", javaScriptEnabled: false, viewport: visitor.page.viewportSize() ?? undefined });
  const page = await context.newPage();
  try {
    await page.goto(PRODUCT.path);
    await rejectCookies(page);
    const form = page.getByRole("region", { name: HEADING });
    // The browser's own check lets this through; the server's schema wants a domain with a dot.
    await form.getByLabel("Su email").fill("eva@correo");
    await form.getByLabel(/Quiero que me avisen/).check();
    const refused = page.waitForResponse((response) => response.url() === `${base}/avisos-disponibilidad` && response.request().method() === "POST");
    await form.getByRole("button", { name: "Avisarme" }).click();
    expect((await refused).status()).toBe(400);
    // The answer is this visitor's: nothing tells a proxy it may keep it.
    expect((await refused).headers()["cache-control"] ?? "").not.toContain("public");
    await expect(page).toHaveURL(`${base}/avisos-disponibilidad`);
    const again = page.getByRole("region", { name: HEADING });
    await expect(again.getByLabel("Su email")).toHaveAccessibleDescription("Revise el email: debe tener la forma nombre@dominio.es.");
    await expect(again.locator(".stock-alert-field-error")).toHaveText(["Revise el email: debe tener la forma nombre@dominio.es."]);
    await expect(again.getByLabel("Su email")).toHaveValue("eva@correo");
    await expect(again.getByLabel(/Quiero que me avisen/)).toBeChecked();
    await expect(page.getByRole("link", { name: `Volver a ${productName}` })).toHaveAttribute("href", PRODUCT.path);
    await lookWithoutJs(page, "aviso-disponibilidad-error-sin-js");

    await again.getByLabel("Su email").fill(withoutJs);
    const accepted = page.waitForResponse((response) => response.url() === `${base}/avisos-disponibilidad`);
    await again.getByRole("button", { name: "Avisarme" }).click();
    expect((await accepted).status()).toBe(200);
    expect((await accepted).headers()["cache-control"] ?? "").not.toContain("public");
    await expect(page.getByRole("status")).toHaveText(SENT);

    const mail = await mailTo(withoutJs, /confirme su aviso de disponibilidad/);
    const opened = await page.goto(linkIn(mail, "confirmar"));
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    await page.getByRole("button", { name: "Confirmar el aviso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Aviso confirmado" })).toBeVisible();

    await page.goto(linkIn(mail, "retirar"));
    await expect(page.getByRole("heading", { level: 1, name: "Retirar el aviso de disponibilidad" })).toBeVisible();
    await lookWithoutJs(page, "aviso-disponibilidad-retirar");
    await page.getByRole("button", { name: "Retirar el aviso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Aviso retirado" })).toBeVisible();
    await lookWithoutJs(page, "aviso-disponibilidad-retirado");

    const used = await page.goto(linkIn(mail, "retirar"));
    expect(used?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Este enlace ya no está activo" })).toBeVisible();
    const unknown = await page.goto("/avisos-disponibilidad/confirmar/no-existe-este-enlace-de-aviso");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No encontramos este aviso" })).toBeVisible();
    await lookWithoutJs(page, "aviso-disponibilidad-desconocido");
  } finally {
    await context.close();
  }
});

test("the back office shows 1 waiting; the owner raises the stock and only the confirmed visitor is told", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto(`/admin/catalogo?q=${encodeURIComponent(productName)}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: productName }) });
  await expect(row.locator('td[data-label="Avisos"]')).toHaveText("1");
  await lookAtBothWidths(page, "aviso-disponibilidad-admin-lista");
  await page.goto(`/admin/catalogo/${PRODUCT.id}`);
  await expect(page.getByTestId("avisos-esperando")).toHaveText("1 aviso de disponibilidad espera: se enviarán en cuanto el stock pase de 0.");

  await setStock(page, 5);
  const notice = await mailTo(withJs, /vuelve a estar disponible/);
  expect(notice.subject).toContain(productName);
  expect(notice.text).toContain(`${base}${PRODUCT.path}`);
  expect(notice.text).toMatch(/Precio: \d[\d.]*,\d{2}\s€/);
  await expect(page.getByTestId("avisos-esperando")).toHaveText("Nadie espera un aviso de disponibilidad.");

  // The link of the notice: the product, on sale, without the form.
  const { page: shop } = visitor;
  await shop.goto(`${base}${PRODUCT.path}`);
  await expect(shop.locator(".detail-stock")).toHaveText("Quedan 5 unidades");
  await expect(shop.getByRole("region", { name: HEADING })).toHaveCount(0);

  // The used link says so kindly; the withdrawn request got no notice (both would have been queued in the same transaction).
  const confirmation = await mailTo(withJs, /confirme su aviso de disponibilidad/);
  const used = await shop.goto(linkIn(confirmation, "confirmar"));
  expect(used?.status()).toBe(410);
  await expect(shop.getByText(/Ya le avisamos de que .* volvía a estar disponible/)).toBeVisible();
  expect(state.smtp!.messages.filter((m) => JSON.stringify(m.to).includes(withoutJs) && /vuelve a estar disponible/.test(m.subject ?? ""))).toEqual([]);
});
