import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { adminContext, openAdminSection } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { lookAtBothWidths, rejectCookies } from "./helpers";

/*
 * Issue 11, catalogue, on a server of this spec's own (its price changes must not move the
 * prices other specs expect): a customer has two thermostats in the basket; the owner edits a
 * price on a desktop and another on a phone (the product page and the open basket show them),
 * creates a product, and imports a CSV price list after a dry run that first refused a wrong
 * line. Every admin page checked with axe at 1400 and 375 px, screenshots kept to look at.
 */
const PORT = specPort(63);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-catalogo@termoclima.test";
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };
const T6R = "/tienda/detalle/termostatos/16";
const TW3 = "/tienda/detalle/termostatos/22";
const MIGO = "/tienda/detalle/termostatos/19";

let server: AppServer | undefined;
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };

async function addToBasket(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const element = document.querySelector("form.detail-form button[type=submit]");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();
}

/** The shop of this instance shows the change within 5 s (the promise), page and basket. */
async function shopShows(path: string, model: string, price: RegExp) {
  const { page } = customer;
  await expect(async () => {
    await page.goto(path);
    await expect(page.locator(".detail-info")).toContainText(price, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await page.goto("/carrito");
  await expect(page.locator(".basket-table tbody tr").filter({ hasText: model })).toContainText(price);
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  server = await startAppServer({ port: PORT, dataDir: freshDataDir("catalogo"), env: { ADMIN_EMAILS: OWNER, CART_RATE_LIMIT: "1000" } });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES" });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await addToBasket(customer.page, T6R);
  await addToBasket(customer.page, TW3);
  admin = await adminContext(browser, base, OWNER, { viewport: DESKTOP });
});

test.afterAll(async () => {
  // The server stops even when closing a context fails (a trace file gone, say).
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
  await server?.stop();
});

test("desktop: finds a product, edits its price; the product page and an open basket show it", async () => {
  const { page } = admin;
  await openAdminSection(page, "Catálogo");
  await expect(page.getByRole("heading", { level: 1, name: "Catálogo" })).toBeVisible();
  await lookAtBothWidths(page, "catalogo-lista");

  await page.getByLabel("Buscar").fill("honeywell");
  await page.getByLabel("Familia").selectOption("termostatos");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/\/admin\/catalogo\?q=honeywell&familia=termostatos/);
  await expect(page.locator(".admin-products tbody tr")).toHaveCount(3);
  await page.getByRole("link", { name: "Honeywell T6R Smart" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Honeywell T6R Smart" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Fotos" })).toHaveAttribute("href", "/admin/catalogo/16/fotos");
  await lookAtBothWidths(page, "catalogo-producto");

  await expect(page.getByLabel(/^Precio \(IVA incluido\)/)).toHaveValue("219,00");
  await page.getByLabel(/^Precio \(IVA incluido\)/).fill("187,65");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();
  await expect(page.getByLabel(/^Precio \(IVA incluido\)/)).toHaveValue("187,65");
  await shopShows(T6R, "T6R Smart", /187,65\s€/);
});

test("375 px: a wrong price is explained beside its field; the right one reaches the basket", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto("/admin/catalogo?familia=termostatos");
  await page.getByRole("link", { name: "Orkli TW-3 Wifi" }).click();
  const price = page.getByLabel(/^Precio \(IVA incluido\)/);
  // Hydrated: the action's schema checks the form in the browser before anything is sent.
  await page.waitForFunction(() => Object.keys(document.querySelector("form.product-form") ?? {}).some((key) => key.startsWith("__reactProps")));
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await price.fill("12,345");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("alert")).toContainText("No se ha guardado");
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#producto-price-error")).toHaveText(/^Precio: escriba un importe en euros/);
  expect(posts).toEqual([]);
  await lookAtBothWidths(page, "catalogo-producto-error");

  await page.setViewportSize(PHONE);
  await price.fill("1.299,90");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();
  await shopShows(TW3, "TW-3 Wifi", /1\.299,90\s€/);
});

