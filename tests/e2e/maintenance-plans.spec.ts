import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { addMonths, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { adminContext, signInAsAdmin, type AdminSession } from "../support/admin-e2e";
import path from "node:path";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { confirmCheckout } from "../support/customer-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * Issue 31, the plan's first year as people live it, at 375 px and on a desktop: a customer
 * buys a boiler with its yearly maintenance and an air conditioner's maintenance alone; the
 * owner marks the transfer paid; the customer, her address proven, finds both plans in «Mis
 * equipos», declares the air conditioner (a wrong form first), and cancels that plan. Then the
 * shop restarts 340 days later (its clock moved): the renewal notice arrives, «Mis equipos»
 * shows how to pay it, the owner records the transfer, and the invoice arrives and downloads.
 */
const PORT = specPort(188);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-planes@termoclima.test";
const BOILER = "/tienda/detalle/calderas/4";
const PASSWORD = "contraseña-de-marta-1";

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = {};
let admin: AdminSession;
let customer: { context: BrowserContext; page: Page };
let email = "";
let dataDir = "";
const serverEnv = (extra: Record<string, string> = {}) => ({ SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, ...extra });
let orderNumber = "";
const mailTo = (to: string, subject: RegExp): Promise<ParsedMail> => waitForMail(state.smtp!.messages, to, subject);

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }, info) => {
  email = `marta.planes.${info.project.name.replace(/\W/g, "")}@example.com`;
  state.smtp = await startSmtpCapture();
  dataDir = freshDataDir(`planes-${info.project.name}`);
  state.server = await startAppServer({ port: PORT, dataDir, env: serverEnv() });
  const viewport = info.project.use.viewport ?? undefined;
  admin = await adminContext(browser, base, OWNER, { viewport });
  const context = await browser.newContext({ baseURL: base, viewport, locale: "es-ES" });
  customer = { context, page: await context.newPage() };
});

test.afterAll(async () => {
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
  await state.server?.stop();
  await state.smtp?.close();
});

