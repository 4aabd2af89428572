import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { addDays, formatYmd, madridDay } from "../../app/domain/dates/madrid-dates";
import { adminContext, openAdminSection } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { placeTransferOrder, signUpCustomer } from "../support/customer-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, lookAtBothWidths, openListFilters, rejectCookies, waitForMail, screenshot } from "./helpers";

/*
 * Issue 11, orders, on a server of this spec's own with a real SMTP server: a customer buys
 * twice by transfer through the real checkout; the owner finds the first order, marks it paid
 * (the customer's Mis Pedidos shows it and the e-mail arrives), schedules its installation on
 * a phone (the e-mail carries the calendar file), exports the list, and cancels the second
 * order (its unit goes back on sale). Every page checked with axe at 1400 and 375 px; the
 * movil project runs the whole flow at 375 px.
 */
const PORT = specPort(72);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-pedidos@termoclima.test";
const CUSTOMER = "lucia.pedidos@example.com";
const THERMOSTAT = "/tienda/detalle/termostatos/14";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = {};
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
const orders = { paid: "", cancelled: "" };
let working = DESKTOP;

/** E-mails this spec's server sent (tests/e2e/helpers.ts waitForMail). */
const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);

async function customerSees(number: string, status: string) {
  const { page } = customer;
  await page.goto("/login");
  await expect(page.locator(".account-orders tbody tr").filter({ hasText: number })).toContainText(status);
}

async function stockText(page: Page) {
  await page.goto(THERMOSTAT);
  return (await page.locator(".detail-stock").textContent())?.trim() ?? "";
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  test.setTimeout(240_000);
  // The project's width (escritorio 1400, movil 375) is the one the owner works at here.
  working = info.project.use.viewport ?? DESKTOP;
  // A server left over from an interrupted run would answer in place of ours: refuse it.
  const stale = await fetch(`${base}/healthz`).then(() => true, () => false);
  expect(stale, `el puerto ${PORT} ya está en uso (¿un servidor de una ejecución anterior?)`).toBe(false);
  state.smtp = await startSmtpCapture();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("pedidos"),
    env: { SMTP_URL: state.smtp.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CART_RATE_LIMIT: "1000" },
  });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await signUpCustomer(customer.page, base, CUSTOMER);
  orders.paid = await placeTransferOrder(customer.page, THERMOSTAT);
  orders.cancelled = await placeTransferOrder(customer.page, THERMOSTAT);
  admin = await adminContext(browser, base, OWNER, { viewport: working });
});

test.afterAll(async () => {
  await admin?.context.close();
  await customer?.context.close();
  await state.server?.stop();
  await state.smtp?.close();
});

test("the list: newest first, found by text, filtered without JavaScript, exported as CSV", { tag: "@movil" }, async ({ browser }) => {
  const { page } = admin;
  await openAdminSection(page, "Pedidos");
  await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
  const rows = page.locator(".admin-table tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(orders.cancelled);
  await expect(rows.nth(0)).toContainText("Marta Ruiz Ortega");
  await expect(rows.nth(0)).toContainText(CUSTOMER);
  await expect(rows.nth(0)).toContainText("Pendiente de Pago");
  await expect(rows.nth(0)).toContainText(/56,95\s€/);
  await lookAtBothWidths(page, "admin-pedidos");

  await openListFilters(page);
  await page.getByLabel("Buscar").fill(orders.paid);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pedidos\\?.*q=${orders.paid}`));
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "1 pedido con estos filtros" })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toBe("número;fecha;estado;forma de pago;cliente;NIF;e-mail;base imponible;IVA;envío;total");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^${orders.paid};\\d{2}/\\d{2}/\\d{4};Pendiente de Pago;Transferencia bancaria;Marta Ruiz Ortega;12345678Z;${CUSTOMER};47,07;9,88;7,95;56,95$`));

  // The same filters as a plain form, with JavaScript off.
  const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false, storageState: await admin.context.storageState() });
  const noScript = await plain.newPage();
  await noScript.goto("/admin/pedidos?pagina=3");
  // On a phone the filters sit in a closed «Filtrar» disclosure, which opens without JavaScript too.
  await openListFilters(noScript);
  await noScript.getByLabel("Estado").selectOption("Pendiente de Pago");
  await noScript.getByRole("button", { name: "Filtrar", exact: true }).click();
  // A new filter starts again at the first page.
  await expect(noScript).toHaveURL(/\/admin\/pedidos\?q=&estado=Pendiente\+de\+Pago&pago=&desde=&hasta=$/);
  await expect(noScript.locator(".admin-table tbody tr")).toHaveCount(2);
  await plain.close();
});

