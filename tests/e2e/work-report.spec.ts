import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { addDays, madridDay } from "../../app/domain/dates/madrid-dates";
import { firstLoadJsOfHtml, JS_BUDGET_KB } from "../../scripts/bench/first-load-js";
import { embeddedClient, openDatabase } from "../../app/server/db/client.server";
import { products } from "../../app/server/catalogue/catalogue-schema.server";
import { images } from "../../app/server/images/images-schema.server";
import { installedUnits, workReports } from "../../app/server/jobs/jobs-schema.server";
import { adminContext } from "../support/admin-e2e";
import { buildDirectory, freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { insertAcceptedJob, type JobFixture } from "../support/job-fixtures";
import { pdfText } from "../support/pdf-text";
import { startSmtpCapture } from "../support/smtp-capture";
import { createTechnician, scheduleJob, technicianFirstSignIn } from "../support/technician-e2e";
import { addExtra, addPhoto, customerSigns, expectDrawn, fillBoilerReport, OFFLINE_MESSAGE, openAndStartJob } from "../support/work-report-e2e";
import { expectAccessible, hydrated, lookAtBothWidths, waitForMail, widerThanScreen, screenshot } from "./helpers";

/*
 * The technician's work report on a phone (issue 17), on a server of this spec's own with a
 * real SMTP server. A boiler job is put in its database while it is stopped; the owner makes a
 * technician and schedules the job for them. At 375 px the technician starts the job, ticks
 * the checklist, types the combustion values (decimal commas), the boiler's serial number,
 * adds a photo and an extra; a reload keeps it all (the draft is on the phone); the
 * connection goes, the customer signs, "Enviar el parte" says it is kept; the connection comes
 * back and the report goes by itself, once; the page shows it signed and the customer's e-mail
 * carries the PDF.
 */
const PORT = specPort(165);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-parte@termoclima.test";
const TECH = { name: "Tomás Instalador", email: "tomas.parte@termoclima.test", password: "contraseña-del-técnico-1" };
const CUSTOMER = "lucia.parte@example.com";
const PHONE = { width: 375, height: 740 };
const SERIAL = "21334500100234567";

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; job?: JobFixture } = { dataDir: "" };
let owner: { context: BrowserContext; page: Page };
let tech: { context: BrowserContext; page: Page };

test.describe.configure({ mode: "serial", timeout: 180_000 });

const startServer = async () => {
  state.server = await startAppServer({ port: PORT, dataDir: state.dataDir, env: { SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER } });
};
const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);

/** Runs `work` on the spec's database while its server is stopped (PGlite is single-process). */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  await state.server?.stop();
  const handle = await openDatabase({ kind: "pglite", client: embeddedClient(path.join(state.dataDir, "pglite")) });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function withinBudget(page: Page, name: string) {
  const response = await page.request.get(new URL(page.url()).pathname, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const load = firstLoadJsOfHtml(await response.text(), name, page.url(), path.join(buildDirectory(), "client"));
  expect(load.totalKb, `${name}: JavaScript de la primera carga`).toBeLessThanOrEqual(JS_BUDGET_KB);
  test.info().annotations.push({ type: "primera carga", description: `${name}: ${load.totalKb} KB de JavaScript (gzip)` });
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(300_000);
  state.smtp = await startSmtpCapture();
  state.dataDir = freshDataDir("parte");
  await startServer();
  state.job = await withDatabase(async (db) => {
    const [boiler] = await db.select({ id: products.id }).from(products).where(eq(products.family, "calderas")).limit(1);
    return insertAcceptedJob(db, { productId: boiler!.id, units: 1, customerName: "Lucía Parte", email: CUSTOMER, phone: "600 123 456", town: "Getafe" });
  });
  await startServer();
  owner = await adminContext(browser, base, OWNER);
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: PHONE, hasTouch: true });
  tech = { context, page: await context.newPage() };
  // The owner makes a technician and schedules the boiler job for them (jobs-calendar.spec.ts tests those steps).
  await createTechnician(owner.page, TECH);
  await technicianFirstSignIn(tech.page, mailTo, TECH);
  await owner.page.goto(`/admin/trabajos/${state.job!.jobId}`);
  await scheduleJob(owner.page, { day: addDays(madridDay(new Date()), 1), from: "09:00", to: "13:00", technician: TECH.name });
  await expect(owner.page.getByRole("status").filter({ hasText: "Trabajo programado" })).toBeVisible();
});

test.afterAll(async () => {
  await owner?.context.close();
  await tech?.context.close();
  await state.server?.stop();
  await state.smtp?.close();
});

