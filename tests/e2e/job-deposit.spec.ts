import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { firstLoadJsOfHtml, JS_BUDGET_KB } from "../../scripts/bench/first-load-js";
import { embeddedClient, openDatabase } from "../../app/server/db/client.server";
import { adminContext, type AdminSession } from "../support/admin-e2e";
import { buildDirectory, freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { type RedsysStandIn } from "../support/redsys-standin";
import { redsysEnv, startShopRedsys } from "../support/redsys-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * A job's deposit (issue 17) as the customer lives it, in Chromium, on a server of this
 * spec's own with the Redsys stand-in and a real SMTP server. A quote accepted with a 30 %
 * deposit is put in the database while the server is stopped (as acceptQuote makes it). The
 * customer's quote page shows the deposit, its due date and the three ways to pay; without
 * JavaScript "Pagar con Bizum" reaches the signed form's page; with JavaScript "Pagar con
 * tarjeta" goes to Redsys, which sends the customer back to a page that says it is paid; the
 * deposit's invoice arrives by e-mail with its PDF, and the quote page lists it. Then (issue 31)
 * the owner cancels the job and gives the deposit back through Redsys from the job's page (an
 * amount over what was paid is refused first): the refund and its rectifying invoice reach the
 * customer by e-mail, and the quote's page says it and lists the invoice.
 */
const PORT = specPort(160);
const base = `http://127.0.0.1:${PORT}`;
const CUSTOMER = "marta.senal@example.com";
const OWNER = "duena.senal@termoclima.test";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; redsys?: RedsysStandIn; job?: JobFixture } = { dataDir: "" };
let customer: { context: BrowserContext; page: Page };
let admin: AdminSession | undefined;
let viewport = DESKTOP;

test.describe.configure({ mode: "serial", timeout: 120_000 });

const startServer = async () => {
  state.server = await startAppServer({
    port: PORT,
    dataDir: state.dataDir,
    env: {
      SMTP_URL: state.smtp!.url,
      OUTBOX_POLL_MS: "200",
      ADMIN_EMAILS: OWNER,
      ...redsysEnv(state.redsys!),
    },
  });
};

/** The page's first-load JavaScript is within the budget of issue 14 (as tests/e2e/js-budget.spec.ts measures it). */
async function withinBudget(page: Page, name: string) {
  const address = new URL(page.url());
  const response = await page.request.get(address.pathname + address.search, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const load = firstLoadJsOfHtml(await response.text(), name, page.url(), path.join(buildDirectory(), "client"));
  expect(load.totalKb, `${name}: JavaScript de la primera carga`).toBeLessThanOrEqual(JS_BUDGET_KB);
}

const quotePath = () => `/presupuestos/${state.job!.token}`;

test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
  test.setTimeout(240_000);
  viewport = testInfo.project.name === "movil" ? PHONE : DESKTOP;
  state.smtp = await startSmtpCapture();
  state.redsys = await startShopRedsys();
  state.dataDir = freshDataDir("senal");
  // The first start migrates the database; the accepted quote goes in while it is stopped (PGlite is single-process).
  await startServer();
  await state.server!.stop();
  const handle = await openDatabase({ kind: "pglite", client: embeddedClient(path.join(state.dataDir, "pglite")) });
  try {
    state.job = await insertAcceptedJob(handle.db, { customerName: "Marta Señal Gómez", email: CUSTOMER, deposit: { kind: "porcentaje", percent: 30 } });
  } finally {
    await handle.close();
  }
  await startServer();
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
});

test.afterAll(async () => {
  await customer?.context.close().catch(() => {});
  await admin?.context.close().catch(() => {});
  await state.server?.stop();
  await state.redsys?.close();
  await state.smtp?.close();
});

test("the accepted quote's page shows the deposit: amount, due date, card, Bizum and the transfer's details", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(quotePath());
  await hydrated(page);
  const due = page.getByRole("region", { name: "Señal pendiente" });
  // Option B: 4,5 h x 40,00 € + 21 % = 217,80 €; 30 % = 65,34 €.
  await expect(due).toContainText("Importe: 65,34 €");
  await expect(due).toContainText(/a pagar antes del \d{2}\/\d{2}\/\d{4}/);
  await expect(due.getByRole("button", { name: "Pagar con tarjeta" })).toBeVisible();
  await expect(due.getByRole("button", { name: "Pagar con Bizum" })).toBeVisible();
  await expect(due).toContainText("ES91 2100 0418 4502 0005 1332");
  await expect(due).toContainText(state.job!.number);
  await expect(page.getByRole("status").filter({ hasText: "Presupuesto aceptado" })).toContainText("Señal a pagar: 65,34 €");
  await lookAtBothWidths(page, "senal-pendiente");
  await withinBudget(page, "presupuesto con señal");
});

