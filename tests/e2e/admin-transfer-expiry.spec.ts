import { madridDay } from "../../app/domain/dates/madrid-dates";
import { embeddedClient } from "../../app/server/db/client.server";
import { type PGlite } from "@electric-sql/pglite";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { adminContext, openAdminSection } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { placeTransferOrder, signUpCustomer } from "../support/customer-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { desktopRunLooks, expectAccessible, expectNoSidewaysScroll, hydrated, openListFilters, rejectCookies, waitForMail, screenshot } from "./helpers";

/*
 * Issue 11, on a server of this spec's own (its embedded database, a real SMTP server): the
 * owner's home page and withdrawals (closed by the order's refund, issue 12), and an unpaid
 * transfer that expires. The clock is moved
 * the way time would move it: with the server stopped, the order's created_at is put days back
 * in the database and the job's next run made due; the restarted server's scheduler then runs
 * the real job. No switch in the application for it.
 */
const PORT = specPort(70);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-avisos@termoclima.test";
const CUSTOMER = "marta.transferencia@example.com";
const THERMOSTAT = { path: "/tienda/detalle/termostatos/14", id: 14 };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = { dataDir: "" };
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
const orders = { expiring: "", withdrawn: "" };
/** The project's width (escritorio 1400 px, movil 375 px): the flows run at it. */
let viewport = DESKTOP;

const startServer = async () => {
  state.server = await startAppServer({
    port: PORT,
    dataDir: state.dataDir,
    env: { SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CART_RATE_LIMIT: "1000" },
  });
};

/** Stops the server, runs `change` on its database (PGlite is single-process), starts it again. */
async function whileStopped<T>(change: (db: PGlite) => Promise<T>): Promise<T> {
  await state.server?.stop();
  const db = embeddedClient(path.join(state.dataDir, "pglite"));
  try {
    return await change(db);
  } finally {
    await db.close();
    await startServer();
  }
}

/** Puts the order `days` further back in time and makes the unpaid-transfer job due at start. */
const olderBy = (number: string, days: number) =>
  whileStopped(async (db) => {
    await db.query(`update orders set created_at = created_at - make_interval(days => $2) where number = $1`, [number, days]);
    await db.query(`update scheduled_tasks set next_run_at = now() where name = 'transfer-deadlines'`);
    return (await db.query<{ stock: number }>(`select stock from products where id = $1`, [THERMOSTAT.id])).rows[0]!.stock;
  });

/** E-mails this spec's server sent (tests/e2e/helpers.ts waitForMail). */
const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);

