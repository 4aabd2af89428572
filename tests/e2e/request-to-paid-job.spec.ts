import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { addDays, formatYmd, madridDay } from "../../app/domain/dates/madrid-dates";
import { warrantyEnds } from "../../app/domain/jobs/warranty";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { drawSignature, newQuote, sendContactRequest, sendQuote } from "../support/quote-e2e";
import { type RedsysStandIn } from "../support/redsys-standin";
import { redsysEnv, startShopRedsys } from "../support/redsys-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { pdfText } from "../support/pdf-text";
import { createTechnician, scheduleJob, technicianFirstSignIn } from "../support/technician-e2e";
import { addExtra, customerSigns, fillBoilerReport, addPhoto, OFFLINE_MESSAGE, openAndStartJob } from "../support/work-report-e2e";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * Issue 17's "Done when", the whole path in one story, on a server of this spec's own with a
 * real SMTP server and the Redsys stand-in: a request -> a booked visit (the .ics by e-mail) ->
 * the owner writes a quote with two options and a 30 % deposit -> the customer chooses B, signs
 * and pays the deposit by card -> the deposit invoice arrives -> the owner schedules the job for
 * a technician -> the technician, on a phone, fills the report with a serial number and a photo,
 * loses the connection and sends it when it returns, the customer signs -> the final invoice
 * deducts the deposit -> the customer pays -> "Mis equipos" shows the boiler with its guarantee.
 * The customer's steps run at the project's width (1400 px, and 375 px in "movil"); the
 * technician's always on a phone.
 */
const PORT = specPort(170);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-camino@termoclima.test";
const TECH = { name: "Irene Técnica", email: "irene.tecnica@termoclima.test", password: "contraseña-de-irene-1" };
const PHONE = { width: 375, height: 740 };
const SERIAL = "21334500100998877";
const PASSWORD = "contraseña-de-carmen-1";

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; redsys?: RedsysStandIn } = {};
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
let tech: { context: BrowserContext; page: Page };
let touch = false;
let email = "";
/** What the story carries from one step to the next. */
const story = { quoteLink: "", quoteNumber: "", jobId: 0, depositInvoice: "", boiler: "", repair: "" };

const mailTo = (to: string, subject: RegExp): Promise<ParsedMail> => waitForMail(state.smtp!.messages, to, subject);

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  test.setTimeout(240_000);
  const viewport = info.project.use.viewport ?? { width: 1400, height: 900 };
  touch = Boolean(info.project.use.hasTouch);
  email = `carmen.${info.project.name}@correo.es`;
  state.smtp = await startSmtpCapture();
  state.redsys = await startShopRedsys();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("camino"),
    env: {
      SMTP_URL: state.smtp.url,
      OUTBOX_POLL_MS: "200",
      ADMIN_EMAILS: OWNER,
      CONTACT_RATE_LIMIT: "1000",
      VISIT_RATE_LIMIT: "1000",
      QUOTE_RATE_LIMIT: "1000",
      SHOP_INSTALLER_REGISTRY: "28-EI-004242",
      ...redsysEnv(state.redsys),
    },
  });
  admin = await adminContext(browser, base, OWNER, { viewport });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport, hasTouch: touch });
  customer = { context, page: await context.newPage() };
  const phone = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: PHONE, hasTouch: true });
  tech = { context: phone, page: await phone.newPage() };
});

test.afterAll(async () => {
  for (const who of [admin, customer, tech]) await who?.context.close().catch(() => {});
  await state.server?.stop();
  await state.redsys?.close();
  await state.smtp?.close();
});

test("a request, then the free visit booked from the thank-you page; the .ics arrives by e-mail", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto("/");
  await rejectCookies(page);
  await sendContactRequest(page, { name: "Carmen Ortega", email });
  await hydrated(page);
  await page.getByRole("link", { name: "Elija el día de la visita" }).click();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Reservar la visita" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Visita reservada!" })).toBeVisible();
  const booked = await mailTo(email, /^Visita reservada: /);
  const ics = booked.attachments.find((a) => a.filename === "visita.ics");
  expect(ics?.contentType).toBe("text/calendar");
  expect(ics!.content.toString("utf8")).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}/);
});