test("creates a product; the shop shows it with its family's drawing", async () => {
  const { page } = admin;
  await page.setViewportSize(PHONE);
  await page.goto("/admin/catalogo");
  await page.getByRole("link", { name: "Nuevo producto" }).click();
  await page.getByRole("link", { name: "Termostato" }).click();
  await lookAtBothWidths(page, "catalogo-producto-nuevo");
  await page.getByLabel(/^Marca/).fill("Honeywell");
  await page.getByLabel(/^Modelo/).fill("T3 Básico");
  await page.getByLabel(/^Tipo/).selectOption("digital");
  await page.getByLabel(/^Precio \(IVA incluido\)/).fill("64,50");
  await page.getByLabel(/^Stock/).fill("4");
  await page.getByLabel("Wifi").check();
  await page.getByLabel(/^Descripción \*/).fill("Termostato digital sencillo, con pantalla grande.");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Honeywell T3 Básico" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Producto creado");
  const id = /\/admin\/catalogo\/(\d+)/.exec(page.url())?.[1];

  const shop = customer.page;
  await shop.goto(`/tienda/detalle/termostatos/${id}`);
  await expect(shop.getByRole("heading", { level: 1 })).toContainText("T3 Básico");
  await expect(shop.locator(".detail-info")).toContainText(/64,50\s€/);
  const drawing = await shop.request.get("/imagenes/demo/honeywell-t3-basico-1.svg");
  expect(drawing.headers()["content-type"]).toContain("image/svg+xml");
});

test("exports the list, then imports a price list after a dry run that refused a wrong line", async () => {
  const { page } = admin;
  await page.setViewportSize(DESKTOP);
  await page.goto("/admin/catalogo");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^catalogo-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = readFileSync((await download.path())!);
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(exported.subarray(3).toString("utf8")).toContain("\r\n16;termostatos;Honeywell;T6R Smart;187,65;;3;2;sí\r\n");

  await page.getByRole("link", { name: "Importar CSV" }).click();
  const upload = (csv: string) =>
    page.getByLabel("Archivo CSV").setInputFiles({ name: "precios.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });
  await upload("id;marca;modelo;precio;stock\r\n16;Honeywell;T6R Smart;177,77;9\r\n19;Saunier Duval;MiGo Link;doce;2\r\n");
  await page.getByRole("button", { name: "Comprobar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 línea con errores" })).toBeVisible();
  await expect(page.locator("table").filter({ hasText: "Error" }).locator("tbody tr")).toHaveText([/3\s*Precio «doce» no válido/]);
  await expect(page.getByRole("button", { name: /Aplicar cambios/ })).toHaveCount(0);
  await lookAtBothWidths(page, "catalogo-importar-errores");

  await page.setViewportSize(DESKTOP);
  await upload("id;marca;modelo;precio;stock\r\n16;Honeywell;T6R Smart;177,77;9\r\n19;Saunier Duval;MiGo Link;244,44;2\r\n");
  await page.getByRole("button", { name: "Comprobar" }).click();
  const changes = page.locator("table").filter({ hasText: "Cambio" }).locator("tbody tr");
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText(/Precio: 187,65\s€\s*→\s*pasa a\s*177,77\s€/);
  await expect(changes.nth(0)).toContainText("Stock: 3");
  await lookAtBothWidths(page, "catalogo-importar-comprobacion");

  // Nothing changed yet: the shop still has the old price.
  await customer.page.goto(MIGO);
  await expect(customer.page.locator(".detail-info")).toContainText(/259,00\s€/);
  await page.getByRole("button", { name: "Aplicar cambios (2 productos)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Se han actualizado 2 productos." })).toBeVisible();
  await shopShows(T6R, "T6R Smart", /177,77\s€/);
  await customer.page.goto(MIGO);
  await expect(customer.page.locator(".detail-info")).toContainText(/244,44\s€/);
});

test("the audit log lists each change with who made it", async () => {
  const { page } = admin;
  await page.goto("/admin/registro?entidad=producto");
  const rows = page.locator("table tbody tr");
  await expect(rows.filter({ hasText: "editó el producto" })).toHaveCount(2);
  await expect(rows.filter({ hasText: "creó el producto" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "lista de precios (CSV)" })).toHaveCount(2);
  await expect(rows.first()).toContainText(OWNER);
});
