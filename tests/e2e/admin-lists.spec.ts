import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { embeddedClient, openDatabase } from "../../app/server/db/client.server";
import { user } from "../../app/server/accounts/accounts-schema.server";
import { fgasDeclarations, withdrawals } from "../../app/server/orders/orders-schema.server";
import { contactRequests } from "../../app/server/quotes/quotes-schema.server";
import { visits } from "../../app/server/visits/visits-schema.server";
import { issueInvoice } from "../../app/server/invoices/issue-invoice.server";
import { linkUntiedRows } from "../../app/server/customers/customer-links.server";
import { ADMIN_SECTIONS } from "../../app/ui/admin/admin-nav";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { insertBilledOrder } from "../support/admin-orders-fixtures";
import { insertAcceptedJob } from "../support/job-fixtures";
import { customer } from "../support/transfer-orders";
import { lookAtBothWidths, screenshot } from "./helpers";

/*
 * The back office's one list (issue 29, decision 0024), on a server of this spec's own: every
 * list is a table on a desktop and a card per row at 375 px, with nothing sticking out at the
 * right (neither the page nor anything inside a table's box); its filters wait behind
 * "Filtrar" on a phone and still filter, into the URL. The rows are put in the database while
 * the server is stopped (PGlite is single-process); the screenshots at both widths land in
 * tests/.tmp/screens/lista-*.png.
 */
const PORT = specPort(120);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-listas@termoclima.test";
const CUSTOMER = "maria.del.carmen.fernandez-villalobos@correo-de-prueba.example.com";
const THERMOSTAT = 14;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };
const ORDERS = { pending: "9001-281126", paid: "9002-281126", fgas: "9003-281126" };

const state: { dataDir: string; server?: AppServer; invoice: string } = { dataDir: "", invoice: "" };
let admin: { context: BrowserContext; page: Page };

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** One of each row the lists show, as the shop's own flows write them. */
async function seed(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", client: embeddedClient(path.join(dataDir, "pglite")) });
  const { db } = handle;
  try {
    const now = new Date();
    const company = { empresa: "Climatizaciones y Reformas Torrelodones de la Sierra, S.L." };
    await insertBilledOrder(db, { number: ORDERS.pending, email: CUSTOMER, createdAt: now, productIds: [THERMOSTAT], bill: { ...company, telefono: "+34 655 443 322" } });
    const paid = await insertBilledOrder(db, { number: ORDERS.paid, email: CUSTOMER, createdAt: now, productIds: [THERMOSTAT], status: "Pagado", bill: company });
    state.invoice = (await db.transaction((tx) => issueInvoice(tx, paid.id, now))).invoice.number;
    await db.insert(withdrawals).values({ orderId: paid.id, userEmail: CUSTOMER, reason: "El termostato no es compatible con la caldera de gasóleo de la comunidad de vecinos", state: "recibido" });
    // F-gas equipment sold without installation whose certificate is months overdue (issue 15).
    const fgas = await insertBilledOrder(db, { number: ORDERS.fgas, email: CUSTOMER, createdAt: new Date(now.getTime() - 400 * 86_400_000), productIds: [THERMOSTAT], status: "Enviado" });
    await db.insert(fgasDeclarations).values({ orderId: fgas.id, declarantName: "María del Carmen Fernández", declarantId: "12345678Z", declaredAt: fgas.createdAt });
    const [request] = await db
      .insert(contactRequests)
      .values({ nameAndSurname: "Rosa Solicitud Larga de Apellidos", phone: "600 111 222", email: CUSTOMER, address: "Calle Mayor 1", town: "San Lorenzo de El Escorial", message: "Caldera" })
      .returning();
    const start = new Date(now.getTime() + 3 * 86_400_000);
    await db.insert(visits).values({
      contactRequestId: request!.id,
      token: randomUUID(),
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      name: "Rosa Solicitud Larga de Apellidos",
      email: CUSTOMER,
      phone: "600 111 222",
      address: "Calle de la Princesa de Éboli 25, 4º izquierda",
      town: "San Lorenzo de El Escorial",
    });
    await insertAcceptedJob(db, { customerName: "Pablo Trabajo", email: "pablo.trabajo@example.com", town: "Alcobendas" });
    const tech = await customer(db, "tomas.tecnico.con.correo.largo@termoclima.test");
    await db.update(user).set({ role: "tecnico", name: "Tomás Instalador" }).where(eq(user.id, tech.id));
    // The rows went straight into their tables: their customer records, as the scheduled task makes them.
    await linkUntiedRows(db);
  } finally {
    await handle.close();
  }
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  state.dataDir = freshDataDir("listas");
  const start = () => startAppServer({ port: PORT, dataDir: state.dataDir, env: { ADMIN_EMAILS: OWNER } });
  // The first start migrates the database; the rows go in while it is stopped.
  state.server = await start();
  await state.server.stop();
  await seed(state.dataDir);
  state.server = await start();
  admin = await adminContext(browser, base, OWNER, { viewport: PHONE });
});