test("the owner writes the quote from the request: two options and a 30 % deposit", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto("/admin/solicitudes");
  await page.getByRole("link", { name: /Carmen Ortega/ }).first().click();
  await newQuote(page, "Carmen Ortega Ruiz", email, () => page.getByRole("link", { name: "Escribir presupuesto" }).click().then(() => page.getByRole("button", { name: "Crear el presupuesto" }).click()));
  await page.getByLabel("Porcentaje del total").check();
  await page.getByLabel("Porcentaje (%)").fill("30");
  await page.locator("#alt-A-title").fill("Reparación de la caldera actual");
  await page.locator("#A-0-kind").selectOption("mano_de_obra");
  await page.locator("#A-0-description").fill("Revisión y reparación");
  await page.locator("#A-0-quantity").fill("2,5");
  await page.locator("#A-0-price").fill("45");
  await page.locator("#alt-B-title").fill("Caldera nueva de condensación");
  await page.getByLabel("Buscar por marca o modelo").fill("ThemaFast Condens 25");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.locator(".quote-catalogue-results li").first().getByRole("button", { name: /a la opción B/ }).click();
  await expect(page.locator("#B-0-kind")).toHaveValue("producto");
  await expect(page.locator("#B-0-description")).toHaveValue(/Saunier Duval ThemaFast Condens 25/);
  story.boiler = await page.locator("#B-0-description").inputValue();
  await page.getByLabel("Servicio de instalación o mantenimiento").selectOption({ label: "Instalación de caldera" });
  await page.getByRole("button", { name: "Añadir el servicio a la opción B" }).click();
  await sendQuote(page);
  story.quoteNumber = /P\d{4}-\d{6}/.exec(page.url())![0];
  const mail = await mailTo(email, new RegExp(`presupuesto ${story.quoteNumber}`));
  story.quoteLink = new RegExp(`${base}/presupuestos/[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")![0];
});

test("the customer chooses B and signs", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(story.quoteLink);
  await hydrated(page);
  await page.getByRole("radio", { name: /Opción B/ }).check();
  await page.getByLabel("Nombre y apellidos").fill("Carmen Ortega Ruiz");
  // The owner did not type her DNI: the page asks it, for the invoices (a complete invoice names the buyer's NIF).
  await page.getByLabel("DNI, NIE o NIF (para las facturas)").fill("50123456Q");
  await expect(page.locator('.quote-signature-pad[data-state="ready"]')).toBeVisible();
  await drawSignature(page, page.getByTestId("signature-canvas"), touch);
  await page.getByRole("checkbox", { name: "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS" }).check();
  await page.getByRole("button", { name: "Aceptar y firmar" }).click();
  const signed = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Presupuesto aceptado" }) });
  await expect(signed).toContainText("opción B");
  await lookAtBothWidths(page, "camino-aceptado");
});

/** Pays what the quote's page shows as due, by card through the Redsys stand-in; back on the way-back page. */
async function payDueByCard(page: Page, what: RegExp) {
  await page.goto(story.quoteLink);
  await hydrated(page);
  await expect(page.getByRole("region", { name: what })).toBeVisible();
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await expect(page).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
}

test("the customer pays the 30 % deposit by card and its invoice arrives", { tag: "@movil" }, async () => {
  await payDueByCard(customer.page, /^Señal pendiente$/);
  await expect(customer.page.getByRole("status")).toContainText(`la señal del presupuesto ${story.quoteNumber} con tarjeta`);
  const mail = await mailTo(email, new RegExp(`factura F\\d{4}-\\d{6} del presupuesto ${story.quoteNumber}`));
  story.depositInvoice = /F\d{4}-\d{6}/.exec(mail.subject ?? "")![0];
  expect(mail.attachments.map((file) => file.filename)).toEqual([`${story.depositInvoice}.pdf`]);
  const invoice = await pdfText(mail.attachments[0]!.content);
  expect(invoice).toContain("Anticipo a cuenta del presupuesto");
  expect(invoice).toContain("50123456Q");
});

test("the owner schedules the job for a technician", { tag: "@movil" }, async () => {
  await createTechnician(admin.page, TECH);
  await technicianFirstSignIn(tech.page, mailTo, TECH);
  const { page } = admin;
  await page.goto("/admin/trabajos?estado=pendiente_programar");
  await page.getByRole("link", { name: `Trabajo del presupuesto ${story.quoteNumber}` }).click();
  await expect(page).toHaveURL(/\/admin\/trabajos\/\d+$/);
  story.jobId = Number(/\/admin\/trabajos\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText(`Señal`).first()).toBeVisible();
  await scheduleJob(page, { day: addDays(madridDay(new Date()), 1), from: "09:00", to: "13:00", technician: TECH.name });
  await expect(page.getByRole("status").filter({ hasText: "Trabajo programado" })).toBeVisible();
  await mailTo(email, /fecha de su instalación/);

  // The home's agenda (issue 30): tomorrow's job with who goes, a map link and a call link.
  await page.goto("/admin");
  const tomorrow = page.getByRole("region", { name: /^Mañana, / });
  const job = tomorrow.getByRole("listitem").filter({ hasText: "Trabajo" });
  await expect(job).toContainText("09:00–13:00");
  await expect(job).toContainText(`Técnico: ${TECH.name}`);
  await expect(job.getByRole("link", { name: `Presupuesto ${story.quoteNumber}` })).toHaveAttribute("href", `/admin/trabajos/${story.jobId}`);
  await expect(job.getByRole("link", { name: /^Llamar al / })).toHaveAttribute("href", /^tel:\+34\d{9}$/);
  await expect(job.getByRole("link", { name: /mapa, se abre en otra pestaña/ })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  // The free visit of the first test, on the next working day: on the agenda too, with its request.
  const visit = page.getByRole("region", { name: "Agenda de hoy y de los próximos 7 días" }).getByRole("listitem").filter({ hasText: "Carmen Ortega" }).filter({ hasText: "Visita" });
  await expect(visit.getByRole("link", { name: "Visita" })).toHaveAttribute("href", /^\/admin\/solicitudes\/\d+$/);
  // The figures under it: this quote was sent and accepted this week, drawn and in the table.
  const figures = page.getByRole("region", { name: "Cifras" });
  await expect(figures.getByRole("img", { name: /^Presupuestos en las últimas 12 semanas: [1-9]\d* enviados y [1-9]\d* aceptados\.$/ })).toBeVisible();
  await expect(figures.getByRole("img", { name: /^Facturado en las últimas 12 semanas: / })).toBeVisible();
  await expect(figures.getByText(/^\d+ %$/)).toBeVisible();
  await lookAtBothWidths(page, "admin-agenda");
});

test("on a phone the technician fills the report with a serial number and a photo, loses the connection, the customer signs, and it goes when the connection returns", { tag: "@movil" }, async () => {
  const p = tech.page;
  await openAndStartJob(p, story.jobId);
  await fillBoilerReport(p, SERIAL);
  await addPhoto(p);
  await tech.context.setOffline(true);
  await customerSigns(p, "Carmen Ortega Ruiz", true);
  await p.getByRole("button", { name: "Enviar el parte" }).click();
  await expect(p.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();
  await tech.context.setOffline(false);
  await expect(p.getByRole("heading", { name: "Parte firmado" })).toBeVisible({ timeout: 30_000 });
  await expect(p.getByText(`número de serie ${SERIAL}`)).toBeVisible();
  const report = await mailTo(email, /parte de trabajo firmado/);
  expect(await pdfText(report.attachments.find((a) => a.filename?.endsWith(".pdf"))!.content)).toContain(SERIAL);
  // Issue 31: the e-mail offers the yearly maintenance of what was installed.
  expect(report.text).toContain("¿Quiere el plan de mantenimiento?");
  expect(report.text).toMatch(/- Mantenimiento anual de caldera: \d+,\d{2}.€ al año, IVA incluido\./);
});

test("the final invoice deducts the deposit; the customer pays it and the job is «Cobrado»", { tag: "@movil" }, async () => {
  const mail = await mailTo(email, new RegExp(`factura (?!${story.depositInvoice})F\\d{4}-\\d{6} del presupuesto ${story.quoteNumber}`));
  const finalInvoice = /F\d{4}-\d{6}/.exec(mail.subject ?? "")![0];
  expect(mail.text).toContain(story.quoteLink);
  const text = await pdfText(mail.attachments.find((a) => a.filename === `${finalInvoice}.pdf`)!.content);
  expect(text).toContain(`A deducir: anticipo facturado en ${story.depositInvoice}`);

  const { page } = customer;
  await payDueByCard(page, /^Pago final pendiente$/);
  await page.goto(story.quoteLink);
  const paid = page.getByRole("region", { name: "Pagos y facturas" });
  await expect(paid.getByRole("link", { name: new RegExp(finalInvoice) })).toBeVisible();
  await expect(page.getByRole("region", { name: /pendiente$/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Parte de trabajo firmado" })).toHaveAttribute("href", /\/parte\.pdf$/);
  await lookAtBothWidths(page, "camino-pagado");

  await admin.page.goto(`/admin/trabajos/${story.jobId}`);
  await expect(admin.page.getByText("Cobrado", { exact: true }).first()).toBeVisible();
});

test("the customer's account, once its address is confirmed, shows the boiler in «Mis equipos» with its guarantees", { tag: "@movil" }, async () => {
  const { page } = customer;
  const signIn = async () => {
    await page.goto("/login?redirectTo=/login/equipos");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mis equipos" })).toBeVisible();
  };
  await page.goto("/login?modo=registro");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Crear cuenta", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Usuario creado correctamente. Puede iniciar sesión.");
  // Anyone could open an account with this address: until it is proven, nothing is shown.
  await signIn();
  await expect(page.getByText(/aquí solo se muestran los equipos cuando su correo está confirmado/)).toBeVisible();
  await page.goto("/login");
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  // The sign-out's answer first: a navigation started before it would cancel it.
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();

  // "¿Ha olvidado su contraseña?": the e-mailed link proves the address.
  await page.goto("/login?modo=recuperar");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar email" }).click();
  const reset = await mailTo(email, /restablecer su contraseña/);
  await page.goto(/http:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(reset.text ?? "")![0]);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("status")).toHaveText("Contraseña cambiada. Ya puede iniciar sesión.");
  await signIn();

  const ends = warrantyEnds(madridDay(new Date()), "");
  const card = page.locator(".equipment-card").first();
  await expect(card.getByRole("heading", { level: 2 })).toContainText(story.boiler.split(" ").slice(0, 2).join(" "));
  await expect(card).toContainText(SERIAL);
  // A term and its value are two boxes: read them as the eye does.
  const facts = await card.locator(".equipment-facts").innerText();
  expect(facts).toMatch(new RegExp(`Garantía de piezas\\s+hasta el ${formatYmd(ends.partsWarrantyUntil)} \\(vigente\\)`));
  expect(facts).toMatch(new RegExp(`Garantía legal del equipo\\s+hasta el ${formatYmd(ends.legalGuaranteeUntil!)} \\(vigente\\)`));
  await expect(card.getByRole("link", { name: /Parte de trabajo firmado/ })).toBeVisible();
  await expect(card.getByRole("link", { name: new RegExp(story.depositInvoice) })).toBeVisible();
  await expectAccessible(page);
  await lookAtBothWidths(page, "mis-equipos");

  // Issue 31: the yearly maintenance is offered under the boiler, and put in the basket for it.
  const offer = card.getByRole("region", { name: "¿Quiere el plan de mantenimiento?" });
  await expect(offer).toContainText("Mantenimiento anual de caldera");
  await offer.getByRole("button", { name: /^Añadir al carrito el plan de mantenimiento de / }).click();
  await expect(offer.getByRole("status")).toContainText("Añadido al carrito.");
  await offer.getByRole("link", { name: "Ir al carrito" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Mantenimiento anual de caldera").first()).toBeVisible();
});

test("a breakdown of the boiler, reported from «Mis equipos» with a photo; the owner finds it, urgent, in «Averías»", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto("/login/equipos");
  await page.locator(".equipment-card").first().getByRole("link", { name: "Avisar de una avería de este equipo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Avisar de una avería" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Garantías y plan del equipo" })).toContainText("Garantía de la instalación: hasta el");
  // What it costs is said before anything is sent: the installation is weeks old, its guarantees run.
  await expect(page.getByRole("note", { name: "Lo que cuesta" })).toContainText("garantía legal");
  await expect(page.getByLabel(/^Teléfono/)).not.toHaveValue("");
  await hydrated(page);
  // Nothing said about what happens: refused in Spanish, in place.
  await page.getByRole("button", { name: "Enviar el aviso de avería" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Revise los campos marcados." })).toBeVisible();
  await expect(page.getByText("Cuéntenos qué le pasa al equipo").first()).toBeVisible();
  await page.getByLabel(/^¿Qué le pasa\?/).fill("No enciende: la pantalla marca F28 desde esta mañana y no hay agua caliente.");
  await page.getByRole("radio", { name: /^Urgente/ }).check();
  await page.getByLabel(/^¿Cuándo podemos ir\?/).fill("Hoy por la tarde o mañana por la mañana");
  await page.getByLabel(/^Fotos/).setInputFiles({ name: "caldera.png", mimeType: "image/png", buffer: Buffer.from(TINY_PHOTO_PNG, "base64") });
  await lookAtBothWidths(page, "averia-formulario");
  await page.getByRole("button", { name: "Enviar el aviso de avería" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aviso de avería enviado" })).toBeVisible();
  const reference = /AV-\d{6}/.exec((await page.getByRole("status").textContent()) ?? "")![0];
  story.repair = reference;
  const ack = await mailTo(email, new RegExp(`hemos recibido su aviso de avería ${reference}`));
  expect(ack.text).toContain("garantía legal");
  await page.goto("/login/equipos");
  const reported = page.getByRole("region", { name: "Avisos de avería" });
  await expect(reported.locator(".equipment-card").filter({ hasText: reference })).toContainText("Nueva");

  const owner = admin.page;
  await owner.goto("/admin/averias");
  const row = owner.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Urgente");
  await row.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(`Avería ${reference}`);
  await expect(owner.getByRole("img", { name: "Foto 1 de la avería" })).toBeVisible();
  await expect.poll(() => owner.getByRole("img", { name: "Foto 1 de la avería" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await owner.getByRole("combobox", { name: "Estado" }).selectOption("atendida");
  await owner.getByLabel("Notas internas").fill("Irene va mañana a las 9.");
  await owner.getByRole("button", { name: "Guardar" }).click();
  await expect(owner.getByRole("status")).toHaveText("Guardado: «Atendida».");
  await lookAtBothWidths(owner, "admin-averia");
});

test("the owner turns the breakdown into a repair job; the technician reports worn parts from stock and labour; the invoice arrives and the customer pays it on the breakdown's page", { tag: "@movil" }, async () => {
  const owner = admin.page;
  await owner.goto("/admin/averias");
  await owner.getByRole("row").filter({ hasText: story.repair }).getByRole("link", { name: new RegExp(story.repair) }).click();
  await owner.getByRole("button", { name: "Crear el trabajo de reparación" }).click();
  await expect(owner).toHaveURL(/\/admin\/trabajos\/\d+$/);
  const jobId = Number(/\/admin\/trabajos\/(\d+)$/.exec(owner.url())![1]);
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(`Reparación: Avería ${story.repair}`);
  await scheduleJob(owner, { day: addDays(madridDay(new Date()), 2), from: "09:00", to: "11:00", technician: TECH.name });
  await expect(owner.getByRole("status").filter({ hasText: "Trabajo programado" })).toBeVisible();

  const p = tech.page;
  await openAndStartJob(p, jobId);
  // What the customer was told: the legal guarantee. Worn parts are not a defect: everything is charged.
  await expect(p.getByText(/Lo que se le dijo al cliente al avisar: .*garantía legal/)).toBeVisible();
  await p.getByLabel("Qué tenía el equipo y qué se ha hecho").fill("El termostato no daba orden de encendido (contactos gastados): se cambia y se prueba la caldera.");
  await p.getByLabel("Causa de la avería").selectOption({ label: "Desgaste por el uso (pieza al final de su vida)" });
  await expect(p.getByTestId("repair-covered")).toHaveText("Sin cobertura: se cobra todo.");
  await p.getByRole("button", { name: "Añadir pieza del almacén" }).click();
  const part = p.getByRole("group", { name: "Pieza 1" }).getByLabel("Pieza");
  const thermostat = part.locator("option").filter({ hasText: /^Honeywell / }).first();
  await part.selectOption({ label: (await thermostat.textContent())! });
  const partName = (await thermostat.textContent())!.replace(/ \(\d+ en stock\)$/, "");
  await addExtra(p, { kind: "Mano de obra", description: "Cambio del termostato y prueba de la caldera", quantity: "1", unit: "h", unitPrice: "45,00" });
  await p.getByLabel("NIF del cliente para la factura").fill("50123456Q");
  await expect(p.getByTestId("repair-total")).toContainText("IVA del 21 % incluido");
  const total = /[\d.]+,\d{2}.€/.exec((await p.getByTestId("repair-total").textContent()) ?? "")![0];
  await customerSigns(p, "Carmen Ortega Ruiz", true);
  await expect(p.getByTestId("signed-statements")).toContainText(`Acepto el importe de la reparación: ${total}`);
  await lookAtBothWidths(p, "tecnico-parte-reparacion");
  await p.getByRole("button", { name: "Enviar el parte" }).click();
  await expect(p.getByRole("heading", { name: "Parte firmado" })).toBeVisible({ timeout: 30_000 });
  await expect(p.getByTestId("repair-lines")).toContainText(partName);

  // The invoice by e-mail, with the way to pay; the breakdown's page takes the card.
  const mail = await mailTo(email, new RegExp(`factura F\\d{4}-\\d{6} de la avería ${story.repair}`));
  const invoiceNumber = /F\d{4}-\d{6}/.exec(mail.subject ?? "")![0];
  const invoice = await pdfText(mail.attachments.find((a) => a.filename === `${invoiceNumber}.pdf`)!.content);
  expect(invoice).toContain("Cambio del termostato y prueba de la caldera");
  expect(invoice).toContain(partName);
  const link = /https?:\/\/\S+\/averias\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0];
  const page = customer.page;
  await page.goto(new URL(link).pathname);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: `Avería ${story.repair}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Pago final pendiente" })).toContainText(total);
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await expect(page).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`el pago final de la avería ${story.repair} con tarjeta`);
  await page.getByRole("link", { name: "Ver la avería" }).click();
  await expect(page.getByRole("region", { name: "Pagos y facturas" }).getByRole("link", { name: new RegExp(invoiceNumber) })).toBeVisible();
  await expect(page.getByRole("link", { name: "Parte de la reparación firmado" })).toHaveAttribute("href", /\/parte\.pdf$/);
  await expectAccessible(page);
  await lookAtBothWidths(page, "averia-pagada");
  await owner.goto(`/admin/trabajos/${jobId}`);
  await expect(owner.getByText("Cobrado", { exact: true }).first()).toBeVisible();
});

