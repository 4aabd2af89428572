import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { madridDay } from "../../app/domain/visits/visit-slots";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { placeTransferOrder, signUpCustomer } from "../support/customer-e2e";
import { sendContactRequest } from "../support/quote-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies, screenshot, waitForMail } from "./helpers";

/*
 * Booking the free visit (issue 17), on a server of this spec's own with a real SMTP server:
 * contact form -> thank-you page -> "Elija el día de la visita" -> book -> the e-mail carries
 * the .ics -> change -> cancel, with JavaScript; the same booking without it, including a slot
 * taken a moment before; and the back office: the availability and a blocked day show in the
 * customer's free slots, the request shows its visit, the owner cancels it.
 */
const PORT = specPort(41);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-visitas@termoclima.test";

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = {};
let admin: { context: BrowserContext; page: Page };
let project = "";

const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);
const icsOf = (mail: ParsedMail) => {
  const file = mail.attachments.find((a) => a.filename === "visita.ics");
  expect(file, "el correo lleva visita.ics").toBeTruthy();
  expect(file!.contentType).toBe("text/calendar");
  return file!.content.toString("utf8").replace(/\r\n /g, "");
};
const visitLinkIn = (mail: ParsedMail) => {
  const found = new RegExp(`${base}/visita/[A-Za-z0-9_-]{32}`).exec(mail.text ?? "")?.[0];
  expect(found, "el enlace para cambiar o anular").toBeTruthy();
  return found!;
};

/** A request posted straight to /contacto (the context keeps its booking cookie). */
async function postRequest(page: Page, name: string) {
  const form = { nameAndSurname: name, phone: "600 111 222", email: `${name.toLowerCase().replace(/\s+/g, ".")}@correo.es`, adress: "Calle Mayor 1", state: "Madrid", message: "", sourcePage: "/contacto" };
  const answer = await page.request.post("/contacto", { form, headers: { Origin: base }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  project = info.project.name;
  const viewport = info.project.use.viewport ?? { width: 1400, height: 900 };
  state.smtp = await startSmtpCapture();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("visitas"),
    env: { SMTP_URL: state.smtp.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CONTACT_RATE_LIMIT: "1000", VISIT_RATE_LIMIT: "1000" },
  });
  admin = await adminContext(browser, base, OWNER, { viewport });
});

test.afterAll(async () => {
  await state.server?.stop();
  await state.smtp?.close();
  await admin?.context.close().catch(() => {});
});

test("with JavaScript: request, thank-you page, booking, the .ics by e-mail, change and cancel", { tag: "@movil" }, async ({ browser }, info) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  const email = `lucia.${project}@correo.es`;
  try {
    await page.goto("/");
    await rejectCookies(page);
    await sendContactRequest(page, { name: "Lucía García", email });
    // The request's booking cookie: httpOnly, only for /visita (listed on the cookie policy).
    const cookie = (await context.cookies()).find((c) => c.name === "reserva_visita");
    expect(cookie).toMatchObject({ httpOnly: true, path: "/visita", sameSite: "Lax" });
    await hydrated(page);
    await page.getByRole("link", { name: "Elija el día de la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Elija el día de la visita" })).toBeVisible();
    // The request's details are already there.
    await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Lucía García");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Dirección de la visita")).toHaveValue("Calle de Alcalá 120, 3º B");
    const personal = await page.request.get("/visita/reservar");
    expect(personal.headers()["cache-control"]).toBe("private, no-store");
    expect(await personal.text()).toContain('<meta name="robots" content="noindex"/>');
    await lookAtBothWidths(page, "visita-reservar");

    // Without a time chosen: the slot is asked for, nothing is booked.
    await page.getByRole("button", { name: "Reservar la visita" }).click();
    await expect(page.getByRole("alert")).toContainText("Elija un día y una hora de la lista.");

    const first = page.getByRole("radio").first();
    const chosenLabel = (await page.locator(`label[for="${await first.getAttribute("id")}"]`).textContent()) ?? "";
    await first.check();
    await page.getByRole("button", { name: "Reservar la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¡Visita reservada!" })).toBeVisible();
    const when = (await page.locator(".visit-when").innerText()).trim();
    expect(when).toMatch(/^(Lunes|Martes|Miércoles|Jueves|Viernes|Sábado|Domingo) \d{1,2} de [a-z]+, de \d{2}:\d{2} a \d{2}:\d{2}$/);
    // The radio's label reads the whole date and time, as the confirmation does.
    expect(chosenLabel).toBe(when);
    await lookAtBothWidths(page, "visita-reservada");

    const booked = await mailTo(email, /^Visita reservada: /);
    const ics = icsOf(booked);
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}/);
    expect(ics).toContain(`SUMMARY:Visita gratuita de`);
    expect(ics).toContain("LOCATION:Calle de Alcalá 120\\, 3º B\\, Madrid");
    expect(booked.subject).toBe(`Visita reservada: ${when.charAt(0).toLowerCase()}${when.slice(1)}`);
    const link = visitLinkIn(booked);
    expect(page.url()).toContain(link.slice(base.length));

    // The page's calendar file.
    const file = await page.request.get(`${link}/calendario.ics`);
    expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await file.text()).toContain("METHOD:PUBLISH");

    // The e-mail's link: opening it changes nothing; change to another time.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Su visita" })).toBeVisible();
    await page.getByRole("link", { name: "Cambiar el día" }).click();
    await expect(page.getByRole("heading", { name: "Elija otro día y hora" })).toBeVisible();
    await lookAtBothWidths(page, "visita-cambiar");
    await page.getByRole("radio").nth(2).check();
    await page.getByRole("button", { name: "Cambiar la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Visita cambiada" })).toBeVisible();
    const changedWhen = (await page.locator(".visit-when").innerText()).trim();
    expect(changedWhen).not.toBe(when);
    const changed = await mailTo(email, /^Visita cambiada: /);
    expect(changed.text).toContain(`Antes: ${when.charAt(0).toLowerCase()}${when.slice(1)}`);
    expect(icsOf(changed)).toMatch(/SEQUENCE:[1-9]\d*/);

    await page.getByRole("button", { name: "Anular la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Visita anulada" })).toBeVisible();
    await lookAtBothWidths(page, "visita-anulada");
    const cancelled = await mailTo(email, /^Visita anulada: /);
    expect(icsOf(cancelled)).toContain("METHOD:CANCEL");
  } finally {
    await context.close();
  }
});

