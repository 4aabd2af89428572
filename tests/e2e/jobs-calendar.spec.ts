import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { addDays, madridDay } from "../../app/domain/dates/madrid-dates";
import { firstLoadJsOfHtml, JS_BUDGET_KB } from "../../scripts/bench/first-load-js";
import { embeddedClient, openDatabase } from "../../app/server/db/client.server";
import { adminContext, submitCode } from "../support/admin-e2e";
import { buildDirectory, freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { startSmtpCapture } from "../support/smtp-capture";
import { acceptInvitationElsewhere, createTechnician, scheduleJob, technicianFirstSignIn } from "../support/technician-e2e";
import { expectAccessible, hydrated, lookAtBothWidths, openListFilters, waitForMail } from "./helpers";

/*
 * Jobs, technicians and the calendar (issue 17), on a server of this spec's own with a real SMTP
 * server. Two accepted quotes' jobs are put in its database while it is stopped (as the
 * quotes' acceptance makes them). The owner creates a technician, who chooses a password from
 * the e-mail and enrols the second factor; the owner schedules a job for them (the customer's
 * e-mail carries the .ics), the calendar shows it; the technician sees it on /tecnico and
 * nothing else; the private feed serves it until the owner revokes it.
 */
const PORT = specPort(47);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-trabajos@termoclima.test";
const TECH = { name: "Tomás Instalador", email: "tomas.tecnico@termoclima.test", password: "contraseña-del-técnico-1" };
const OTHER = { name: "Olga Otra", email: "olga.tecnica@termoclima.test", password: "contraseña-de-olga-otra-1" };
const CUSTOMERS = { first: "lucia.trabajo@example.com", second: "pablo.trabajo@example.com" };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = { dataDir: "" };
const jobs: { first?: JobFixture; second?: JobFixture } = {};
let admin: { context: BrowserContext; page: Page };
let tech: { context: BrowserContext; page: Page };
let viewport = DESKTOP;
/** The job's day: two days from today, Madrid. */
const day = addDays(madridDay(new Date()), 2);

test.describe.configure({ mode: "serial", timeout: 120_000 });

const startServer = async () => {
  state.server = await startAppServer({ port: PORT, dataDir: state.dataDir, env: { SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER } });
};

const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);

/** The page's first-load JavaScript is within the budget of issue 14 (as tests/e2e/js-budget.spec.ts measures it). */
async function withinBudget(page: Page, name: string) {
  const response = await page.request.get(new URL(page.url()).pathname + new URL(page.url()).search, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const load = firstLoadJsOfHtml(await response.text(), name, page.url(), path.join(buildDirectory(), "client"));
  expect(load.totalKb, `${name}: JavaScript de la primera carga`).toBeLessThanOrEqual(JS_BUDGET_KB);
}

test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
  test.setTimeout(240_000);
  viewport = testInfo.project.name === "movil" ? PHONE : DESKTOP;
  state.smtp = await startSmtpCapture();
  state.dataDir = freshDataDir("trabajos");
  // The first start migrates the database; the jobs go in while the server is stopped (PGlite is single-process).
  await startServer();
  await state.server!.stop();
  const handle = await openDatabase({ kind: "pglite", client: embeddedClient(path.join(state.dataDir, "pglite")) });
  try {
    jobs.first = await insertAcceptedJob(handle.db, { productId: 1, units: 1, customerName: "Lucía Trabajo", email: CUSTOMERS.first, phone: "600 123 456", town: "Getafe" });
    jobs.second = await insertAcceptedJob(handle.db, { customerName: "Pablo Segundo", email: CUSTOMERS.second });
  } finally {
    await handle.close();
  }
  await startServer();
  admin = await adminContext(browser, base, OWNER, { viewport });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  tech = { context, page: await context.newPage() };
});

test.afterAll(async () => {
  await admin?.context.close();
  await tech?.context.close();
  await state.server?.stop();
  await state.smtp?.close();
});