test("a breakdown of a unit we do not know, its call-out fee paid by card at once when sending it", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto("/averias");
  await hydrated(page);
  await expect(page.getByRole("note", { name: "Lo que cuesta" })).toContainText("48,40");
  await page.getByLabel(/^Tipo de equipo/).selectOption({ label: "Aire acondicionado" });
  await page.getByLabel(/^Marca/).fill("Mitsubishi Electric");
  await page.getByLabel(/^Modelo/).fill("MSZ-HR35VF");
  await page.getByLabel(/^¿Qué le pasa\?/).fill("El aire del salón no enfría y la unidad exterior hace un ruido metálico.");
  await page.getByRole("radio", { name: /^Puede esperar/ }).check();
  await page.getByLabel(/^Nombre y apellidos/).fill("Carmen Ortega Ruiz");
  await page.getByLabel(/^Teléfono/).fill("600 111 222");
  await page.getByLabel(/^Dirección/).fill("Calle de Toledo 20, 3º B");
  await page.getByLabel(/^Código postal/).fill("28005");
  await page.getByLabel(/^Localidad/).fill("Madrid");
  await page.getByRole("radio", { name: "Ahora, con tarjeta" }).check();
  await lookAtBothWidths(page, "averia-pago-ahora");
  await page.getByRole("button", { name: "Enviar el aviso de avería" }).click();
  await expect(page).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(/el desplazamiento y diagnóstico de la avería AV-\d{6} con tarjeta, 48,40.€/);
  await page.getByRole("link", { name: "Ver la avería" }).click();
  await expect(page.getByRole("region", { name: "Pagos y facturas" })).toContainText("Desplazamiento y diagnóstico: 48,40");
  await expect(page.getByRole("region", { name: "Estado" })).toContainText("Le llamaremos para acordar el día de la visita.");
});

/** A 64 × 64 PNG (a red square): the image pipeline needs a real picture of at least 32 px. */
const TINY_PHOTO_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAnklEQVRoge2SUQkAQBSDlsX+URbqQtyHPBgYwMlSOE10g24AesXuQtwlukE3AL1idyHuEt2gG4BesbsQd4lu0A1Ar9hdiLtEN+gGoFfsLsRdoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX/OEB2h4BAG0/i9UAAAAASUVORK5CYII=";