test("without JavaScript: booking from the thank-you page, and a slot taken a moment before", { tag: "@movil" }, async ({ browser }, info) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", javaScriptEnabled: false, viewport: info.project.use.viewport ?? undefined });
  const page = await context.newPage();
  const rival = await browser.newContext({ baseURL: base, locale: "es-ES" });
  const email = `eva.${project}@correo.es`;
  try {
    await sendContactRequest(page, { name: "Eva Ruiz", email });
    await page.getByRole("link", { name: "Elija el día de la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Elija el día de la visita" })).toBeVisible();
    const first = page.getByRole("radio").first();
    const taken = await first.getAttribute("value");

    // Someone else books that very slot while this page is open.
    const other = await rival.newPage();
    await postRequest(other, "Otra Persona");
    const rivalBooking = await other.request.post("/visita/reservar", {
      form: { slot: taken!, name: "Otra Persona", phone: "600 111 222", email: "otra@correo.es", address: "Calle Mayor 1", town: "Madrid", notes: "" },
      headers: { Origin: base },
      maxRedirects: 0,
    });
    expect(rivalBooking.status()).toBe(303);

    await first.check();
    await page.getByRole("button", { name: "Reservar la visita" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Esa hora acaba de reservarse.");
    await expect(alert).toContainText("Estas son las siguientes horas libres");
    // The first of them is already chosen, and what was typed is kept.
    await expect(page.locator('input[name="slot"]:checked')).toHaveCount(1);
    expect(await page.locator('input[name="slot"]:checked').getAttribute("value")).not.toBe(taken);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Reservar la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¡Visita reservada!" })).toBeVisible();
    const mail = await mailTo(email, /^Visita reservada: /);
    expect(icsOf(mail)).toMatch(/DTSTART;TZID=Europe\/Madrid:/);

    // The booking page now leads to the visit; an unknown visit is a 404.
    await page.goto("/visita/reservar");
    await expect(page.getByRole("heading", { level: 1, name: "Su visita" })).toBeVisible();
    expect((await page.request.get(`/visita/${"A".repeat(32)}`)).status()).toBe(404);
  } finally {
    await context.close();
    await rival.close();
  }
});