test.afterAll(async () => {
  await admin?.context.close();
  await state.server?.stop();
});

/** Each table row is a card (a grid box) at 375 px and a table row from 700 px. */
const rowDisplay = (page: Page) => page.locator(".admin-table tbody tr").first().evaluate((row) => getComputedStyle(row).display);

/** Nothing wider than the phone: the page does not scroll sideways, nor does any table's box. */
async function expectNothingCutOff(page: Page, name: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    boxes: [...document.querySelectorAll(".admin-table-wrap")].map((box) => box.scrollWidth - box.clientWidth),
  }));
  expect(widths.page, `${name}: la página cabe en 375 px`).toBeLessThanOrEqual(375);
  expect(widths.boxes.filter((extra) => extra > 0), `${name}: ninguna tabla se desplaza de lado`).toEqual([]);
}

/** The list at 375 px: cards, nothing cut off; at 1400 px: the table. Screenshots of both. */
async function lookAtList(page: Page, name: string, listPath: string, row: string | RegExp) {
  await page.setViewportSize(PHONE);
  await page.goto(listPath);
  await expect(page.locator(".admin-table tbody tr").filter({ hasText: row }).first()).toBeVisible();
  expect(await rowDisplay(page), `${name}: una tarjeta por fila a 375 px`).toBe("grid");
  await expectNothingCutOff(page, name);
  // The first screen a phone shows, to look at beside the whole page.
  await screenshot(page, { path: `tests/.tmp/screens/lista-${name}-375-primera-pantalla.png` });
  await lookAtBothWidths(page, `lista-${name}`);
  await page.setViewportSize(DESKTOP);
  expect(await rowDisplay(page), `${name}: una tabla en el escritorio`).toBe("table-row");
  await page.setViewportSize(PHONE);
}

type Filter = { field: string; choose: (page: Page) => Promise<void>; url: RegExp; status: string | RegExp; row?: string | RegExp };

/** At 375 px the filters wait behind their disclosure; opened, they filter into the URL and stay open. */
async function filterOnPhone(page: Page, name: string, filter: Filter, disclosure = "Filtrar") {
  const field = page.getByLabel(filter.field, { exact: true });
  await expect(field, `${name}: los filtros no llenan la primera pantalla`).toBeHidden();
  await page.locator("summary").filter({ hasText: disclosure }).click();
  await expect(field).toBeVisible();
  await filter.choose(page);
  await page.getByRole("button", { name: disclosure, exact: true }).click();
  await expect(page).toHaveURL(filter.url);
  await expect(page.getByRole("status").filter({ hasText: filter.status })).toBeVisible();
  if (filter.row) await expect(page.locator(".admin-table tbody tr").filter({ hasText: filter.row }).first()).toBeVisible();
  // A filtered list shows what it is filtered by.
  await expect(field).toBeVisible();
  await expectNothingCutOff(page, `${name}, filtrada`);
}

const select = (label: string, option: string) => (page: Page) => page.getByLabel(label, { exact: true }).selectOption({ label: option }).then(() => undefined);
const search = (label: string, text: string) => (page: Page) => page.getByLabel(label, { exact: true }).fill(text);