test("the owner creates a technician, who chooses a password and enrols the second factor", { tag: "@movil" }, async () => {
  const { page } = admin;
  await createTechnician(page, TECH);
  await createTechnician(page, OTHER);
  // Invited, not yet technicians (issue 28): the pending invitations' list.
  await expect(page.getByRole("row").filter({ hasText: TECH.email })).toContainText(TECH.name);
  await lookAtBothWidths(page, "tecnicos");
  await withinBudget(page, "técnicos");

  const welcome = await mailTo(TECH.email, /invitación para ser técnico/);
  expect(welcome.text).toContain(`${base}/invitacion/`);
  await acceptInvitationElsewhere(page, mailTo, OTHER);
  const p = tech.page;
  const key = await technicianFirstSignIn(p, mailTo, TECH, (enrol) => lookAtBothWidths(enrol, "tecnico-segundo-factor"));

  // Signing in again asks for the app's code, and lands on /tecnico without being told where.
  await p.getByRole("button", { name: "Cerrar sesión" }).click();
  // The sign-out's answer first: a navigation started before it would cancel it.
  await expect(p.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await p.goto("/login");
  await p.getByLabel("Email", { exact: true }).fill(TECH.email);
  await p.getByLabel("Contraseña", { exact: true }).fill(TECH.password);
  await p.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(p).toHaveURL(/\/login\/verificacion/);
  await submitCode(p, "Código de 6 números de su aplicación de autenticación", "Verificar", key, /\/tecnico$/);
});

test("the owner schedules a job for the technician; an overlap is refused; the customer gets the date with an .ics", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto("/admin/trabajos?estado=pendiente_programar");
  await expect(page.getByRole("status")).toHaveText("2 trabajos en estado «Pendiente de programar»");
  await lookAtBothWidths(page, "trabajos");
  await withinBudget(page, "trabajos");
  await page.getByRole("link", { name: `Trabajo del presupuesto ${jobs.first!.number}` }).click();
  await expect(page.getByRole("heading", { name: `Trabajo del presupuesto ${jobs.first!.number}` })).toBeVisible();
  const map = page.getByRole("link", { name: /Ver en el mapa/ });
  await expect(map).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Calle%20de%20Alcal/);
  await scheduleJob(page, { day, from: "09:00", to: "11:00", technician: TECH.name, notes: "Llevar la llave del cuarto de calderas." });
  await expect(page.getByRole("status").filter({ hasText: "Trabajo programado" })).toBeVisible();
  await expect(page.getByText("Programado", { exact: true })).toBeVisible();
  await lookAtBothWidths(page, "trabajo");
  await withinBudget(page, "un trabajo");

  // The second job at an overlapping time for the same technician: refused, said plainly.
  await page.goto(`/admin/trabajos/${jobs.second!.jobId}`);
  await scheduleJob(page, { day, from: "10:00", to: "12:00", technician: TECH.name });
  await expect(page.getByRole("alert")).toContainText(`${TECH.name} ya tiene el trabajo ${jobs.first!.number}`);
  await openListFilters(page);
  await page.getByLabel("Técnico", { exact: true }).selectOption({ label: OTHER.name });
  await page.getByRole("button", { name: "Programar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trabajo programado" })).toBeVisible();

  const mail = await mailTo(CUSTOMERS.first, /fecha de su instalación/);
  expect(mail.text).toContain("de 09:00 a 11:00 (hora de Madrid)");
  const ics = mail.attachments.find((a) => a.filename?.endsWith(".ics"));
  expect(ics, "el archivo de calendario").toBeTruthy();
  const file = ics!.content.toString("utf8").replace(/\r\n[ \t]/g, "");
  expect(file).toContain(`DTSTART;TZID=Europe/Madrid:${day.replaceAll("-", "")}T090000`);
  expect(file).toContain("BEGIN:VTIMEZONE");
});

