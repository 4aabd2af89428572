import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible, hydrated, lookAtBothWidths, rejectCookies } from "./helpers";

/*
 * Issue 15, comparison: a customer picks three air conditioners («Comparar» on two catalogue
 * cards and on a product page) and stays where they are; the comparison lines them up and
 * marks what differs; its link, copied, shows the same table in another browser, with and
 * without JavaScript. Without JavaScript «Comparar» opens the comparison; a fifth product is
 * refused; another family starts a new comparison. A bad address shows what it can.
 * Demo catalogue ids: air conditioners 23-34, boilers 1-13.
 */

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

async function compareFromCard(page: Page, name: string, message: string | RegExp) {
  const found = card(page, name);
  await found.getByRole("button", { name: "Comparar" }).click();
  await expect(found.getByText(message)).toBeVisible();
}

/** The table as a visitor reads it, row by row. */
const tableText = (table: Locator) => table.getByRole("row").allInnerTexts();

test("compares three air conditioners chosen on cards and a product page, then shares the link", { tag: "@movil" }, async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/tienda/aires/aires");
  await rejectCookies(page);
  await compareFromCard(page, "Daikin Sensira FTXF25E", "Añadido a la comparación (1 de 4)");
  await compareFromCard(page, "Mitsubishi MSZ-AP25VGK", "Añadido a la comparación (2 de 4)");
  expect(new URL(page.url()).pathname, "the visitor stays on the catalogue").toBe("/tienda/aires/aires");

  await page.goto("/tienda/detalle/aires/32");
  await hydrated(page);
  // Beside the energy label: the product information sheet and the EPREL entry.
  await expect(page.getByRole("link", { name: /^Ficha de información del producto/ })).toHaveAttribute(
    "href",
    "https://eprel.ec.europa.eu/api/products/airconditioners/975310/fiches?language=ES",
  );
  await expect(page.getByRole("link", { name: /^Etiqueta y datos en EPREL/ })).toHaveAttribute(
    "href",
    "https://eprel.ec.europa.eu/screen/product/airconditioners/975310",
  );
  await expect(page.getByRole("region", { name: "Características" })).toContainText("8,5");
  await page.getByRole("button", { name: "Comparar" }).click();
  await expect(page.getByText("Añadido a la comparación (3 de 4)")).toBeVisible();
  await page.getByRole("link", { name: "Ver comparación" }).click();

  await expect(page).toHaveURL(/\/comparar\?productos=23,26,32$/);
  await expect(page.getByRole("heading", { level: 1, name: "Comparar aires acondicionados" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([/Daikin Sensira FTXF25E/, /Mitsubishi MSZ-AP25VGK/, /Fujitsu ASY20UI-KP/]);
  const seer = table.getByRole("row", { name: /^SEER/ });
  await expect(seer.getByRole("rowheader")).toContainText("Distinto");
  await expect(seer.getByRole("cell")).toHaveText(["6,35", "8,7", "8,5"]);
  await expect(table.getByRole("row", { name: /^Precio con instalación/ }).getByRole("cell")).toHaveText([/1\.001,00\s€/, /1\.201,00\s€/, /931,00\s€/]);
  await expect(table.getByRole("row", { name: /^Frigorías/ }).getByRole("cell")).toHaveText(["2150 frigorías/h", "2150 frigorías/h", "1720 frigorías/h"]);
  await expect(table.getByRole("row", { name: /^Ruido de la unidad exterior/ }).getByRole("rowheader")).not.toContainText("Distinto");
  await expect(table.getByRole("row", { name: /^Refrigerante/ }).getByRole("cell")).toHaveText(["R-32", "R-32", "R-32"]);
  await lookAtBothWidths(page, "comparar");

  await page.getByRole("button", { name: "Copiar enlace" }).click();
  await expect(page.getByText(/^Enlace copiado/)).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(`${baseURL}/comparar?productos=23,26,32`);
  const seen = await tableText(table);

  for (const javaScriptEnabled of [true, false]) {
    const other = await browser.newContext({ baseURL, locale: "es-ES", javaScriptEnabled });
    const friend = await other.newPage();
    await friend.goto(shared);
    expect(await tableText(friend.getByRole("table")), `the same table (JavaScript ${javaScriptEnabled ? "on" : "off"})`).toEqual(seen);
    await expect(friend.getByLabel("Enlace de la comparación")).toHaveValue(shared);
    if (!javaScriptEnabled) await expect(friend.getByRole("button", { name: "Copiar enlace" })).toHaveCount(0);
    await other.close();
  }
});

test("a fifth product is refused, and the comparison keeps its four", { tag: "@movil" }, async ({ page }) => {
  await page.goto("/tienda/aires/aires");
  await rejectCookies(page);
  const four = ["Daikin Sensira FTXF35E", "Daikin FFA50A9", "Mitsubishi MSZ-HR35VF", "Mitsubishi PEAD-M50JA"];
  for (const [index, name] of four.entries()) await compareFromCard(page, name, `Añadido a la comparación (${index + 1} de 4)`);
  await compareFromCard(page, "Saunier Duval VivAir SDH 20-025NW", "No se ha añadido: ya compara 4 productos, el máximo. Quite uno para añadir este.");
  await card(page, "Saunier Duval VivAir SDH 20-025NW").getByRole("link", { name: "Ver comparación" }).click();
  await expect(page).toHaveURL(/\/comparar\?productos=24,25,27,28$/);
  await expect(page.getByRole("columnheader")).toHaveCount(4);
});

test("without JavaScript: «Comparar» opens the comparison, «Quitar» takes one out, a fifth is refused, another family starts again", { tag: "@movil" }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-ES", javaScriptEnabled: false });
  const page = await context.newPage();
  const compare = async (path: string) => {
    await page.goto(path);
    await page.getByRole("button", { name: "Comparar" }).click();
  };
  await page.goto("/tienda/detalle/aires/23");
  await rejectCookies(page);
  await compare("/tienda/detalle/aires/23");
  await expect(page).toHaveURL(/\/comparar\?productos=23$/);
  await expect(page.getByText(/^Solo hay un producto/)).toBeVisible();
  for (const id of [24, 25, 26]) await compare(`/tienda/detalle/aires/${id}`);
  await expect(page).toHaveURL(/\/comparar\?productos=23,24,25,26$/);

  await compare("/tienda/detalle/aires/27");
  await expect(page).toHaveURL(/\/comparar\?productos=23,24,25,26&aviso=lleno$/);
  await expect(page.getByRole("main").getByRole("status")).toContainText("No hemos añadido el producto: ya compara 4 productos, el máximo.");
  await expect(page.getByRole("columnheader")).toHaveCount(4);

  await page.getByRole("button", { name: "Quitar Daikin Sensira FTXF35E de la comparación" }).click();
  await expect(page).toHaveURL(/\/comparar\?productos=23,25,26$/);
  await compare("/tienda/detalle/aires/27");
  await expect(page).toHaveURL(/\/comparar\?productos=23,25,26,27$/);

  await compare("/tienda/detalle/calderas/1");
  await expect(page).toHaveURL(/\/comparar\?productos=1&aviso=nueva$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparar calderas");
  await expect(page.getByRole("main").getByRole("status")).toContainText("Hemos empezado una comparación nueva");
  await context.close();
});

test("a bad address shows what can be compared with a note for the rest, never an error", { tag: "@movil" }, async ({ page }) => {
  const response = await page.goto("/comparar?productos=23,abc,1,999,24,25,26");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("note", { name: "Productos que no se muestran" }).getByRole("listitem")).toHaveText([
    "«abc» no es un número de producto: lo hemos dejado fuera.",
    "Se comparan como máximo 4 productos a la vez: hemos dejado fuera los 2 últimos de la dirección.",
    "Uno de los productos de la dirección ya no está en la tienda.",
    "Solo se comparan productos de una misma familia (aquí, aires acondicionados): hemos dejado fuera Hermann Micracom Condens 20 (caldera).",
  ]);
  await expect(page.getByRole("columnheader")).toHaveText([/Daikin Sensira FTXF25E/, /Daikin Sensira FTXF35E/]);
  await expect(page.getByLabel("Enlace de la comparación")).toHaveValue(/\/comparar\?productos=23,24$/);
  await expectAccessible(page);

  expect((await page.goto("/comparar?productos=x,0"))?.status()).toBe(200);
  await expect(page.getByText(/^Todavía no hay productos que comparar/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Aires acondicionados" })).toHaveAttribute("href", "/tienda/aires/aires");
  await expectAccessible(page);
});