const LISTS: { name: string; path: string; row: string | RegExp; filter?: Filter; disclosure?: string }[] = [
  {
    name: "pedidos",
    path: "/admin/pedidos",
    row: ORDERS.pending,
    filter: { field: "Estado", choose: select("Estado", "Pagado"), url: /estado=Pagado/, status: "1 pedido con estos filtros", row: ORDERS.paid },
  },
  {
    name: "catalogo",
    path: "/admin/catalogo",
    row: /Termostato|Caldera|Aire/,
    filter: { field: "Familia", choose: select("Familia", "Termostatos"), url: /familia=termostatos/, status: /productos? con estos filtros/, row: "Termostato" },
  },
  {
    name: "cuentas",
    path: "/admin/cuentas",
    row: CUSTOMER,
    disclosure: "Buscar",
    filter: { field: "Buscar por e-mail o nombre", choose: search("Buscar por e-mail o nombre", CUSTOMER), url: /q=maria/, status: "1 cuenta encontrada", row: CUSTOMER },
  },
  {
    name: "clientes",
    path: "/admin/clientes",
    row: "Rosa Solicitud",
    disclosure: "Buscar",
    filter: {
      field: "Nombre, empresa, teléfono, e-mail, NIF o dirección",
      choose: search("Nombre, empresa, teléfono, e-mail, NIF o dirección", "escorial"),
      url: /q=escorial/,
      status: "1 cliente encontrado",
      row: "Rosa Solicitud",
    },
  },
  {
    name: "desistimientos",
    path: "/admin/desistimientos",
    row: ORDERS.paid,
    filter: { field: "Estado", choose: select("Estado", "Recibido"), url: /estado=recibido/, status: "1 desistimiento en estado «Recibido»", row: ORDERS.paid },
  },
  {
    name: "solicitudes",
    path: "/admin/solicitudes",
    row: "Rosa Solicitud",
    filter: { field: "Buscar", choose: search("Buscar", "Escorial"), url: /q=Escorial/, status: "1 solicitud con estos filtros", row: "Rosa Solicitud" },
  },
  {
    name: "presupuestos",
    path: "/admin/presupuestos",
    row: "Pablo Trabajo",
    filter: { field: "Estado", choose: select("Estado", "Aceptado"), url: /estado=aceptado/, status: "1 presupuesto con estos filtros", row: "Pablo Trabajo" },
  },
  {
    name: "trabajos",
    path: "/admin/trabajos",
    row: "Pablo Trabajo",
    filter: { field: "Estado", choose: select("Estado", "Pendiente de programar"), url: /estado=pendiente_programar/, status: "1 trabajo en estado «Pendiente de programar»", row: "Pablo Trabajo" },
  },
  {
    name: "facturas",
    path: "/admin/facturas",
    row: ORDERS.paid,
    filter: { field: "Serie", choose: select("Serie", "Rectificativas (R)"), url: /serie=R/, status: /^0 facturas del/ },
  },
  {
    name: "verifactu",
    path: "/admin/facturas/verifactu",
    row: "Alta",
    filter: { field: "Estado", choose: select("Estado", "Pendiente de envío"), url: /estado=pendiente/, status: /^1 registro del .* \(pendiente de envío\)/, row: "Alta" },
  },
  { name: "registro", path: "/admin/registro", row: OWNER },
  { name: "gases-fluorados", path: "/admin/pedidos/gases-fluorados", row: ORDERS.fgas },
  { name: "tecnicos", path: "/admin/tecnicos", row: "Tomás Instalador" },
  { name: "visitas", path: "/admin/visitas", row: "Rosa Solicitud" },
];

for (const list of LISTS) {
  test(`${list.name}: a table on a desktop, cards at 375 px${list.filter ? ", its filter behind «Filtrar»" : ""}`, async () => {
    const { page } = admin;
    await lookAtList(page, list.name, list.path, list.row);
    if (list.filter) await filterOnPhone(page, list.name, list.filter, list.disclosure);
  });
}

test("the audit log filters by what a change was about, from the card", async () => {
  const { page } = admin;
  await page.goto("/admin/registro");
  await page.locator(".admin-table tbody tr").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/registro\?entidad=/);
  await expect(page.getByRole("link", { name: "Ver todo el registro" })).toBeVisible();
  await expectNothingCutOff(page, "registro, filtrado");
});

