import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { addMonths, formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { formatEuros } from "~/domain/money";
import { adminContext, signInAsAdmin, type AdminSession } from "../support/admin-e2e";
import path from "node:path";
import { buildDirectory, freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { firstLoadJsOfHtml, JS_BUDGET_KB } from "../../scripts/bench/first-load-js";
import { confirmCheckout } from "../support/customer-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { validatePain008 } from "../support/sepa-xsd";
import { spanishCreditorId } from "~/domain/payments/sepa-creditor-id";
import { readFileSync } from "node:fs";
import { createTechnician, technicianFirstSignIn } from "../support/technician-e2e";
import { customerSigns, openAndStartJob } from "../support/work-report-e2e";
import { expectAccessible, lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * Issue 31, the plans' first year as people live it, at 375 px and on a desktop: a customer
 * buys a boiler with its yearly maintenance, and an air conditioner's and an aerothermal unit's
 * maintenance alone; the owner marks the transfer paid; the customer, her address proven, finds
 * the three plans in «Mis equipos», declares the air conditioner (a wrong form first), has its
 * renewals debited (a wrong IBAN first) and cancels the aerothermal plan. Then the shop restarts
 * 355 days later (its clock moved): the notices arrive, «Mis equipos» shows how each renewal is
 * paid, the owner downloads the bank's debit file (valid against ISO 20022's schema), records
 * the transfer and the debit credited, and the invoices arrive and download. The boiler's
 * yearly visit is due within six weeks: its e-mail's hour is chosen on the visit's page, and the
 * owner finds it booked, without a technician yet, in «Visitas de mantenimiento».
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
const CREDITOR_ID = spanishCreditorId("B12345674");
const serverEnv = (extra: Record<string, string> = {}) => ({ SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, SEPA_CREDITOR_ID: CREDITOR_ID, ...extra });
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
  for (const [i, name] of ["aire acondicionado", "aerotermia"].entries()) {
    await page.getByRole("button", { name: `Añadir al carrito: Mantenimiento anual de ${name}` }).click();
    // Each offer says it under its own button.
    await expect(page.getByText("Añadido al carrito.")).toHaveCount(i + 1);
  }
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
  await expect(month.getByRole("row").filter({ hasText: "Renovación del plan" })).toHaveCount(3);
  await expect(month).toContainText(`renovaciones: ${formatEuros(25500)}`);
  // The boiler's yearly visit, and the others', whose units are still to be told.
  await expect(month.getByRole("row").filter({ hasText: "Visita de mantenimiento" })).toHaveCount(3);
  await expect(month.getByRole("row").filter({ hasText: "(equipo por indicar)" })).toHaveCount(2);
  await lookAtBothWidths(owner, "admin-mantenimiento");
});

test("«Mis equipos» shows the plans; the customer declares the air conditioner, has it debited, and cancels the aerothermal plan", { tag: "@movil" }, async () => {
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

  // Its renewals by direct debit: a wrong IBAN first, then the mandate signed.
  await air.getByText("Domiciliar las renovaciones", { exact: true }).click();
  await air.getByLabel("Titular de la cuenta").fill("Marta Ruiz Ortega");
  await air.getByLabel("IBAN").fill("ES91 2100 0418 4502 0005 1333");
  await air.getByRole("button", { name: "Firmar la orden de domiciliación" }).click();
  await expect(air.getByText("El IBAN no es válido: revise los dígitos.")).toBeVisible();
  await expect(air.getByText("Para domiciliar los pagos, acepte la orden de domiciliación.")).toBeVisible();
  await lookAtBothWidths(page, "mis-equipos-domiciliar");
  await air.getByLabel("IBAN").fill("ES91 2100 0418 4502 0005 1332");
  await air.getByRole("checkbox", { name: "Acepto esta orden de domiciliación" }).check();
  await air.getByRole("button", { name: "Firmar la orden de domiciliación" }).click();
  await expect(air.getByRole("status")).toContainText("las renovaciones se cargarán en la cuenta ES91 **** **** **** **** 1332");
  await expect(air.getByText(/Las renovaciones se cargan en su cuenta ES91 \*{4} \*{4} \*{4} \*{4} 1332/)).toBeVisible();
  const copy = await mailTo(email, /orden de domiciliación del plan/);
  expect(copy.text).toContain(`Identificador del acreedor: ${CREDITOR_ID}`);

  // Cancelling the aerothermal plan: the disclosure, then «Sí, cancelar el plan».
  const heatPump = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de aerotermia" });
  await heatPump.getByText("Cancelar el plan", { exact: true }).click();
  await heatPump.getByLabel("¿Por qué lo cancela? (opcional)").fill("Lo mantiene el instalador del edificio");
  await heatPump.getByRole("button", { name: "Sí, cancelar el plan" }).click();
  await expect(heatPump.getByRole("status")).toContainText(`No se renovará el ${renews}`);
  await expect(heatPump.locator(".equipment-facts")).toContainText("Cancelado");
  await expect(heatPump.getByText("Cancelar el plan", { exact: true })).toHaveCount(0);
  await mailTo(email, /plan de mantenimiento n\.º \d+ cancelado/);
  await expect(boiler.locator(".equipment-facts")).toContainText("Activo");
  await expect(air.locator(".equipment-facts")).toContainText("Activo");
});