test("at 375 px the technician fills the report, loses the connection, the customer signs, and it goes once when the connection returns", async () => {
  const p = tech.page;
  await openAndStartJob(p, state.job!.jobId);
  await expect(p.getByText("En curso", { exact: false }).first()).toBeVisible();
  await withinBudget(p, "parte de trabajo");

  await fillBoilerReport(p, SERIAL);
  await addPhoto(p);
  await addExtra(p, { kind: "Material", description: "Llave de corte de 3/4", quality: "Latón", quantity: "1", unit: "ud", unitPrice: "18,50" });
  await expect(p.getByTestId("extras-total")).toContainText("22,39");
  await p.getByLabel("Notas del técnico").fill("Caldera antigua retirada al punto limpio.");

  // A reload (the phone's browser may drop the page): everything typed and the photo are still there.
  await p.reload();
  await hydrated(p);
  await expect(p.locator(".work-report-form[data-ready=si]")).toBeVisible();
  await expect(p.getByLabel(/^Número de serie/)).toHaveValue(SERIAL);
  await expect(p.getByLabel("CO2 (%)")).toHaveValue("9,1");
  await expect(p.getByLabel("Prueba de estanqueidad del gas")).toBeChecked();
  await expectDrawn(p.getByRole("img", { name: "Foto 1 del trabajo" }));
  await expect(p.getByRole("group", { name: "Adicional 1" }).getByLabel("Descripción")).toHaveValue("Llave de corte de 3/4");
  await expectAccessible(p);
  expect(await widerThanScreen(p), "ningún elemento se sale de los 375 px").toEqual([]);
  expect(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), "sin desplazamiento lateral a 375 px").toBeLessThanOrEqual(0);

  // The boiler room: no coverage. The customer signs what the screen says, and the report is kept.
  await tech.context.setOffline(true);
  const statements = p.getByTestId("signed-statements");
  await expect(statements).toContainText("Conforme con los trabajos realizados");
  await expect(statements).toContainText("Acepto los trabajos adicionales por 22,39 € (IVA incluido)");
  await customerSigns(p, "Lucía Parte");
  await expectDrawn(p.getByRole("img", { name: "Foto 1 del trabajo" }));
  // The README's picture: what the customer signs, on the phone.
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await p.getByRole("group", { name: "Firma del cliente" }).evaluate((el) => el.scrollIntoView({ block: "start" }));
  // DOC_SCREENSHOTS=1 renews the README's copy; other runs leave the tracked file alone.
  const folder = process.env.DOC_SCREENSHOTS === "1" ? "docs/screenshots" : "tests/.tmp/screens";
  mkdirSync(folder, { recursive: true });
  await screenshot(p, { path: `${folder}/work-report-375.png` });
  await p.getByRole("button", { name: "Enviar el parte" }).click();
  await expect(p.getByRole("status").filter({ hasText: OFFLINE_MESSAGE })).toBeVisible();

  // The connection returns: it goes by itself, and the page shows the signed report.
  await tech.context.setOffline(false);
  await expect(p.getByRole("heading", { name: "Parte firmado" })).toBeVisible({ timeout: 30_000 });
  await expect(p.getByText(`número de serie ${SERIAL}`)).toBeVisible();
  await expect(p.getByRole("img", { name: /Firma del cliente/ })).toBeVisible();
  await expect(p.getByText("Acepto los trabajos adicionales por 22,39 € (IVA incluido)")).toBeVisible();
  const thumbnail = p.getByRole("img", { name: "Foto 1 del trabajo" });
  await expect(thumbnail).toHaveAttribute("src", new RegExp(`^/tecnico/trabajos/${state.job!.jobId}/fotos/\\d+-\\d+\\.jpg$`));
  await expectDrawn(thumbnail);
  await expect(p.getByRole("button", { name: "Enviar el parte" })).toHaveCount(0);
  await lookAtBothWidths(p, "parte-firmado");
  await withinBudget(p, "parte firmado");

  // The photo is private: not at the public address.
  const src = (await thumbnail.getAttribute("src"))!;
  const publicCopy = await p.request.get(src.replace(/^\/tecnico\/trabajos\/\d+\/fotos\//, "/imagenes/fotos/"));
  expect(publicCopy.status()).toBe(404);

  const mail = await mailTo(CUSTOMER, /parte de trabajo firmado/);
  const pdf = mail.attachments.find((a) => a.filename?.endsWith(".pdf"));
  expect(pdf?.filename).toBe(`parte-${state.job!.number}.pdf`);
  const text = await pdfText(pdf!.content);
  expect(text).toContain(SERIAL);
  expect(text).toContain("CO2: 9,1 %");
  expect(text).toContain("Llave de corte de 3/4");
  expect(text).toContain("Lucía Parte");
});

test("the report was stored once, with its photo and the boiler's guarantees", async () => {
  const counts = await withDatabase(async (db) => ({
    reports: await db.select().from(workReports).where(eq(workReports.jobId, state.job!.jobId)),
    units: await db.select().from(installedUnits).where(eq(installedUnits.jobId, state.job!.jobId)),
    privateImages: await db.select({ id: images.id }).from(images).where(eq(images.private, true)),
  }));
  expect(counts.reports).toHaveLength(1);
  expect(counts.reports[0]!.photoImageIds).toEqual(counts.privateImages.map((image) => image.id));
  expect(counts.reports[0]!.content.combustion).toMatchObject({ co2Percent: 9.1, flueTempC: 58.5 });
  expect(counts.units).toEqual([expect.objectContaining({ serialNumber: SERIAL, customerEmail: CUSTOMER, legalGuaranteeUntil: expect.any(String) })]);
  await startServer();
});