test("without JavaScript the phone's disclosure opens and the filter lands in the URL", async ({ browser }) => {
  const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false, viewport: PHONE, storageState: await admin.context.storageState() });
  try {
    const page = await plain.newPage();
    await page.goto("/admin/pedidos?pagina=2");
    await page.locator("summary").filter({ hasText: "Filtrar" }).click();
    await page.getByLabel("Forma de pago").selectOption({ label: "Transferencia bancaria" });
    await page.getByRole("button", { name: "Filtrar", exact: true }).click();
    // A new filter starts again at the first page.
    await expect(page).toHaveURL(/\/admin\/pedidos\?q=&estado=&pago=transferencia&desde=&hasta=$/);
    await expect(page.getByRole("status").filter({ hasText: "3 pedidos con estos filtros" })).toBeVisible();
  } finally {
    await plain.close();
  }
});

test("a page past the last one says so and leads back", async () => {
  const { page } = admin;
  await page.goto("/admin/pedidos?pagina=4");
  await expect(page.getByRole("cell", { name: "Esta página no tiene pedidos." })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Páginas de pedidos" });
  await expect(pager).toContainText("Página 4 de 1");
  await pager.getByRole("link", { name: "Anterior" }).click();
  await expect(page).toHaveURL(/\/admin\/pedidos$/);
  await expect(page.locator(".admin-table tbody tr").filter({ hasText: ORDERS.pending })).toHaveCount(1);
});

test("on a phone the bottom bar: Hoy, Agenda, Crear, Buscar and Más, whose menu reaches every section; a side menu from 990 px", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto("/admin/facturas");
  const bar = page.getByRole("navigation", { name: "Barra de la administración" });
  const sections = page.getByRole("navigation", { name: "Secciones de la administración" });
  await expect(bar.getByRole("link")).toHaveText(["Hoy", "Agenda", "Crear", "Buscar", "Más"]);
  await expect(sections).toBeHidden();
  // The page's last line stays above the bar when scrolled to the end.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastBottom = await page.locator("#admin-contenido > *").last().evaluate((e) => e.getBoundingClientRect().bottom);
  const barTop = (await bar.boundingBox())!.y;
  expect(lastBottom).toBeLessThanOrEqual(barTop);

  await bar.getByRole("link", { name: "Más" }).click();
  await expect(sections).toBeVisible();
  // Every section, and «Cerrar el menú».
  await expect(sections.getByRole("link")).toHaveCount(ADMIN_SECTIONS.length + 1);
  // Beside a section, what waits there (issue 30): the seeded new request, visit and job to schedule.
  const item = (name: string) => sections.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(item("Solicitudes")).toHaveText("Solicitudes1 sin contestar");
  await expect(item("Trabajos")).toHaveText("Trabajos1 por programar o por cobrar");
  await expect(item("Facturas")).toHaveText("Facturas");
  await screenshot(page, { path: "tests/.tmp/screens/admin-menu-mas-375.png" });
  await sections.getByRole("link", { name: "Trabajos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trabajos" })).toBeVisible();
  await expect(sections).toBeHidden();

  await bar.getByRole("link", { name: "Crear" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Crear" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Presupuesto nuevo" })).toHaveAttribute("href", "/admin/presupuestos/nuevo");
  await lookAtBothWidths(page, "admin-crear");
  await bar.getByRole("link", { name: "Hoy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inicio" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Hoy" })).toHaveAttribute("aria-current", "page");

  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(bar).toBeHidden();
  await expect(sections).toBeVisible();
  await expect(sections.getByRole("link", { name: "Cerrar el menú" })).toBeHidden();
  const [menu, main] = [(await sections.boundingBox())!, (await page.locator("#admin-contenido").boundingBox())!];
  expect(menu.x + menu.width).toBeLessThanOrEqual(main.x);
  await page.setViewportSize(PHONE);
});

test("without JavaScript «Más» still opens the sections (CSS :target) and «Cerrar el menú» closes them", async ({ browser }) => {
  const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false, viewport: PHONE, storageState: await admin.context.storageState() });
  try {
    const page = await plain.newPage();
    await page.goto("/admin/facturas");
    const sections = page.getByRole("navigation", { name: "Secciones de la administración" });
    await expect(sections).toBeHidden();
    await page.getByRole("navigation", { name: "Barra de la administración" }).getByRole("link", { name: "Más" }).click();
    await expect(sections).toBeVisible();
    await sections.getByRole("link", { name: "Cerrar el menú" }).click();
    await expect(sections).toBeHidden();
  } finally {
    await plain.close();
  }
});