test("without JavaScript, 'Pagar con Bizum' leads to the signed form's page, with its one button", { tag: "@movil" }, async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport, javaScriptEnabled: false });
  let address: string;
  try {
    const page = await context.newPage();
    await page.goto(quotePath());
    await page.getByRole("button", { name: "Pagar con Bizum" }).click();
    await expect(page).toHaveURL(new RegExp(`${quotePath()}/pago\\?intento=`));
    await expect(page.getByRole("heading", { level: 1, name: "Pago con Bizum" })).toBeVisible();
    await expect(page.getByText(`Señal del presupuesto ${state.job!.number}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "PAGAR CON BIZUM" })).toBeVisible();
    address = page.url();
  } finally {
    await context.close();
  }
  // axe needs scripts: the same page with JavaScript, told it was sent already (so it stays instead of going to Redsys).
  const code = new URL(address).searchParams.get("intento")!;
  const page = await customer.context.newPage();
  try {
    await page.addInitScript((key) => sessionStorage.setItem(key, "1"), `pago-enviado-${code}`);
    await page.goto(address);
    await hydrated(page);
    await expect(page.getByRole("button", { name: "PAGAR CON BIZUM" })).toBeVisible();
    await expectAccessible(page);
    await withinBudget(page, "pago de la señal");
  } finally {
    await page.close();
  }
});

test("pays the deposit by card through Redsys: the way back says it is paid", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(quotePath());
  await hydrated(page);
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await expect(page).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  await expect(page.getByText("Pago con tarjeta")).toBeVisible();
  await expect(page.getByText("65,34 €")).toBeVisible();
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${quotePath()}/pago/vuelta\\?intento=`));
  await expect(page.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`Pagado: hemos recibido la señal del presupuesto ${state.job!.number} con tarjeta`);
  await lookAtBothWidths(page, "senal-pagada");
  await withinBudget(page, "vuelta del pago de la señal");
  const [notified] = state.redsys!.log().filter((e) => e.kind === "notification").slice(-1);
  expect(notified).toMatchObject({ code: "0000", shopStatus: 200 });
});

test("the deposit's invoice arrives by e-mail with its PDF, and the quote's page lists it", { tag: "@movil" }, async () => {
  const mail = await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`factura F\\d{4}-\\d{6} del presupuesto ${state.job!.number}`));
  expect(mail.text).toContain(`de su presupuesto ${state.job!.number}, por 65,34`);
  expect(mail.text).toContain(`${base}${quotePath()}`);
  expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([[expect.stringMatching(/^F\d{4}-\d{6}\.pdf$/), "application/pdf"]]);

  const { page } = customer;
  await page.goto(quotePath());
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Señal pendiente" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Presupuesto aceptado" })).toContainText("Señal: 65,34 €, pagada.");
  const paid = page.getByRole("region", { name: "Pagos y facturas" });
  await expect(paid).toContainText("Señal: 65,34 €, pagada el");
  const invoice = paid.getByRole("link", { name: /^Factura F\d{4}-\d{6}$/ });
  const pdf = await page.request.get((await invoice.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await lookAtBothWidths(page, "senal-facturada");
});

test("the owner cancels the job and gives the deposit back through Redsys; the rectifying invoice reaches the customer", { tag: "@movil" }, async ({ browser }) => {
  admin = await adminContext(browser, base, OWNER, { viewport });
  const { page } = admin;
  await page.goto(`/admin/trabajos/${state.job!.jobId}`);
  await page.getByText("Cancelar el trabajo…").click();
  await page.getByLabel("Motivo de la cancelación").fill("La clienta ha vendido la vivienda");
  await page.getByRole("button", { name: "Cancelar el trabajo", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trabajo cancelado" })).toBeVisible();
  await expect(page.getByText(/Queda por devolver 65,34\s€ de lo pagado/)).toBeVisible();

  const refunds = page.getByRole("region", { name: "Devoluciones" });
  const byCard = () => refunds.getByRole("group", { name: /^Reembolsar por Redsys: Tarjeta/ });
  await byCard().getByLabel("Importe (€)").fill("70,00");
  await byCard().getByLabel("Motivo").fill("Trabajo cancelado");
  await byCard().getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(byCard().getByText(/El reembolso no puede superar lo pagado: quedan 65,34\s€ por devolver\./)).toBeVisible();

  await byCard().getByLabel("Importe (€)").fill("65,34");
  await byCard().getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reembolso de" })).toContainText(/Reembolso de 65,34\s€ hecho por Redsys\. Se ha avisado al cliente por e-mail\./);
  await expect(refunds).toContainText("Todo lo pagado está devuelto o en curso de devolverse.");
  await expect(page.getByText(/de lo pagado: hágalo en «Devoluciones»/)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Cobros" }).getByRole("link", { name: /^R\d{4}-\d{6}, PDF$/ })).toBeVisible();
  await lookAtBothWidths(page, "trabajo-senal-devuelta");
  // The refunds load as a chunk of their own after the page, yet are in its HTML: without JavaScript too.
  const plain = await browser.newContext({ baseURL: base, locale: "es-ES", viewport, javaScriptEnabled: false, storageState: await admin.context.storageState() });
  try {
    const noScript = await plain.newPage();
    await noScript.goto(`/admin/trabajos/${state.job!.jobId}`);
    await expect(noScript.getByRole("region", { name: "Devoluciones" })).toContainText("Todo lo pagado está devuelto o en curso de devolverse.");
    await expect(noScript.getByText("Cargando las devoluciones…")).toHaveCount(0);
  } finally {
    await plain.close();
  }
  expect(state.redsys!.log().filter((entry) => entry.kind === "refund").at(-1)).toMatchObject({ amount: 6_534, code: "0900" });

  const refunded = await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`le hemos devuelto 65,34\\s€ del presupuesto ${state.job!.number}`));
  expect(refunded.text).toContain("Vuelve a la misma tarjeta o cuenta Bizum");
  const rectifying = await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`factura rectificativa R\\d{4}-\\d{6} del presupuesto ${state.job!.number}`));
  expect(rectifying.text).toMatch(/de -65,34\s€/);
  expect(rectifying.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);

  await customer.page.goto(quotePath());
  await hydrated(customer.page);
  const paid = customer.page.getByRole("region", { name: "Pagos y facturas" });
  await expect(paid).toContainText(/Señal: 65,34\s€, pagada el .*; le hemos devuelto 65,34\s€\./);
  await expect(paid.getByRole("link", { name: /^Factura rectificativa R\d{4}-\d{6}$/ })).toBeVisible();
  await lookAtBothWidths(customer.page, "senal-devuelta");
});