test("355 days later: the notices, how each renewal is paid in «Mis equipos», the bank's debit file, «Marcar como cobrada», the invoices", { tag: "@movil" }, async () => {
  const DAYS = 355;
  const shiftedToday = madridDay(new Date(Date.now() + DAYS * 24 * 3600 * 1000));
  const renewsOn = addMonths(madridDay(new Date()), 12);
  await state.server!.stop();
  state.server = await startAppServer({
    port: PORT,
    dataDir,
    env: serverEnv({ NODE_OPTIONS: `--require ${path.resolve("tests/support/shift-clock.cjs")}`, TEST_CLOCK_OFFSET_MS: String(DAYS * 24 * 3600 * 1000) }),
  });
  // The daily task runs at start (its 08:00 has passed on the moved clock): a notice for each live plan.
  const renewsText = formatYmd(renewsOn).replace(/\//g, "\\/");
  await expect.poll(() => state.smtp!.messages.filter((m) => JSON.stringify(m.to ?? "").includes(email) && new RegExp(`se renueva el ${renewsText}`).test(m.subject ?? "")).length).toBe(2);
  const notices = state.smtp!.messages.filter((m) => JSON.stringify(m.to ?? "").includes(email) && /se renueva el/.test(m.subject ?? "")).map((m) => m.text ?? "");
  expect(notices.filter((text) => /Concepto: Plan \d+ \d{4}/.test(text))).toHaveLength(1);
  expect(notices.filter((text) => text.includes("en su cuenta ES91 **** **** **** **** 1332"))).toHaveLength(1);

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
  const air = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de aire acondicionado" });
  await expect(air.getByRole("region", { name: "Renovación pendiente de pago" }).getByRole("heading", { level: 3 })).toHaveText(`Renovación del ${formatYmd(renewsOn)}: domiciliada`);
  await lookAtBothWidths(page, "mis-equipos-renovacion");

  const owner = admin.page;
  await owner.context().clearCookies();
  await signInAsAdmin(owner, OWNER, admin.key, "/admin/mantenimiento", DAYS * 24 * 3600 * 1000);
  const waiting = owner.getByRole("region", { name: "Renovaciones por cobrar" });
  // The bank's file: one debit, valid against the schema; then the air plan's row can be marked paid.
  const debits = owner.getByRole("region", { name: "Adeudos SEPA" });
  await expect(debits).toContainText("1 renovación domiciliada vence");
  await lookAtBothWidths(owner, "admin-renovaciones");
  const [download] = await Promise.all([owner.waitForEvent("download"), debits.getByRole("button", { name: "Descargar el fichero de adeudos" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^adeudos-TCM\d{14}\.xml$/);
  const xml = readFileSync((await download.path())!, "utf8");
  expect((await validatePain008(xml)).errors).toEqual([]);
  expect(xml).toContain("<SeqTp>FRST</SeqTp>");
  expect(xml).toContain("<Nm>Marta Ruiz Ortega</Nm>");
  await owner.goto("/admin/mantenimiento");
  await expect(owner.getByRole("region", { name: "Adeudos SEPA" })).toContainText("0 renovaciones domiciliadas vencen");

  const forms = owner.getByRole("form", { name: /Marcar como cobrada la renovación del plan n\.º \d+/ });
  await expect(forms).toHaveCount(2);
  const form = forms.first();
  await expect(form.getByLabel("Fecha del pago")).toHaveValue(shiftedToday);
  await form.getByLabel("Referencia bancaria").fill("TRF-RENOV-1");
  await form.getByRole("button", { name: `Marcar como cobrada · ${formatEuros(8500)}` }).click();
  await expect(owner.getByRole("status").filter({ hasText: /Renovación cobrada: factura F\d{4}-\d{6} emitida y enviada al cliente\./ })).toBeVisible();
  await expect(forms).toHaveCount(1);
  await forms.first().getByRole("button", { name: `Marcar como cobrada · ${formatEuros(8500)}` }).click();
  await expect(waiting).toContainText("Ninguna renovación espera un pago.");
  await expect.poll(() => state.smtp!.messages.filter((m) => JSON.stringify(m.to ?? "").includes(email) && /factura F\d{4}-\d{6} del plan de mantenimiento/.test(m.subject ?? "")).length).toBe(2);

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

test("the boiler's yearly visit: an hour of the e-mail chosen on its page; the owner sees it booked", { tag: "@movil" }, async () => {
  // The same moved clock: the 08:30 task ran at start too, six weeks before the boiler's visit is due.
  const mail = await waitForMail(state.smtp!.messages, email, /elija el día de su visita de mantenimiento \(plan n\.º \d+\)/);
  const planNumber = /plan n\.º (\d+)/.exec(mail.subject ?? "")![1]!;
  expect(mail.text).toContain("Caldera mural de gas");
  const link = /http:\/\/\S+\/mantenimiento\/visita\/[A-Za-z0-9_-]{32}\?hora=\S+/.exec(mail.text ?? "")![0];
  const hour = decodeURIComponent(link.split("hora=")[1]!);
  const { page } = customer;
  const visitPath = new URL(link).pathname;
  await page.goto(`${visitPath}?hora=${encodeURIComponent(hour)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Elija el día de su visita de mantenimiento");
  await expect(page.locator(`input[name="slot"][value="${hour}"]`)).toBeChecked();
  await lookAtBothWidths(page, "visita-de-plan-elegir");
  const html = await (await page.request.get(visitPath)).text();
  expect(firstLoadJsOfHtml(html, "visita de un plan", visitPath, `${buildDirectory()}/client`).totalKb).toBeLessThanOrEqual(JS_BUDGET_KB);

  await page.getByRole("button", { name: "Reservar esta hora" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Día elegido!");
  await expect(page.getByRole("status")).toHaveText(`Le hemos enviado la confirmación a ${email}, con la cita para su calendario.`);
  await expect(page.getByRole("link", { name: "Cambiar el día" })).toBeVisible();
  await lookAtBothWidths(page, "visita-de-plan-elegida");
  await page.goto("/login/equipos");
  const boiler = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de caldera" });
  await expect(boiler.getByRole("link", { name: "Cambiar el día" })).toHaveAttribute("href", visitPath);
  // The home's gas inspection (the distributor's, every five years): an empty day first.
  const gas = boiler.getByRole("region", { name: "Inspección periódica del gas" });
  await gas.getByRole("button", { name: "Guardar la fecha" }).click();
  await expect(page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de caldera" }).getByRole("region", { name: "Inspección periódica del gas" }).getByText(/Escriba el día de la última inspección del gas/)).toBeVisible();
  await gas.getByLabel("Día de la última inspección").fill("2026-03-15");
  await gas.getByRole("button", { name: "Guardar la fecha" }).click();
  await expect(boiler.getByRole("status")).toHaveText("Fecha guardada. La próxima inspección del gas toca antes del 15/03/2031: se la recordaremos en la visita de mantenimiento.");
  await expect(gas).toContainText("La última fue el 15/03/2026; la próxima toca antes del 15/03/2031.");
  await lookAtBothWidths(page, "mis-equipos-visita-e-inspeccion");
  const dated = await mailTo(email, new RegExp(`fecha de su visita de mantenimiento \\(Plan n\\.º ${planNumber}\\)`));
  expect(dated.attachments.map((file) => file.filename)).toEqual([`mantenimiento-plan-n-${planNumber}.ics`]);

  const owner = admin.page;
  await owner.goto("/admin/mantenimiento");
  const visits = owner.getByRole("region", { name: "Visitas de mantenimiento" });
  const row = visits.getByRole("row").filter({ hasText: `Plan n.º ${planNumber}` });
  await expect(row).toContainText("sin técnico");
  await lookAtBothWidths(owner, "admin-visitas-de-planes");
  await row.getByRole("link", { name: "Ver o asignar técnico" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(`Mantenimiento: Plan n.º ${planNumber}`);
  await expect(owner.getByText("Mantenimiento de:")).toBeVisible();
  await lookAtBothWidths(owner, "admin-trabajo-de-mantenimiento");
});

test("the visit done: the technician's maintenance report with the RITE's operations, signed; the record e-mailed and in «Mis equipos»", { tag: "@movil" }, async ({ browser }, info) => {
  const DAYS_MS = 355 * 24 * 3600 * 1000;
  const owner = admin.page;
  const who = { name: "Tomás Mantenedor", email: `tomas.${info.project.name.replace(/\W/g, "")}@termoclima.test`, password: "contraseña-del-tecnico-1" };
  await createTechnician(owner, who);
  const context = await browser.newContext({ baseURL: base, viewport: info.project.use.viewport ?? undefined, locale: "es-ES" });
  try {
    const tech = await context.newPage();
    await technicianFirstSignIn(tech, mailTo, who, undefined, DAYS_MS);
    // The owner gives the booked visit to the technician, at the hour the customer chose.
    await owner.goto("/admin/mantenimiento");
    await owner.getByRole("region", { name: "Visitas de mantenimiento" }).getByRole("link", { name: "Ver o asignar técnico" }).first().click();
    await owner.waitForURL(/\/admin\/trabajos\/\d+$/);
    const jobId = Number(/\/admin\/trabajos\/(\d+)/.exec(owner.url())![1]);
    await owner.getByLabel("Técnico", { exact: true }).selectOption({ label: who.name });
    await owner.getByRole("button", { name: "Guardar la nueva fecha" }).click();
    await expect(owner.getByRole("status").filter({ hasText: /Trabajo programado: .*Tomás Mantenedor/ })).toBeVisible();

    await openAndStartJob(tech, jobId);
    await expect(tech.getByLabel("Tipo de trabajo")).toHaveValue("mantenimiento-caldera");
    await expect(tech.getByRole("button", { name: "Añadir trabajo o material adicional" })).toHaveCount(0);
    for (const item of ["Limpieza del quemador de la caldera", "Revisión del vaso de expansión", "Análisis de la combustión y del rendimiento (IT 3.4.2)"]) await tech.getByLabel(item).check();
    await tech.getByLabel("CO (ppm)").fill("41");
    await tech.getByLabel("CO2 (%)").fill("9,0");
    await tech.getByLabel("Temperatura de humos (°C)").fill("60");
    await tech.getByLabel("Rendimiento (%)").fill("97,4");
    await expect(tech.getByRole("group", { name: "Equipos revisados" })).toBeVisible();
    await tech.getByLabel(/^Número de serie/).fill("SD-THEMA-2026-0001");
    await customerSigns(tech, "Marta Ruiz Ortega");
    await lookAtBothWidths(tech, "parte-de-mantenimiento");
    await tech.getByRole("button", { name: "Enviar el parte" }).click();
    const signed = tech.getByRole("region", { name: "Parte firmado" });
    await expect(signed.getByRole("heading", { level: 3, name: "Mantenimiento de caldera de gas (RITE, IT 3.3)" })).toBeVisible();
    await expect(signed).toContainText("✔ Limpieza del quemador de la caldera");
    await expect(tech.locator(".job-card-when")).toContainText("Terminado");
  } finally {
    await context.close();
  }

  const record = await mailTo(email, /registro de mantenimiento de su plan n\.º \d+/);
  expect(record.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  const { page } = customer;
  // The quarter-hourly task records the day; the record is listed at once.
  await page.goto("/login/equipos");
  const boiler = page.locator(".equipment-card").filter({ hasText: "Mantenimiento anual de caldera" });
  const link = boiler.getByRole("link", { name: /Registro de operaciones de mantenimiento del \d{2}\/\d{2}\/\d{4} \(PDF\)/ });
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});