test("the calendar shows the week on a desktop and a list of days on a phone, filtered per technician", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto(`/admin/calendario?semana=${day}`);
  const week = page.locator(".calendar-days");
  await expect(week.getByRole("link", { name: new RegExp(jobs.first!.number) })).toBeVisible();
  await expect(week.getByText(jobs.second!.number)).toBeVisible();
  const columns = () => week.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  await page.setViewportSize(DESKTOP);
  expect(await columns(), "siete columnas a 1400 px").toBe(7);
  await page.setViewportSize(PHONE);
  expect(await columns(), "un día debajo de otro a 375 px").toBe(1);
  await page.setViewportSize(viewport);
  await lookAtBothWidths(page, "calendario");
  await withinBudget(page, "calendario");

  await openListFilters(page);
  await page.getByLabel("Técnico", { exact: true }).selectOption({ label: OTHER.name });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tecnico=/);
  await expect(week.getByText(jobs.second!.number)).toBeVisible();
  await expect(week.getByText(jobs.first!.number)).toHaveCount(0);

  await page.goto(`/admin/calendario?vista=dia&dia=${day}`);
  await expect(page.locator(".calendar-single").getByText("09:00–11:00")).toBeVisible();
  await lookAtBothWidths(page, "calendario-dia");
  // Today is marked, in words and for assistive technology.
  // "Ir a hoy", not "Hoy": that is the phone's bottom bar, to the home's agenda.
  await page.getByRole("link", { name: "Ir a hoy" }).click();
  await expect(page.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(page.locator('[aria-current="date"]')).toContainText("Hoy");
});

test("the technician sees their job on /tecnico, and nothing of the back office or of another technician", { tag: "@movil" }, async () => {
  const p = tech.page;
  await p.goto("/tecnico");
  await expect(p.getByRole("link", { name: new RegExp(`Lucía Trabajo · ${jobs.first!.number}`) })).toBeVisible();
  await expect(p.getByText("Pablo Segundo")).toHaveCount(0);
  await lookAtBothWidths(p, "tecnico");
  await withinBudget(p, "área del técnico");
  await p.getByRole("link", { name: new RegExp(jobs.first!.number) }).click();
  await expect(p.getByRole("heading", { name: `Trabajo ${jobs.first!.number}` })).toBeVisible();
  await expect(p.getByRole("link", { name: /Ver en el mapa/ })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
  await expect(p.getByRole("link", { name: "Llamar al 600 123 456" })).toHaveAttribute("href", "tel:+34600123456");
  await expect(p.getByRole("row").filter({ hasText: "Caldera de condensación · Nueva, 24 kW" })).toContainText("1 ud");
  await expect(p.getByText("Llevar la llave del cuarto de calderas.")).toBeVisible();
  await lookAtBothWidths(p, "tecnico-trabajo");
  await withinBudget(p, "un trabajo del técnico");

  for (const closed of ["/admin/pedidos", "/admin", "/admin/trabajos", `/tecnico/trabajos/${jobs.second!.jobId}`]) {
    const response = await p.goto(closed);
    expect(response?.status(), closed).toBe(404);
  }
});

test("the technician's private feed serves their job until the owner revokes it", { tag: "@movil" }, async ({ playwright }) => {
  const p = tech.page;
  await p.goto("/tecnico");
  await hydrated(p);
  await p.getByRole("button", { name: "Crear la dirección" }).click();
  const feed = (await p.getByTestId("feed-url").textContent())?.trim() ?? "";
  expect(feed).toMatch(new RegExp(`^${base}/calendario/[A-Za-z0-9_-]+\\.ics$`));
  // A calendar app: no cookie.
  const app = await playwright.request.newContext();
  try {
    const served = await app.get(feed);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(served.headers()["cache-control"]).toBe("private, no-store");
    const body = (await served.text()).replace(/\r\n[ \t]/g, "");
    expect(body).toContain(jobs.first!.number);
    expect(body).not.toContain(jobs.second!.number);

    await admin.page.goto("/admin/tecnicos");
    await admin.page.getByRole("button", { name: `Revocar calendario de ${TECH.name}` }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "ya no funciona" })).toBeVisible();
    expect((await app.get(feed)).status()).toBe(404);
  } finally {
    await app.dispose();
  }
  await expectAccessible(admin.page);
});