test("one search (issue 30): on a phone an order by the customer's phone typed with spaces, a request by surname, an invoice by its number; the desktop's header box", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Barra de la administración" }).getByRole("link", { name: "Buscar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Buscar" })).toBeVisible();
  const box = page.getByLabel("Número, nombre, teléfono, e-mail, NIF o dirección", { exact: true });
  const results = (kind: string) => page.getByRole("region", { name: kind, exact: true });

  await box.fill("655 44 33 22");
  await box.press("Enter");
  await expect(results("Pedidos").getByRole("link", { name: `Pedido ${ORDERS.pending}` })).toBeVisible();
  await expect(page.getByRole("region")).toHaveCount(1);
  await lookAtBothWidths(page, "admin-buscar-telefono");

  await box.fill("larga de apellidos");
  await box.press("Enter");
  await expect(results("Solicitudes").getByRole("link", { name: "Rosa Solicitud Larga de Apellidos" })).toBeVisible();
  await expect(results("Visitas").getByRole("link", { name: "Visita a Rosa Solicitud Larga de Apellidos" })).toBeVisible();
  await screenshot(page, { path: "tests/.tmp/screens/admin-buscar-apellido-375.png", fullPage: true });
  await results("Solicitudes").getByRole("link", { name: "Rosa Solicitud Larga de Apellidos" }).click();
  await expect(page).toHaveURL(/\/admin\/solicitudes\/\d+$/);
  await page.goBack();

  await box.fill(state.invoice);
  await box.press("Enter");
  const invoice = results("Facturas").getByRole("link", { name: `Factura ${state.invoice}` });
  await expect(invoice).toHaveAttribute("href", `/admin/facturas/${state.invoice}/pdf`);

  // Too little to look for: a Spanish message tied to the box, the page answered 400.
  await box.fill("de");
  const [answer] = await Promise.all([page.waitForResponse((response) => response.url().includes("/admin/buscar")), box.press("Enter")]);
  expect(answer.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Escriba al menos tres letras o cifras seguidas.");
  await expect(box).toHaveAttribute("aria-invalid", "true");

  // On a desktop the header's box searches from any page.
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/facturas");
  const header = page.getByRole("search", { name: "Búsqueda en toda la administración" });
  await header.getByRole("searchbox").fill("655443322");
  await header.getByRole("searchbox").press("Enter");
  await expect(results("Pedidos").getByRole("link", { name: `Pedido ${ORDERS.pending}` })).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectNothingCutOff(page, "buscar");
});

test("an order's delivery note (issue 30): from the order's page, to print at 375 px and on a desktop, without prices when asked, and its PDF", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/pedidos/${ORDERS.paid}`);
  await page.getByRole("link", { name: "Albarán de entrega" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Albarán de entrega" })).toBeVisible();
  const goods = page.getByRole("table", { name: `Mercancía del pedido ${ORDERS.paid}` });
  await expect(goods.getByRole("columnheader")).toHaveText(["Cantidad", "Descripción", "Precio unidad", "Importe"]);
  await expect(goods.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("1");
  await expect(goods).toContainText("Total del pedido (IVA incluido)");
  await lookAtBothWidths(page, "admin-albaran");
  // Printed, the back office's frame stays out of the page.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Barra de la administración" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Descargar el PDF" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  await page.getByRole("link", { name: "Ver sin precios" }).click();
  await expect(page).toHaveURL(/albaran\?precios=no$/);
  await expect(goods.getByRole("columnheader")).toHaveText(["Cantidad", "Descripción"]);
  await expect(page.getByText("€")).toHaveCount(0);
  const pdf = await page.request.get(await page.getByRole("link", { name: "Descargar el PDF" }).getAttribute("href").then((href) => href!));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a visit given to a technician from its card at 375 px (issue 30)", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto("/admin/visitas");
  const choice = page.getByLabel("Técnico de la visita de Rosa Solicitud Larga de Apellidos", { exact: true });
  await choice.selectOption({ label: "Tomás Instalador" });
  await page.getByRole("button", { name: "Asignar el técnico de la visita de Rosa Solicitud Larga de Apellidos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visita de Rosa Solicitud Larga de Apellidos asignada a Tomás Instalador." })).toBeVisible();
  await expect(choice).toHaveValue(/.+/);
  await expectNothingCutOff(page, "visitas-tecnico");
  await screenshot(page, { path: "tests/.tmp/screens/admin-visita-tecnico-375.png", fullPage: true });
});
