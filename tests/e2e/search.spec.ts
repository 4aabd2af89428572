import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies, screenshot } from "./helpers";

/*
 * Search (issue 15): the header's field on every page, with JavaScript (a combobox of
 * suggestions used by keyboard) and without (a GET form to /buscar); the results page with the
 * catalogue's cards, filters and pages; typos, accents, powers in frigorías; the page when
 * nothing is found. Desktop and 375 px.
 */

const field = (page: Page) => page.getByRole("banner").getByLabel("Buscar", { exact: true });
const cards = (page: Page) => page.locator(".catalogue-grid .product-card");

/**
 * axe, no sideways scrolling and a screenshot at the project's width (both projects run this
 * spec). Not lookAtBothWidths on a long page: after a resize the footer, laid out only when
 * near the screen (content-visibility), keeps the height it had at the other width until it is
 * scrolled to, and axe then reads its last line on white.
 */
async function lookAtThisWidth(page: Page, name: string) {
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: la página no se desplaza de lado`).toBeLessThanOrEqual(0);
  await screenshot(page, { path: `tests/.tmp/screens/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

async function typeInHeader(page: Page, text: string) {
  const input = field(page);
  await input.click();
  await input.pressSequentially(text, { delay: 40 });
}

test.describe("with JavaScript", { tag: "@movil" }, () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/tienda");
    await rejectCookies(page);
  });

  test("the suggestions by keyboard: arrows move, Enter opens the product, the count is announced", async ({ page }) => {
    await typeInHeader(page, "sensira");
    const combobox = page.getByRole("combobox", { name: "Buscar" });
    const listbox = page.getByRole("listbox", { name: "Sugerencias" });
    await expect(listbox.getByRole("option")).toHaveCount(2);
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    await expect(combobox).toHaveAttribute("aria-autocomplete", "list");
    await expect(combobox).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
    await expect(page.getByRole("status").filter({ hasText: "2 sugerencias" })).toHaveCount(1);
    await expect(combobox).not.toHaveAttribute("aria-activedescendant", /.+/);

    await page.keyboard.press("ArrowDown");
    const first = listbox.getByRole("option").nth(0);
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combobox).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await expect(combobox).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const second = listbox.getByRole("option").nth(1);
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(second).toContainText("Daikin Sensira FTXF35E");
    await screenshot(page, { path: `tests/.tmp/screens/busqueda-sugerencias-${page.viewportSize()?.width}.png` });
    await expectAccessible(page);
    // Round the list: down from the last is the first, up from the first the last.
    await page.keyboard.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
    await expect(second).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tienda\/detalle\/aires\/24$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Sensira FTXF35E");
    await expect(listbox).toBeHidden();
  });

  test("Escape closes the list, then clears the field; Enter with nothing highlighted searches", async ({ page }) => {
    await typeInHeader(page, "daikin");
    const combobox = page.getByRole("combobox", { name: "Buscar" });
    const listbox = page.getByRole("listbox", { name: "Sugerencias" });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveAttribute("aria-expanded", "false");
    await expect(combobox).toHaveValue("daikin");
    await page.keyboard.press("Escape");
    await expect(combobox).toHaveValue("");

    await combobox.pressSequentially("daikin", { delay: 40 });
    await expect(listbox.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/buscar\?q=daikin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados de «daikin»");
    await expect(cards(page)).toHaveCount(6);
    // The field shows the query searched.
    await expect(field(page)).toHaveValue("daikin");
  });

  test("a family named suggests the family, which opens its catalogue", async ({ page }) => {
    await typeInHeader(page, "aerotermia");
    const family = page.getByRole("option", { name: /Aerotermia/ }).first();
    await expect(family).toContainText("Ver la familia");
    await family.click();
    await expect(page).toHaveURL(/\/tienda\/aerotermia\/aerotermia-kits$/);
  });
});

