import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { drawSignature, newQuote, sendQuote } from "../support/quote-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies, waitForMail, screenshot } from "./helpers";

/*
 * Written quotes (issue 17), on a server of this spec's own with a real SMTP server: the owner
 * writes a quote with two options and a 30 % deposit and sends it; the customer opens the
 * e-mailed link, chooses B, draws a signature (the mouse at 1400 px, a finger at 375 px) and
 * accepts; the owner sees the acceptance. Then the server starts again "40 days later": an
 * unanswered quote shows "Caducado" and its acceptance is refused.
 */
const PORT = specPort(152);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-presupuestos@termoclima.test";

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; dataDir?: string } = {};
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
let customerEmail = "";
let quoteUrl = "";
let touch = false;
/** The second quote, left unanswered, and what its form would post. */
const late = { link: "", version: "", hash: "" };

function serverEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, QUOTE_RATE_LIMIT: "1000", SHOP_INSTALLER_REGISTRY: "28-EI-004242", ...extra };
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  const viewport = info.project.use.viewport ?? { width: 1400, height: 900 };
  touch = Boolean(info.project.use.hasTouch);
  customerEmail = `lucia.${info.project.name}@correo.es`;
  state.smtp = await startSmtpCapture();
  state.dataDir = freshDataDir("presupuestos");
  state.server = await startAppServer({ port: PORT, dataDir: state.dataDir, env: serverEnv() });
  admin = await adminContext(browser, base, OWNER, { viewport });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport, hasTouch: touch });
  customer = { context, page: await context.newPage() };
});

test.afterAll(async () => {
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
  await state.server?.stop();
  await state.smtp?.close();
});

test("the owner writes a quote with two options and a 30 % deposit, and sends it", { tag: "@movil" }, async () => {
  const { page } = admin;
  await newQuote(page, "Lucía Fernández", customerEmail);
  await page.getByLabel("Porcentaje del total").check();
  await page.getByLabel("Porcentaje (%)").fill("30");
  // Option A: labour and a material typed by hand.
  await page.locator("#alt-A-title").fill("Reparación de la caldera actual");
  await page.locator("#A-0-kind").selectOption("mano_de_obra");
  await page.locator("#A-0-description").fill("Revisión y reparación");
  await page.locator("#A-0-quantity").fill("2,5");
  await page.locator("#A-0-price").fill("45");
  await page.locator("#A-1-kind").selectOption("material");
  await page.locator("#A-1-description").fill("Válvula de tres vías");
  await page.locator("#A-1-quality").fill("Original del fabricante");
  await page.locator("#A-1-price").fill("120,00");
  // The option's totals follow what is typed, before saving (issue 30): 2,5 × 45 + 120 = 232,50 € base.
  const totalsA = page.locator("#totales-A");
  await expect(totalsA).toContainText(/Base imponible\s*232,50\s€/);
  await expect(totalsA).toContainText(/IVA 21 %\s*48,83\s€/);
  await expect(totalsA).toContainText(/Total\s*281,33\s€/);
  await expect(totalsA).toContainText(/Señal al aceptar\s*84,40\s€/);
  await totalsA.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `tests/.tmp/screens/presupuesto-totales-${touch ? "375" : "1400"}.png` });
  await page.locator("#A-0-quantity").fill("3");
  await expect(totalsA).toContainText(/Total\s*308,55\s€/);
  await expect(totalsA).toContainText(/Señal al aceptar\s*92,57\s€/);
  await page.locator("#A-0-quantity").fill("2,5");
  await expect(totalsA).toContainText(/Total\s*281,33\s€/);
  // A line goes with its own button; what was typed elsewhere is kept. (Saving gives more blank rows.)
  await page.getByRole("button", { name: "Guardar borrador" }).first().click();
  await expect(page.getByRole("status")).toContainText("Borrador guardado.");
  await page.locator("#A-2-description").fill("Línea de más");
  await page.locator("#A-2-price").fill("10");
  await expect(totalsA).toContainText(/Total\s*293,43\s€/);
  await page.getByRole("button", { name: "Guardar borrador" }).first().click();
  await expect(page.getByRole("status")).toContainText("Borrador guardado.");
  await page.getByRole("button", { name: "Quitar la línea 3 de la opción A" }).click();
  await expect(page.locator("#A-2-description")).toHaveValue("");
  await expect(page.locator("#A-1-description")).toHaveValue("Válvula de tres vías");
  await expect(totalsA).toContainText(/Total\s*281,33\s€/);
  // Option B: a boiler from the catalogue, found by brand (price and stock shown), and the installation.
  await page.locator("#alt-B-title").fill("Caldera nueva de condensación");
  await page.getByLabel("Buscar por marca o modelo").fill("Saunier");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const first = page.locator(".quote-catalogue-results li").first();
  await expect(first).toContainText(/en stock|sin stock/);
  await first.getByRole("button", { name: /a la opción B/ }).click();
  await expect(page.locator("#B-0-description")).toHaveValue(/Saunier Duval/);
  await expect(page.locator("#B-0-kind")).toHaveValue("producto");
  await page.getByLabel("Servicio de instalación o mantenimiento").selectOption({ label: "Instalación de caldera" });
  await page.getByRole("button", { name: "Añadir el servicio a la opción B" }).click();
  await expect(page.locator("#B-1-description")).toHaveValue("Instalación de caldera");
  await sendQuote(page, async (preview) => {
    // The preview shows both options with their totals, as the customer's page will.
    await expect(preview.getByRole("region", { name: "Presupuesto tal como lo verá el cliente" })).toContainText("Reparación de la caldera actual");
    await lookAtBothWidths(preview, "presupuesto-vista-previa");
  });
  await expect(page.getByText(/Enlace del cliente/)).toBeVisible();
  await lookAtBothWidths(page, "presupuesto-editor");
  quoteUrl = page.url();
});