test("marks a transfer paid: the customer's Mis Pedidos shows it and the e-mail arrives over SMTP", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.getByRole("link", { name: orders.paid, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${orders.paid}` })).toBeVisible();
  await expect(page.locator(".admin-order-facts")).toContainText("Pendiente de Pago");
  await lookAtBothWidths(page, "admin-pedido-pendiente");

  const paid = page.getByRole("form", { name: "Marcar como pagado" });
  // Issue 30: the date starts at today's in Madrid; the button says the amount.
  await expect(paid.getByLabel("Fecha del pago")).toHaveValue(madridDay(new Date()));
  await expect(paid.getByRole("button")).toHaveText(/^Marcar como pagado · \d{1,3}(\.\d{3})*,\d{2}\s€$/);
  await paid.getByLabel("Referencia bancaria").fill("TRF-0042");
  await paid.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Estado cambiado a «Pagado». Se ha avisado al cliente por e-mail." })).toBeVisible();
  await expect(page.locator(".admin-order-facts")).toContainText(`ref. TRF-0042`);
  await expect(page.locator(".admin-order-events")).toContainText("Pendiente de Pago → Pagado");
  await expect(page.getByRole("form", { name: "Marcar como pagado" })).toHaveCount(0);

  await customerSees(orders.paid, "Pagado");
  const mail = await mailTo(CUSTOMER, new RegExp(`hemos recibido el pago del pedido ${orders.paid}`));
  expect(mail.text).toContain("Su estado es ahora «Pagado».");
});

test("schedules the installation on a phone: the customer gets the calendar file", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/pedidos/${orders.paid}`);
  const day = addDays(madridDay(new Date()), 2);
  const form = page.getByRole("form", { name: "Programar la instalación" });
  await form.getByLabel("Día de la instalación").fill(day);
  await form.getByLabel("Franja horaria").selectOption({ label: "Mañana, de 09:00 a 11:00" });
  await form.getByRole("button", { name: "Programar la instalación" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Estado cambiado a «Instalación programada»." })).toBeVisible();
  await expect(page.locator(".admin-order-facts")).toContainText(`${formatYmd(day)}, Mañana, de 09:00 a 11:00`);
  await expect(page.getByRole("form", { name: "Cambiar la fecha de la instalación" })).toBeVisible();
  await lookAtBothWidths(page, "admin-pedido-instalacion");

  await customerSees(orders.paid, `Instalación: ${formatYmd(day)}, mañana, de 09:00 a 11:00`);
  // The customer's own pages on a phone: the status and the visit read whole.
  const own = customer.page;
  await own.setViewportSize(PHONE);
  await expectAccessible(own);
  await screenshot(own, { path: "tests/.tmp/screens/mis-pedidos-instalacion-375.png", fullPage: true });
  await own.goto(`/login/pedidos/${orders.paid}`);
  await expect(own.locator(".order-facts")).toContainText("Instalación programada");
  await expect(own.locator(".order-facts")).toContainText(`${formatYmd(day)}, mañana, de 09:00 a 11:00`);
  await expectAccessible(own);
  await screenshot(own, { path: "tests/.tmp/screens/mi-pedido-instalacion-375.png", fullPage: true });
  await own.setViewportSize(DESKTOP);
  const mail = await mailTo(CUSTOMER, new RegExp(`instalación programada del pedido ${orders.paid}`));
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]).toMatchObject({ filename: "instalacion.ics", contentType: "text/calendar" });
  const ics = mail.attachments[0]!.content.toString("utf8");
  expect(ics).toContain("METHOD:PUBLISH");
  // Madrid's wall clock with its VTIMEZONE, like the visits' and jobs' files (decision 0023).
  expect(ics).toContain(`DTSTART;TZID=Europe/Madrid:${day.replace(/-/g, "")}T090000`);
  expect(ics.replace(/\r\n /g, "")).toContain("LOCATION:Calle de Toledo 20\\, 28901 Getafe (Madrid)\\, España");
  await page.setViewportSize(working);
});

test("cancels the other order: its unit goes back on sale and the audit log has it", { tag: "@movil" }, async () => {
  const stockBefore = await stockText(customer.page);
  const before = Number(/\d+/.exec(stockBefore)?.[0]);
  const { page } = admin;
  await page.goto(`/admin/pedidos/${orders.cancelled}`);
  // Apart from the other moves, last on the page (issue 30).
  const form = page.getByRole("region", { name: "Zona de peligro" }).getByRole("form", { name: "Cancelar el pedido" });
  await expect(page.getByRole("region", { name: "Cambiar el estado" }).getByRole("form", { name: "Cancelar el pedido" })).toHaveCount(0);
  await form.getByLabel("Motivo de la cancelación").fill("El cliente pidió anularlo por teléfono");
  await form.getByRole("button", { name: "Cancelar el pedido" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Estado cambiado a «Cancelado»." })).toBeVisible();
  await expect(page.locator(".admin-order-facts")).toContainText("El cliente pidió anularlo por teléfono");
  await expect(page.getByText("Este pedido está cerrado: su estado ya no cambia.")).toBeVisible();
  await lookAtBothWidths(page, "admin-pedido-cancelado");

  await expect.poll(async () => stockText(customer.page)).toBe(before + 1 === 1 ? "Queda 1 unidad" : `Quedan ${before + 1} unidades`);
  await customerSees(orders.cancelled, "Cancelado");
  const mail = await mailTo(CUSTOMER, new RegExp(`su pedido ${orders.cancelled} ha sido cancelado`));
  expect(mail.text).toContain("Motivo: El cliente pidió anularlo por teléfono");

  await page.goto("/admin/registro");
  const line = page.getByRole("row").filter({ hasText: `pedido ${orders.cancelled}` }).filter({ hasText: "cancelar pedido" });
  await expect(line).toContainText(OWNER);
  await expect(page.getByRole("row").filter({ hasText: `pedido ${orders.paid}` }).filter({ hasText: "cambiar estado" })).toHaveCount(2);
});

test("a withdrawal shows on the order page, with the link to handle it", { tag: "@movil" }, async () => {
  const own = customer.page;
  await own.goto(`/login/pedidos/${orders.paid}`);
  await own.getByRole("link", { name: "Desistir del contrato" }).click();
  await own.getByRole("dialog").getByRole("button", { name: "Confirmar desistimiento" }).click();
  await expect(own.getByRole("status")).toContainText("Hemos registrado su desistimiento el");

  const { page } = admin;
  await page.goto(`/admin/pedidos/${orders.paid}`);
  const summary = page.getByRole("region", { name: "Desistimiento del contrato" });
  await expect(summary).toContainText("Recibido");
  await expect(summary.getByRole("link", { name: "Gestionar el desistimiento" })).toHaveAttribute("href", /^\/admin\/desistimientos\/\d+$/);
  await lookAtBothWidths(page, "admin-pedido-desistimiento");
});
