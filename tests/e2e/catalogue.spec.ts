import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

const cards = (page: Page) => page.locator(".catalogue-grid > li");
const badge = (page: Page) => page.getByTestId("basket-count");
/** The panel stays open across filter changes; open it only when it is closed. */
async function openFilters(page: Page) {
  if (await page.getByLabel("Marca").isHidden()) await page.getByText("Mostrar Filtros").click();
}
const prices = async (page: Page) =>
  (await page.locator(".card-price .price").allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, "").replace(",", ".")));

test.describe("catalogues", () => {
  test("boilers: title, help link, 9 per page, pagination, filters hidden until asked", async ({ page }, info) => {
    await page.goto("/tienda/calderas/calderas-condensacion");
    await rejectCookies(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calderas");
    await expect(page.getByRole("link", { name: "¿Te ayudamos a escoger tu caldera?" })).toHaveAttribute("href", "/calderas-info");
    await expect(cards(page)).toHaveCount(9);
    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await expect(pagination.getByRole("link", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Marca")).toBeHidden();
    await page.getByText("Mostrar Filtros").click();
    await expect(page.getByLabel("Marca")).toBeVisible();
    await expect(page.getByText("Ocultar Filtros")).toBeVisible();
    await screenshot(page, { path: info.outputPath("calderas.png"), fullPage: true });
    await expectAccessible(page);

    await pagination.getByRole("link", { name: "SIGUIENTE" }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole("navigation", { name: "Paginación" }).getByRole("link", { name: "Página 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("filter by brand (union) and size, sort, change page size; chips remove filters", async ({ page }) => {
    await page.goto("/tienda/calderas/calderas-condensacion?pagina=2");
    await rejectCookies(page);
    await openFilters(page);
    await page.getByLabel("Marca").selectOption("Baxi");
    await expect(page).toHaveURL(/marca=Baxi/);
    await expect(page).not.toHaveURL(/pagina=/);
    const baxi = await cards(page).count();
    await page.getByLabel("Marca").selectOption("Ferroli");
    await expect(page).toHaveURL(/marca=Baxi&marca=Ferroli/);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(baxi);
    for (const brand of await page.locator(".card-brand").allTextContents()) expect(["Baxi", "Ferroli"]).toContain(brand);

    await page.getByLabel("Precio").selectOption("descendente");
    await expect(page).toHaveURL(/orden=descendente/);
    // The address changes before the new list is drawn: wait for the list itself.
    await expect.poll(async () => {
      const list = await prices(page);
      return list.length > 1 && list.every((price, i) => i === 0 || list[i - 1]! >= price);
    }).toBe(true);

    await page.getByLabel("Superficie de la vivienda").selectOption("mas-180");
    await expect(page).toHaveURL(/superficie=mas-180/);
    await expect(page.getByRole("link", { name: "Quitar filtro +180 m²" })).toBeVisible();

    await page.getByRole("link", { name: "Quitar filtro Ferroli" }).click();
    await expect(page).not.toHaveURL(/Ferroli/);
    await expect(page.getByRole("link", { name: "Quitar filtro Baxi" })).toBeVisible();
    for (const brand of await page.locator(".card-brand").allTextContents()) expect(brand).toBe("Baxi");

    // Each chip's link is built from the state it shows: wait for the page to follow each click.
    for (const chip of ["Baxi", "+180 m²", "Precio descendente"]) {
      await page.getByRole("link", { name: `Quitar filtro ${chip}` }).click();
      await expect(page.getByRole("link", { name: `Quitar filtro ${chip}` })).toHaveCount(0);
    }
    await openFilters(page);
    await page.getByLabel("Productos por página").selectOption("100");
    await expect(cards(page)).toHaveCount(13);
    await expect(page.getByRole("navigation", { name: "Paginación" })).toHaveCount(0);
  });

  test("presets from the route: calderas-Baxi, 42m2, termostatos-wifi; an unknown tipo shows everything", async ({ page }) => {
    await page.goto("/tienda/calderas/calderas-Baxi");
    await expect(page.getByRole("link", { name: "Quitar filtro Baxi" })).toBeVisible();
    for (const brand of await page.locator(".card-brand").allTextContents()) expect(brand).toBe("Baxi");
    await page.goto("/tienda/calderas/42m2");
    await expect(page.getByRole("link", { name: "Quitar filtro 100-180 m²" })).toBeVisible();
    await page.goto("/tienda/termostatos/termostatos-wifi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Termostatos");
    await expect(page.getByRole("link", { name: "Quitar filtro Wifi" })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    const response = await page.goto("/tienda/aires/no-existe");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("12 productos")).toBeVisible();
  });

  test("aerothermal: pagination above and below the grid", async ({ page }) => {
    await page.goto("/tienda/aerotermia/aerotermia-kits?porPagina=6");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aerotermia");
    await expect(page.getByRole("navigation", { name: "Paginación, arriba" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Paginación, abajo" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a card shows stock, certification, prices, boiler promotion and energy class", async ({ page }) => {
    await page.goto("/tienda/calderas/calderas-condensacion?porPagina=100");
    const promo = page.locator(".product-card", { has: page.locator(".tag-promo") }).first();
    await expect(promo.getByText("Promoción")).toBeVisible();
    await expect(promo.locator(".tag-discount")).toHaveText(/^-\d+€$/);
    await expect(promo.getByText(/^Quedan \d+ unidades$/)).toBeVisible();
    await expect(promo.getByText(/^Certificación /)).toBeVisible();
    await expect(promo.getByText("IVA incl. · Sin inst.")).toBeVisible();
    await expect(promo.getByRole("img", { name: /^Clase energética / })).toBeVisible();
    await expect(page.locator(".product-card del").first()).toBeVisible();
    await promo.hover();
    await expect(promo.getByText("Caracteristicas", { exact: true })).toBeVisible();
    await expect(promo.getByText("Ver Detalles")).toBeVisible();
    const images = await page.locator(".product-card img").evaluateAll((imgs) =>
      imgs.map((img) => [img.getAttribute("width"), img.getAttribute("height")]),
    );
    expect(images.every(([w, h]) => w === "400" && h === "400")).toBe(true);
  });

  test("without JavaScript: filter and page through plain links and forms", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tienda/aires/aires");
    await page.getByText("Mostrar Filtros").click();
    await page.getByLabel("Marca").selectOption("Daikin");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/marca=Daikin/);
    for (const brand of await page.locator(".card-brand").allTextContents()) expect(brand).toBe("Daikin");
    await page.goto("/tienda/aires/aires?porPagina=6");
    await page.getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(cards(page)).toHaveCount(6);
    await context.close();
  });
});

test.describe("add-to-basket pop-up", () => {
  test("boiler: installation fixed to SI, the Madrid rule, then three lines in the badge", async ({ page }, info) => {
    await page.goto("/tienda/calderas/calderas-Baxi");
    await rejectCookies(page);
    await expect(badge(page)).toHaveText("0");
    const opener = page.getByRole("link", { name: "Pedir presupuesto" }).first();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Pedir presupuesto" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Instalación/)).toBeDisabled();
    await expect(dialog.getByLabel(/^Instalación/)).toHaveValue("SI");
    await expect(dialog.getByLabel("Tipo de gas").locator("option")).toHaveText(["Gas natural", "Propano"]);
    await expect(dialog.getByText("¿En que Comunidad desea contratar el/los servicio/s?")).toBeVisible();
    await screenshot(page, { path: info.outputPath("popup.png") });
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid");
    await expect(badge(page)).toHaveText("0");

    await dialog.getByLabel(/^Mantenimiento anual/).selectOption("SI");
    await dialog.getByLabel("¿En que Comunidad desea contratar el/los servicio/s?").selectOption("madrid");
    await dialog.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(dialog).toBeHidden();
    await expect(badge(page)).toHaveText("3");
    await expect(page.getByRole("status").filter({ hasText: "añadido al carrito" })).toBeVisible();

    // Opening again starts afresh: no error, empty region, no maintenance.
    await opener.click();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expect(dialog.getByLabel("¿En que Comunidad desea contratar el/los servicio/s?")).toHaveValue("");
    await expect(dialog.getByLabel(/^Mantenimiento anual/)).toHaveValue("NO");
  });

  test("keyboard: focus moves in, Escape and Cancelar close, focus returns", async ({ page }) => {
    await page.goto("/tienda/termostatos/termostatos");
    await rejectCookies(page);
    const opener = page.getByRole("link", { name: "Pedir presupuesto" }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Pedir presupuesto" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.press("Enter");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("thermostat without installation goes in without a region; with installation it needs Madrid", async ({ page }) => {
    await page.goto("/tienda/termostatos/termostatos");
    await rejectCookies(page);
    await page.getByRole("link", { name: "Pedir presupuesto" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Pedir presupuesto" });
    await expect(dialog.getByLabel(/^Instalación/)).toBeEnabled();
    await expect(dialog.getByLabel(/^Mantenimiento/)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(badge(page)).toHaveText("1");
    await page.getByRole("link", { name: "Pedir presupuesto" }).first().click();
    await dialog.getByLabel(/^Instalación/).selectOption("SI");
    await dialog.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await expect(badge(page)).toHaveText("1");
  });

  test("Hermann boilers offer natural gas only; aerothermal shows the same Madrid message", async ({ page }) => {
    await page.goto("/tienda/calderas/calderas-Hermann");
    await rejectCookies(page);
    await page.getByRole("link", { name: "Pedir presupuesto" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Pedir presupuesto" });
    await expect(dialog.getByLabel("Tipo de gas").locator("option")).toHaveText(["Gas natural"]);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await page.goto("/tienda/aerotermia/aerotermia-kits");
    await page.getByRole("link", { name: "Pedir presupuesto" }).first().click();
    await dialog.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid");
  });
});