test("the customer opens the e-mailed link, chooses B, signs on the screen and accepts", { tag: "@movil" }, async () => {
  const mail = await waitForMail(state.smtp!.messages, customerEmail, /presupuesto P\d{4}-\d{6}/);
  expect(mail.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^P\d{4}-\d{6}-v1\.pdf$/)]);
  const link = new RegExp(`${base}/presupuestos/[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")?.[0];
  expect(link, "el enlace del correo").toBeTruthy();
  const { page } = customer;
  // The cookie banner first, on the home page: the quote page has its own "Rechazar el presupuesto".
  await page.goto("/");
  await rejectCookies(page);
  await page.goto(link!);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Presupuesto P\d{4}-\d{6}/);
  await expect(page.getByText("Registro de empresas instaladoras: 28-EI-004242")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS" })).toBeVisible();
  await lookAtBothWidths(page, "presupuesto-cliente");
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshot(page, { path: path.join("docs", "screenshots", "quote-page-375.png"), fullPage: false });
  await page.setViewportSize(touch ? { width: 375, height: 740 } : { width: 1400, height: 900 });

  await page.getByRole("radio", { name: /Opción B/ }).check();
  await page.getByLabel("Nombre y apellidos").fill("Lucía Fernández Ruiz");
  // signature_pad arrives with the first use of the form.
  await expect(page.locator('.quote-signature-pad[data-state="ready"]')).toBeVisible();
  await drawSignature(page, page.getByTestId("signature-canvas"), touch);
  await expect(page.locator('input[name="signaturePath"]')).toHaveValue(/^M [\d.]+ [\d.]+ L /);
  await page.getByRole("checkbox", { name: "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS" }).check();
  await page.getByRole("button", { name: "Aceptar y firmar" }).click();
  const signed = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Presupuesto aceptado" }) });
  await expect(signed).toContainText("versión 1");
  await expect(signed).toContainText("opción B");
  await expect(signed).toContainText("Señal a pagar");
  await expect(signed).toContainText("Cómo pagarla, aquí abajo");
  // The fingerprint of what was signed is explained, not a bare "Huella SHA-256" (issue 30).
  await signed.getByText(/^Huella del documento: [0-9a-f]{12}…$/).click();
  await expect(signed).toContainText("cualquier cambio posterior, aunque sea de una coma, daría otra distinta");
  await expect(signed.locator(".document-fingerprint-hash")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByRole("button", { name: "Aceptar y firmar" })).toHaveCount(0);
  // The materials' share says what it is for (issue 30); opened after signing, so that nothing moves the signature pad.
  await page.getByText("¿Qué es la parte de materiales?").first().click();
  await expect(page.getByText(/Decide el IVA de una obra de reforma/).first()).toBeVisible();
  await lookAtBothWidths(page, "presupuesto-aceptado");
});

test("the owner sees the acceptance: version, option, signature, address and browser", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto(quoteUrl);
  await expect(page.getByText("Aceptado", { exact: true }).first()).toBeVisible();
  const answers = page.getByRole("region", { name: "Respuestas del cliente" });
  await expect(answers).toContainText("Aceptado (versión 1, opción B)");
  await expect(answers).toContainText("por Lucía Fernández Ruiz, firma dibujada");
  await expect(answers).toContainText("Dirección: 127.0.0.1");
  await expect(answers).toContainText(/SHA-256: [0-9a-f]{64}/);
  const mail = await waitForMail(state.smtp!.messages, "info@termoclima.example", /ha aceptado/);
  expect(mail.text).toContain("opción B");
});

test("40 days later an unanswered quote shows «Caducado» and refuses acceptance", { tag: "@movil" }, async () => {
  const { page } = admin;
  await newQuote(page, "Pedro Caducado", `pedro.${customerEmail}`);
  await page.locator("#A-0-kind").selectOption("mano_de_obra");
  await page.locator("#A-0-description").fill("Revisión");
  await page.locator("#A-0-price").fill("60");
  // "Duplicar esta opción" copies A into the first free option (issue 30).
  await page.getByRole("button", { name: "Duplicar la opción A en la siguiente opción libre" }).click();
  await expect(page.locator("#B-0-description")).toHaveValue("Revisión");
  await expect(page.locator("#totales-B")).toContainText(/Total\s*72,60\s€/);
  await sendQuote(page);
  late.link = (await page.getByRole("link", { name: /\/presupuestos\// }).getAttribute("href"))!;
  const visitor = customer.page;
  await visitor.goto(late.link);
  late.version = (await visitor.locator('input[name="version"]').first().inputValue())!;
  late.hash = (await visitor.locator('input[name="documentSha256"]').first().inputValue())!;

  await state.server!.stop();
  state.server = await startAppServer({
    port: PORT,
    dataDir: state.dataDir,
    env: serverEnv({ NODE_OPTIONS: `--require ${path.resolve("tests/support/shift-clock.cjs")}`, TEST_CLOCK_OFFSET_MS: String(40 * 24 * 3600 * 1000) }),
  });
  await visitor.goto(late.link);
  await hydrated(visitor);
  await expect(visitor.getByRole("heading", { name: "Caducado" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Pedir un presupuesto nuevo" })).toHaveAttribute("href", "/contacto");
  await expect(visitor.getByRole("button", { name: "Aceptar y firmar" })).toHaveCount(0);
  await expectAccessible(visitor);
  const answer = await visitor.request.post(late.link, {
    form: { intent: "aceptar", version: late.version, documentSha256: late.hash, alternative: "A", fullName: "Pedro Caducado", typedSignature: "Pedro Caducado", statement: "on" },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(410);
  expect(await answer.text()).toContain("está caducado");
});