/** axe and a screenshot at both widths, whatever the project's; no sideways scrolling on the phone. */
async function look(page: Page, name: string) {
  if (desktopRunLooks()) return expectNoSidewaysScroll(page, name);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: la página no se desplaza de lado a ${size.width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, { path: `tests/.tmp/screens/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }, info) => {
  viewport = info.project.use.viewport ?? DESKTOP;
  state.smtp = await startSmtpCapture();
  state.dataDir = freshDataDir("avisos");
  await startServer();
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await signUpCustomer(customer.page, base, CUSTOMER);
  orders.expiring = await placeTransferOrder(customer.page, THERMOSTAT.path);
  orders.withdrawn = await placeTransferOrder(customer.page, THERMOSTAT.path);
  admin = await adminContext(browser, base, OWNER, { viewport });
});

test.afterAll(async () => {
  // The server first: a failed context close must not leave it running on the port.
  await state.server?.stop();
  await state.smtp?.close();
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
});

test("the home page: today's orders, transfers waiting, each figure a link to its list", { tag: "@movil" }, async () => {
  const { page } = admin;
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Inicio" })).toBeVisible();
  const today = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pedidos de hoy" }) });
  await expect(today.getByRole("link", { name: "2 pedidos" })).toBeVisible();
  const transfers = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Transferencias pendientes" }) });
  await expect(transfers.getByRole("link", { name: "2 pedidos" })).toBeVisible();
  await expect(transfers).toContainText("Ninguno atrasado");
  await look(page, "admin-inicio");

  await transfers.getByRole("link", { name: "2 pedidos" }).click();
  await expect(page).toHaveURL(/\/admin\/pedidos\?estado=Pendiente\+de\+Pago&pago=transferencia$/);
  for (const number of Object.values(orders)) await expect(page.getByRole("link", { name: number })).toBeVisible();
});

test("a withdrawal: listed, goods returned, closed by the order's refund (no more than was paid)", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(`/login/pedidos/${orders.withdrawn}`);
  // With JavaScript the link opens a dialog; clicked before hydration it leads to a page of its own.
  await hydrated(page);
  await page.getByRole("link", { name: "Desistir del contrato" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Motivo (opcional)").fill("El termostato no es compatible con mi caldera");
  await dialog.getByRole("button", { name: "Confirmar desistimiento" }).click();
  await expect(page.getByRole("status")).toContainText("Hemos registrado su desistimiento el");

  const owner = admin.page;
  await owner.goto("/admin");
  await openAdminSection(owner, "Desistimientos");
  await expect(owner.getByRole("heading", { level: 1, name: "Desistimientos" })).toBeVisible();
  const row = owner.getByRole("row").filter({ hasText: orders.withdrawn });
  await expect(row).toContainText("El termostato no es compatible con mi caldera");
  await expect(row).toContainText("Marta Ruiz Ortega");
  await expect(row).toContainText("Recibido");
  await look(owner, "admin-desistimientos");
  await openListFilters(owner);
  await owner.getByLabel("Estado").selectOption("reembolsado");
  await owner.getByRole("button", { name: "Filtrar" }).click();
  await expect(owner.getByText("Ningún desistimiento en este estado.")).toBeVisible();
  await owner.getByRole("link", { name: "Quitar filtro" }).click();

  await owner.getByRole("link", { name: new RegExp(`Desistimiento del pedido ${orders.withdrawn}`) }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Desistimiento del pedido ${orders.withdrawn}` })).toBeVisible();
  await owner.getByRole("button", { name: "Registrar la devolución" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Mercancía devuelta registrada." })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Registrar la devolución" })).toHaveCount(0);

  // The refund is made on the order's page (issue 12): the transfer arrived, then went back.
  await expect(owner.getByRole("heading", { name: "Reembolso", exact: true })).toBeVisible();
  await look(owner, "admin-desistimiento");
  await owner.getByRole("link", { name: `Reembolsar el pedido ${orders.withdrawn}` }).click();
  await expect(owner.getByRole("heading", { level: 1, name: `Pedido ${orders.withdrawn}` })).toBeVisible();
  await expect(owner.getByText("Este pedido no consta como pagado: no hay nada que reembolsar.")).toBeVisible();
  const paid = owner.getByRole("form", { name: "Marcar como pagado" });
  await paid.getByLabel("Fecha del pago").fill(madridDay(new Date()));
  await paid.getByLabel("Referencia bancaria").fill("TRF-5501");
  await paid.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Estado cambiado a «Pagado»." })).toBeVisible();

  // 49 € + 7,95 € of shipping: 60 € is too much.
  const refund = owner.getByRole("form", { name: "Registrar reembolso por transferencia" });
  await refund.getByLabel("Importe (€)").fill("60,00");
  await refund.getByLabel("Referencia de la transferencia").fill("DEV-5501");
  await refund.getByLabel("Motivo").fill("Desistimiento del contrato");
  await expect(refund.getByRole("checkbox", { name: "Este reembolso cierra el desistimiento del cliente" })).toBeChecked();
  await refund.getByRole("button", { name: "Registrar el reembolso" }).click();
  await expect(refund.getByLabel("Importe (€)")).toHaveAccessibleDescription(/El reembolso no puede superar lo pagado: quedan 56,95\s€ por devolver\./);
  await refund.getByLabel("Importe (€)").fill("49,00");
  await refund.getByRole("button", { name: "Registrar el reembolso" }).click();
  await expect(owner.getByRole("status").filter({ hasText: /Reembolso por transferencia de 49,00\s€ registrado/ })).toBeVisible();
  await expect(owner.getByRole("table", { name: "Reembolsos del pedido" })).toContainText("desistimiento");
  const mail = await mailTo(CUSTOMER, new RegExp(`le hemos devuelto 49,00\\s€ del pedido ${orders.withdrawn}`));
  expect(mail.text).toContain("con la referencia DEV-5501");

  await owner.getByRole("link", { name: "Ver el desistimiento" }).click();
  await expect(owner.getByText("Desistimiento cerrado: el reembolso está registrado.")).toBeVisible();
  await expect(owner.getByText(/49,00\s€ el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  await owner.getByRole("link", { name: "Historial de cambios de este desistimiento" }).click();
  // On a phone each cell also reads its column's name ("Qué").
  await expect(owner.getByRole("cell", { name: /^(Qué )?reembolso$/ })).toBeVisible();
  await expect(owner.getByRole("cell", { name: /^(Qué )?mercancía devuelta$/ })).toBeVisible();
});

test("an unpaid transfer: reminded after 3 days, once; cancelled after 7 with its unit back in stock", { tag: "@movil" }, async () => {
  test.setTimeout(240_000);
  await olderBy(orders.expiring, 4);
  const reminder = await mailTo(CUSTOMER, new RegExp(`recordatorio de pago del pedido ${orders.expiring}`));
  expect(reminder.text).toContain("IBAN: ES91 2100 0418 4502 0005 1332");
  expect(reminder.text).toContain(`Concepto: ${orders.expiring}`);

  const owner = admin.page;
  await owner.goto("/admin");
  const transfers = owner.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: "Transferencias pendientes" }) });
  await owner.getByRole("link", { name: "1 atrasado" }).click();
  await expect(owner.getByRole("link", { name: orders.expiring })).toBeVisible();
  await expect(owner.getByRole("link", { name: orders.withdrawn })).toHaveCount(0);

  const stockBefore = await olderBy(orders.expiring, 4);
  const notice = await mailTo(CUSTOMER, new RegExp(`su pedido ${orders.expiring} ha sido cancelado`));
  expect(notice.text).toMatch(/Motivo: No hemos recibido la transferencia en los 7 días siguientes al pedido/);
  const reminders = state.smtp!.messages.filter((m) => m.subject?.includes(`recordatorio de pago del pedido ${orders.expiring}`));
  expect(reminders).toHaveLength(1);

  await owner.goto("/admin/pedidos?estado=Cancelado");
  await expect(owner.getByRole("row").filter({ hasText: orders.expiring })).toContainText("Cancelado");
  await owner.goto("/admin/registro");
  const line = owner.getByRole("row").filter({ hasText: `pedido ${orders.expiring}` }).filter({ hasText: "cancelar pedido" });
  await expect(line).toContainText("sistema");
  await owner.goto("/admin");
  // The other transfer was paid (and refunded) in the withdrawal's test.
  await expect(transfers.getByRole("link", { name: "0 pedidos" })).toBeVisible();
  await expect(transfers).toContainText("Ninguno atrasado");

  await customer.page.goto("/login");
  await expect(customer.page.locator(".account-orders tbody tr").filter({ hasText: orders.expiring })).toContainText("Cancelado");

  const stockAfter = await whileStopped(async (db) => (await db.query<{ stock: number }>(`select stock from products where id = $1`, [THERMOSTAT.id])).rows[0]!.stock);
  expect(stockAfter).toBe(stockBefore + 1);
});