test("a boiler with its yearly maintenance and an air conditioner's maintenance, paid by transfer, become two plans", { tag: "@movil" }, async () => {
  const { page } = customer;
  // An account whose address is proven: registered, then the e-mailed link of «¿Ha olvidado su contraseña?».
  await page.goto("/login?modo=registro");
  await rejectCookies(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Usuario creado correctamente. Puede iniciar sesión.");
  await page.goto("/login?modo=recuperar");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar email" }).click();
  const reset = await mailTo(email, /restablecer su contraseña/);
  await page.goto(/http:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(reset.text ?? "")![0]);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("status")).toHaveText("Contraseña cambiada. Ya puede iniciar sesión.");
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();

  await page.goto(BOILER);
  await page.waitForFunction(() => {
    const element = document.querySelector("form.detail-form button[type=submit]");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
  await page.getByLabel(/^Mantenimiento anual/).selectOption("SI");
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();
  await page.goto("/tienda/mantenimientos");
  await page.getByRole("button", { name: "Añadir al carrito: Mantenimiento anual de aire acondicionado" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();
  await confirmCheckout(page, "transferencia");
  await expect(page).toHaveURL(/\/carrito\/pedido\?pedido=\d{1,5}-\d{6}$/);
  orderNumber = decodeURIComponent(page.url().split("pedido=")[1]!);

  const owner = admin.page;
  await owner.goto(`/admin/pedidos/${orderNumber}`);
  const paid = owner.getByRole("form", { name: "Marcar como pagado" });
  await paid.getByLabel("Referencia bancaria").fill("TRF-PLAN-1");
  await paid.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Estado cambiado a «Pagado»." })).toBeVisible();

  const started = await mailTo(email, /su plan de mantenimiento n\.º \d+ está activo/);
  const renewsOn = addMonths(madridDay(new Date()), 12);
  expect(started.text).toContain(`El plan se renueva el ${formatYmd(renewsOn)} por ${formatEuros(8500)} al año`);

  // The owner's due list, at the renewal's month: both renewals and what they bring.
  await owner.goto(`/admin/mantenimiento?mes=${renewsOn.slice(0, 7)}`);
  await expect(owner.getByRole("heading", { level: 1, name: "Mantenimiento" })).toBeVisible();
  const month = owner.locator("section[aria-labelledby^='mes-']").first();
  await expect(month.getByRole("row").filter({ hasText: "Renovación del plan" })).toHaveCount(2);
  await expect(month).toContainText(`renovaciones: ${formatEuros(17000)}`);
  // The boiler's yearly visit, and the air conditioner's, whose unit is still to be told.
  await expect(month.getByRole("row").filter({ hasText: "Visita de mantenimiento" })).toHaveCount(2);
  await expect(month.getByRole("row").filter({ hasText: "(equipo por indicar)" })).toHaveCount(1);
  await lookAtBothWidths(owner, "admin-mantenimiento");
});

test("«Mis equipos» shows both plans; the customer declares the air conditioner, then cancels its plan", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto("/login/equipos");
  await expect(page.getByRole("heading", { level: 2, name: "Planes de mantenimiento" })).toBeVisible();
  const air = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de aire acondicionado" });
  const boiler = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de caldera" });
  const renews = formatYmd(addMonths(madridDay(new Date()), 12));
  await expect(boiler.locator(".equipment-facts")).toContainText("Activo");
  await expect(boiler.locator(".equipment-facts")).toContainText(renews);
  await expect(boiler.getByText(/pendiente de instalar/)).toBeVisible();
  await expect(air.getByRole("heading", { level: 3, name: "¿Qué equipo quiere mantener?" })).toBeVisible();
  await expectAccessible(page);
  await lookAtBothWidths(page, "mis-equipos-planes");

  // A wrong form first: each field says what is wrong, what was typed stays.
  await air.getByLabel("Tipo de equipo").selectOption("Aire acondicionado");
  await air.getByLabel("Marca").fill("Daikin");
  await air.getByLabel("Modelo").fill("FTXM35R");
  await air.getByLabel("Potencia en kW (opcional)").fill("tres");
  await air.getByRole("button", { name: "Guardar el equipo" }).click();
  await expect(air.getByText("Escriba el número de serie (está en la placa de características del equipo).")).toBeVisible();
  await expect(air.getByText("Escriba la fecha de instalación (no puede ser futura).")).toBeVisible();
  await expect(air.getByText(/Escriba la potencia en kW/)).toBeVisible();
  await expect(air.getByLabel("Marca")).toHaveValue("Daikin");
  await lookAtBothWidths(page, "mis-equipos-plan-errores");

  await air.getByLabel("Número de serie").fill("DK-35R-0099");
  await air.getByLabel("Fecha de instalación").fill("2024-06-15");
  await air.getByLabel("Potencia en kW (opcional)").fill("3,5");
  await air.getByLabel(/^Gas refrigerante/).selectOption("R-32");
  await air.getByLabel(/^Carga de refrigerante/).fill("1,2");
  await air.getByRole("button", { name: "Guardar el equipo" }).click();
  await expect(air.getByRole("status")).toHaveText("Equipo guardado. Con él preparamos su primera visita.");
  await expect(air.getByText(/Daikin FTXM35R \(aire acondicionado, n\.º de serie DK-35R-0099, instalado el 15\/06\/2024\)/)).toBeVisible();

  // Cancelling: the disclosure, then «Sí, cancelar el plan».
  await air.getByText("Cancelar el plan", { exact: true }).click();
  await air.getByLabel("¿Por qué lo cancela? (opcional)").fill("Lo mantiene el instalador del edificio");
  await air.getByRole("button", { name: "Sí, cancelar el plan" }).click();
  await expect(air.getByRole("status")).toContainText(`No se renovará el ${renews}`);
  await expect(air.locator(".equipment-facts")).toContainText("Cancelado");
  await expect(air.getByText("Cancelar el plan", { exact: true })).toHaveCount(0);
  await mailTo(email, /plan de mantenimiento n\.º \d+ cancelado/);
  await expect(boiler.locator(".equipment-facts")).toContainText("Activo");
});

test("340 days later: the renewal notice, how to pay it in «Mis equipos», the owner's «Marcar como cobrada», the invoice", { tag: "@movil" }, async () => {
  const DAYS = 340;
  const shiftedToday = madridDay(new Date(Date.now() + DAYS * 24 * 3600 * 1000));
  const renewsOn = addMonths(madridDay(new Date()), 12);
  await state.server!.stop();
  state.server = await startAppServer({
    port: PORT,
    dataDir,
    env: serverEnv({ NODE_OPTIONS: `--require ${path.resolve("tests/support/shift-clock.cjs")}`, TEST_CLOCK_OFFSET_MS: String(DAYS * 24 * 3600 * 1000) }),
  });
  // The daily task runs at start (its 08:00 has passed on the moved clock): one notice, for the live plan.
  const notice = await mailTo(email, new RegExp(`se renueva el ${formatYmd(renewsOn).replace(/\//g, "\\/")}`));
  expect(notice.text).toMatch(/Concepto: Plan \d+ \d{4}/);
  expect(notice.text).toContain(`${formatEuros(8500)} (IVA incluido)`);

  // Eleven months on, the sessions have ended: both sign in again.
  const { page } = customer;
  await page.goto("/login?redirectTo=/login/equipos");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mis equipos" })).toBeVisible();
  const boiler = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de caldera" });
  const renewal = boiler.getByRole("region", { name: "Renovación pendiente de pago" });
  await expect(renewal.getByRole("heading", { level: 3 })).toHaveText(`Renovación del ${formatYmd(renewsOn)}: pendiente de pago`);
  await expect(renewal).toContainText("ES91 2100 0418 4502 0005 1332");
  await lookAtBothWidths(page, "mis-equipos-renovacion");

  const owner = admin.page;
  await owner.context().clearCookies();
  await signInAsAdmin(owner, OWNER, admin.key, "/admin/mantenimiento", DAYS * 24 * 3600 * 1000);
  const waiting = owner.getByRole("region", { name: "Renovaciones por cobrar" });
  const form = owner.getByRole("form", { name: /Marcar como cobrada la renovación del plan n\.º \d+/ });
  await expect(form).toHaveCount(1);
  await expect(form.getByLabel("Fecha del pago")).toHaveValue(shiftedToday);
  await lookAtBothWidths(owner, "admin-renovaciones");
  await form.getByLabel("Referencia bancaria").fill("TRF-RENOV-1");
  await form.getByRole("button", { name: `Marcar como cobrada · ${formatEuros(8500)}` }).click();
  await expect(owner.getByRole("status").filter({ hasText: /Renovación cobrada: factura F\d{4}-\d{6} emitida y enviada al cliente\./ })).toBeVisible();
  await expect(waiting).toContainText("Ninguna renovación espera un pago.");

  const invoiceMail = await mailTo(email, /factura F\d{4}-\d{6} del plan de mantenimiento n\.º \d+/);
  expect(invoiceMail.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  const number = /F\d{4}-\d{6}/.exec(invoiceMail.subject ?? "")![0];

  await page.goto("/login/equipos");
  await expect(boiler.getByRole("region", { name: "Renovación pendiente de pago" })).toHaveCount(0);
  await expect(boiler.locator(".equipment-facts")).toContainText(formatYmd(addMonths(renewsOn, 12)));
  const link = boiler.getByRole("link", { name: new RegExp(`Factura ${number}`) });
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // Nobody else's: the same address signed out answers the sign-in's redirect, another number 404.
  expect((await page.request.get("/login/equipos/facturas/F2020-000001")).status()).toBe(404);
});