test("without the request's cookie the booking page explains and leads to /contacto", { tag: "@movil" }, async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  const page = await context.newPage();
  try {
    await page.goto("/visita/reservar");
    await rejectCookies(page);
    await expect(page.getByText(/no la encontramos en este navegador/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir a contacto" })).toHaveAttribute("href", "/contacto");
    await lookAtBothWidths(page, "visita-sin-solicitud");
  } finally {
    await context.close();
  }
});

test("the back office: availability and a blocked day show in the free slots; the request shows its visit; the owner cancels it", { tag: "@movil" }, async ({ browser }) => {
  const { page } = admin;
  await page.goto("/admin/visitas");
  await expect(page.getByRole("heading", { level: 1, name: "Visitas" })).toBeVisible();
  await expect(page.locator('nav a[href="/admin/visitas"]')).toHaveCount(1);
  const upcoming = page.getByRole("region", { name: "Próximas visitas" });
  await expect(upcoming.getByRole("row").filter({ hasText: "Eva Ruiz" })).toHaveCount(1);
  await lookAtBothWidths(page, "admin-visitas");

  // Saturdays from 9:00 to 11:00, in 30-minute visits.
  await page.getByLabel("Sábado").fill("09:00-11:00");
  await page.getByLabel("Duración de cada visita (minutos)").fill("30");
  await page.getByRole("button", { name: "Guardar la disponibilidad" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Disponibilidad guardada." })).toBeVisible();

  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  const visitor = await context.newPage();
  try {
    await postRequest(visitor, "Pablo Sábado");
    await visitor.goto("/visita/reservar");
    const saturday = visitor.getByRole("group", { name: /^Sábado / }).first();
    await expect(saturday.getByRole("radio")).toHaveCount(4);
    await expect(saturday.getByText("09:30 a 10:00")).toBeVisible();
    const day = madridDay(new Date((await saturday.getByRole("radio").first().getAttribute("value"))!));
    const dayName = (await saturday.locator(".visit-day-name").innerText()).trim();

    await page.getByLabel("Día", { exact: true }).fill(day);
    await page.getByLabel("Motivo (opcional)").fill("Formación");
    await page.getByRole("button", { name: "Bloquear el día" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Día bloqueado" })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("group", { name: dayName })).toHaveCount(0);

    await page.getByRole("button", { name: /^Desbloquear el / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Día desbloqueado." })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("group", { name: dayName })).toHaveCount(1);
  } finally {
    await context.close();
  }

  // The request of Eva's visit shows it.
  await page.goto("/admin/visitas");
  const row = page.getByRole("region", { name: "Próximas visitas" }).getByRole("row").filter({ hasText: "Eva Ruiz" });
  await row.getByRole("link", { name: /^Nº \d+$/ }).click();
  await expect(page.getByRole("region", { name: "Visita" })).toContainText("Reservada");
  await expectAccessible(page);

  await page.goto("/admin/visitas");
  // A second step (issue 30): the disclosure, then its red button.
  const eva = page.getByRole("region", { name: "Próximas visitas" }).getByRole("row").filter({ hasText: "Eva Ruiz" });
  await eva.locator("summary").filter({ hasText: "Anular la visita" }).click();
  await eva.getByRole("button", { name: "Sí, anular la visita de Eva Ruiz" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visita anulada" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Próximas visitas" }).getByRole("row").filter({ hasText: "Eva Ruiz" })).toHaveCount(0);
  await mailTo(`eva.${project}@correo.es`, /^Visita anulada: /);
});

test("one customer record (issue 30): who asked, booked the visit and ordered has one record with all three", { tag: "@movil" }, async ({ browser }, info) => {
  const viewport = info.project.use.viewport ?? undefined;
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  const page = await context.newPage();
  const name = `Irene Castaño ${project}`;
  const email = `irene.castano.${project}@correo.es`;
  try {
    await page.goto("/");
    await rejectCookies(page);
    await sendContactRequest(page, { name, email });
    await page.getByRole("link", { name: "Elija el día de la visita" }).click();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Reservar la visita" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "¡Visita reservada!" })).toBeVisible();
    // Later she makes an account with the same e-mail and buys a thermostat (billed to another name).
    await signUpCustomer(page, base, email);
    const order = await placeTransferOrder(page, "/tienda/detalle/termostatos/14");

    const owner = admin.page;
    await owner.goto(`/admin/clientes?q=${encodeURIComponent(`castaño ${project}`)}`);
    await owner.getByRole("link", { name }).click();
    await expect(owner.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(owner.getByRole("heading", { level: 2, name: "Solicitudes (1)" })).toBeVisible();
    await expect(owner.getByRole("heading", { level: 2, name: "Visitas (1)" })).toBeVisible();
    await expect(owner.getByRole("heading", { level: 2, name: "Pedidos (1)" })).toBeVisible();
    await expect(owner.getByRole("link", { name: `Pedido ${order}` })).toBeVisible();
    await expect(owner.getByRole("link", { name: "Llamar al 600 123 456" })).toHaveAttribute("href", "tel:+34600123456");
    await expect(owner.locator(`a[href="mailto:${email}"]`)).toHaveText(email);
    // Her account, made for the order, is on the record too.
    await expect(owner.locator('a[href^="/admin/cuentas/"]')).toHaveText(email);
    await expectAccessible(owner);
    await lookAtBothWidths(owner, "admin-ficha-cliente");
    if (project === "movil") await screenshot(owner, { path: "docs/screenshots/cliente-375.png", fullPage: true });
  } finally {
    await context.close();
  }
});