test("without JavaScript the header's field is a form to /buscar; the filters work by Aplicar", { tag: "@movil" }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-ES", javaScriptEnabled: false, viewport: test.info().project.use.viewport });
  const page = await context.newPage();
  try {
    await page.goto("/contacto");
    await rejectCookies(page);
    const input = field(page);
    await expect(input).toHaveAttribute("type", "search");
    await input.fill("mitsubisi");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/buscar\?q=mitsubisi$/);
    await expect(page.getByText("Buscamos «mitsubishi» en lugar de «mitsubisi».")).toBeVisible();
    await expect(cards(page)).toHaveCount(5);
    for (const title of await cards(page).locator(".card-brand").allTextContents()) expect(title).toBe("Mitsubishi");

    await page.getByText("Mostrar Filtros").click();
    await page.getByLabel("Familia").selectOption("aerotermia");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/familia=aerotermia/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Quitar filtro Aerotermia" })).toBeVisible();
    await expect(page.getByText("2 productos")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a typo and a query without accents find the product", { tag: "@movil" }, async ({ page }) => {
  await page.goto("/buscar?q=hermman%20micracom%2024");
  await expect(cards(page).first()).toContainText("Micracom Condens 24");
  await expect(page.getByText("Buscamos «hermann» en lugar de «hermman».")).toBeVisible();

  await page.goto("/buscar?q=caldera%20mixta%20de%20condensacion");
  await expect(page.getByText("Buscamos: Calderas: Mixta condensación", { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText("Mixta condensación");
});

test("3000 frigorías finds the air conditioners of about 3.5 kW, and pages like the catalogue", { tag: "@movil" }, async ({ page }) => {
  const response = await page.goto("/buscar?q=3000%20frigor%C3%ADas");
  expect(response?.status()).toBe(200);
  await rejectCookies(page);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page).toHaveTitle(/^Buscar «3000 frigorías» \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByText("Buscamos: Aires acondicionados · Unos 3,49 kW (3000 frigorías/h)")).toBeVisible();
  await expect(page.getByText("3 productos")).toBeVisible();
  const hrefs = await cards(page).locator(".card-title a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(["/tienda/detalle/aires/24", "/tienda/detalle/aires/27", "/tienda/detalle/aires/33"]);
  for (const card of await cards(page).all()) await expect(card).toContainText("3,5 kW");

  await page.goto("/buscar?q=aire&porPagina=6");
  await expect(cards(page)).toHaveCount(6);
  const pages = page.getByRole("navigation", { name: "Paginación" });
  await pages.getByRole("link", { name: "Página 2" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(cards(page)).toHaveCount(6);
  await hydrated(page);
  await lookAtThisWidth(page, "busqueda-resultados");
});

test("nothing found: says so, offers the four families and the contact form; no query: asks for one", { tag: "@movil" }, async ({ page }) => {
  const response = await page.goto("/buscar?q=barbacoa%20de%20carb%C3%B3n");
  expect(response?.status()).toBe(200);
  await rejectCookies(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No hemos encontrado productos para «barbacoa de carbón»");
  const families = page.getByRole("region", { name: "Nuestras familias de productos" });
  for (const [name, href] of [
    ["Calderas", "/tienda/calderas/calderas-condensacion"],
    ["Aires acondicionados", "/tienda/aires/aires"],
    ["Aerotermia", "/tienda/aerotermia/aerotermia-kits"],
    ["Termostatos", "/tienda/termostatos/termostatos"],
  ]) {
    await expect(families.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href!);
  }
  await expect(families.getByRole("link", { name: "Escríbanos desde el formulario de contacto" })).toHaveAttribute("href", "/contacto");
  await expect(page.getByRole("search", { name: "Buscar de nuevo" }).getByRole("searchbox")).toHaveValue("barbacoa de carbón");
  await hydrated(page);
  await lookAtBothWidths(page, "busqueda-sin-resultados");

  await page.goto("/buscar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buscar en la tienda");
  await expect(page.getByLabel(/¿Qué busca\?/)).toBeVisible();
  const offered = page.getByRole("region", { name: "Nuestras familias de productos" });
  await expect(offered.getByRole("link", { name: /^(Calderas|Aires acondicionados|Aerotermia|Termostatos) / })).toHaveCount(4);
  await expect(offered.getByRole("link", { name: "Escríbanos desde el formulario de contacto" })).toBeVisible();
  await expect(offered.getByRole("link", { name: /^\d{3} \d{3} \d{3}$/ })).toHaveAttribute("href", /^tel:/);
  await expectAccessible(page);

  const long = await page.goto(`/buscar?q=${"a".repeat(101)}`);
  expect(long?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("demasiado larga");
});

test("the suggestions endpoint answers JSON, 400 for a query too long", { tag: "@movil" }, async ({ request }) => {
  const ok = await request.get("/buscar/sugerencias?q=daikin%203,5%20kw");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["cache-control"]).toBe("public, max-age=60");
  expect(await ok.json()).toMatchObject({ items: [{ kind: "producto", label: "Daikin Sensira FTXF35E", href: "/tienda/detalle/aires/24" }] });
  const long = await request.get(`/buscar/sugerencias?q=${"x".repeat(101)}`);
  expect(long.status()).toBe(400);
  expect((await long.json()).error).toMatch(/demasiado larga/);
});
