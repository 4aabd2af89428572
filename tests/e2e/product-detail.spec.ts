import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

// Seed order gives the ids: calderas 1..13 (1 is a Hermann boiler), termostatos 14..22.
const BOILER = "/tienda/detalle/calderas/1";
const REGION_ERROR = "Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid";

const mainImage = (page: Page) => page.getByTestId("main-image");
const thumbnail = (page: Page, n: number) => page.getByRole("link", { name: `Ver imagen ${n} de 3` });
const priceText = (page: Page) => page.locator(".detail-price .price");
const badge = (page: Page) => page.getByTestId("basket-count");
const installation = (page: Page) => page.getByLabel("Instalación", { exact: true });
const region = (page: Page) => page.getByLabel(/^¿En que Comunidad desea contratar el\/los servicio\/s\?/);

/** "1.427,00 €" -> 142700 */
async function cents(page: Page): Promise<number> {
  const text = (await priceText(page).textContent()) ?? "";
  return Math.round(Number(text.replace(/[^\d,]/g, "").replace(",", ".")) * 100);
}

/** Waits until React has taken over the form, so a change runs the page's own code. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const select = document.querySelector("form.detail-form select");
    return !!select && Object.keys(select).some((key) => key.startsWith("__reactProps"));
  });
}

async function openBoiler(page: Page, path = BOILER) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await rejectCookies(page);
}

test.describe("product detail", { tag: "@movil" }, () => {
  test("shows the boiler: name, breadcrumb, energy class, characteristics, descriptions", async ({ page }, info) => {
    await openBoiler(page);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(/^Hermann \S/);
    await expect(page).toHaveTitle(/^Hermann .+ \| Caldera \| /);

    const crumbs = page.getByRole("navigation", { name: "Migas de pan" });
    await expect(crumbs.getByRole("link", { name: "Tienda" })).toHaveAttribute("href", "/tienda");
    await expect(crumbs.getByRole("link", { name: "Calderas" })).toHaveAttribute("href", "/tienda/calderas/calderas-condensacion");

    await expect(page.getByRole("img", { name: /^Clase energética A/ })).toBeVisible();
    await expect(page.getByText(/^Quedan \d+ unidades$/)).toBeVisible();

    const specs = page.locator("dl.product-specs");
    await expect(specs.locator("dt")).toContainText(["Potencia", "Caudal ACS", "Potencia calefacción", "Certificación"]);
    await expect(specs).toContainText("kW");
    await expect(specs).toContainText("L/min");
    await expect(specs).not.toContainText("Refrigerante");
    await expect(page.getByRole("region", { name: "Descripción" }).locator("p")).toHaveCount(2);

    // A boiler offers maintenance and gas; a Hermann runs on natural gas only.
    await expect(page.getByLabel(/^Mantenimiento anual/)).toHaveValue("NO");
    await expect(page.getByLabel("Tipo de gas").locator("option")).toHaveText(["Gas natural"]);
    await expect(page.getByText(/^La instalación basica incluye: /)).toBeVisible();

    // Every picture has its size: nothing moves when they load.
    for (const img of await page.locator("main img").all()) {
      await expect(img).toHaveAttribute("width", "400");
      await expect(img).toHaveAttribute("height", "400");
    }
    await expect(mainImage(page)).toHaveAttribute("loading", "eager");
    await expect(thumbnail(page, 2)).toBeVisible();
    await expect(thumbnail(page, 2).locator("img")).toHaveAttribute("loading", "lazy");

    await screenshot(page, { path: info.outputPath("detalle-caldera.png"), fullPage: true });
    await expectAccessible(page);
  });

  test("a single column on a phone, gallery left and information right on a wide screen", async ({ page }) => {
    await openBoiler(page);
    const gallery = await page.locator(".gallery").boundingBox();
    const details = await page.locator(".detail-info").boundingBox();
    expect(gallery && details).toBeTruthy();
    const wide = (page.viewportSize()?.width ?? 1400) >= 900;
    if (wide) {
      expect(details!.x).toBeGreaterThanOrEqual(gallery!.x + gallery!.width);
    } else {
      expect(details!.y).toBeGreaterThanOrEqual(gallery!.y + gallery!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  });

  test("thumbnails switch the main picture at once; it enlarges and closes", async ({ page }) => {
    await openBoiler(page);
    await waitForHydration(page);
    await expect(mainImage(page)).toHaveAttribute("src", /-1\.svg$/);
    await expect(thumbnail(page, 1)).toHaveAttribute("aria-current", "true");

    await thumbnail(page, 2).click();
    await expect(mainImage(page)).toHaveAttribute("src", /-2\.svg$/);
    await expect(thumbnail(page, 2)).toHaveAttribute("aria-current", "true");
    await expect(thumbnail(page, 1)).not.toHaveAttribute("aria-current", /.*/);
    await expect(page).toHaveURL(new RegExp(`${BOILER}$`)); // client state, no navigation

    const enlarge = page.getByRole("button", { name: "Ampliar la imagen 2 de 3" });
    await enlarge.click();
    const dialog = page.getByRole("dialog", { name: /^Hermann .+imagen 2 de 3/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("img")).toHaveAttribute("src", /-2\.svg$/);
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(enlarge).toBeFocused();

    await enlarge.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("installation changes the price; a service needs Madrid; adding updates the badge", async ({ page }) => {
    await openBoiler(page);
    await waitForHydration(page);
    const notes = page.getByTestId("price-notes");
    await expect(notes).toHaveText("IVA incluido. Precio Sin instalación.");
    const without = await cents(page);

    await installation(page).selectOption("SI");
    await expect(notes).toHaveText("IVA incluido. Precio Con instalación.");
    await expect.poll(() => cents(page)).toBe(without + 30200);
    await expect(page.getByText("302,00 €", { exact: false }).first()).toBeVisible();

    await expect(region(page)).toHaveValue("madrid");
    await expect(badge(page)).toHaveText("0");

    await region(page).selectOption("");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(page.getByRole("alert")).toHaveText(REGION_ERROR);
    await expect(page.getByRole("alert")).toHaveClass(/form-error/);
    await expect(badge(page)).toHaveText("0");

    await region(page).selectOption("madrid");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    const ok = page.getByRole("status").filter({ hasText: "Añadido al carrito." });
    await expect(ok).toBeVisible();
    await expect(ok).toHaveClass(/form-ok/);
    await expect(ok.getByRole("link", { name: "Ver carrito" })).toHaveAttribute("href", "/carrito");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(badge(page)).toHaveText("2"); // the boiler and its installation
    await expect(page).toHaveURL(new RegExp(`${BOILER}$`));
  });

  test("describes the product for search engines with schema.org JSON-LD", async ({ page }) => {
    await openBoiler(page);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const ld = JSON.parse((await scripts.textContent()) ?? "");
    const name = await page.getByRole("heading", { level: 1 }).textContent();
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name,
      brand: { "@type": "Brand", name: "Hermann" },
      offers: { "@type": "Offer", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
      hasEnergyConsumptionDetails: { hasEnergyEfficiencyCategory: "https://schema.org/EUEnergyEfficiencyCategoryA" },
    });
    expect(ld.offers.price).toMatch(/^\d+\.\d{2}$/);
    expect(Math.round(Number(ld.offers.price) * 100)).toBe(await cents(page));
    expect(ld.offers.url).toMatch(/^https?:\/\/.+\/tienda\/detalle\/calderas\/1$/);
    for (const image of ld.image) expect(image).toMatch(/^https?:\/\//);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tienda\/detalle\/calderas\/1$/);
  });

  test("the quote pop-up opens with focus inside and closes with Escape and Cancelar", async ({ page }, info) => {
    await openBoiler(page);
    await waitForHydration(page);
    const open = page.getByRole("button", { name: "Pedir presupuesto" });
    const dialog = page.getByRole("dialog", { name: "Presupuesto" });
    await expect(dialog).toBeHidden();

    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Le visitamos sin compromiso y GRATIS");
    await expect(dialog).toContainText(
      "Utilice alguno de los medios de contacto disponibles y nos pondremos en contacto con usted lo antes posible.",
    );
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog[open]"))).toBe(true);
    for (const label of ["Nombre y apellidos", "Teléfono", "Email", "Dirección de la instalación", "Localidad", "Mensaje"]) {
      await expect(dialog.getByLabel(label)).toBeVisible();
    }
    const form = dialog.locator("form");
    await expect(form).toHaveAttribute("action", "/contacto");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form.locator('input[name="productId"]')).toHaveValue("1");
    await expect(form.locator('input[name="sourcePage"]')).toHaveValue(BOILER);
    await expect(dialog.getByRole("button", { name: "Enviar" })).toBeVisible();
    await screenshot(page, { path: info.outputPath("presupuesto.png") });
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("a thermostat: no maintenance or gas, its own installation price", async ({ page }) => {
    await openBoiler(page, "/tienda/detalle/termostatos/14");
    await waitForHydration(page);
    await expect(page.getByLabel(/^Mantenimiento anual/)).toHaveCount(0);
    await expect(page.getByLabel("Tipo de gas")).toHaveCount(0);
    const without = await cents(page);
    await installation(page).selectOption("SI");
    await expect.poll(() => cents(page)).toBe(without + 8000);
    await expect(page.locator("dl.product-specs")).toContainText("Wifi");
  });

  for (const path of ["/tienda/detalle/calderas/999", "/tienda/detalle/lavadoras/1", "/tienda/detalle/termostatos/1"]) {
    test(`answers 404 for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
    });
  }
});

test.describe("product detail without JavaScript", { tag: "@movil" }, () => {
  test.use({ javaScriptEnabled: false });

  test("thumbnails are links to the picture; the form posts and shows the reply", async ({ page }) => {
    await openBoiler(page);
    await thumbnail(page, 3).click();
    await expect(page).toHaveURL(/\?imagen=3$/);
    await expect(mainImage(page)).toHaveAttribute("src", /-3\.svg$/);
    await expect(thumbnail(page, 3)).toHaveAttribute("aria-current", "true");

    await installation(page).selectOption("SI");
    await region(page).selectOption("");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(page.getByRole("alert")).toHaveText(REGION_ERROR);
    await expect(badge(page)).toHaveText("0");

    // The page came back with the defaults: region Madrid.
    await expect(region(page)).toHaveValue("madrid");
    await installation(page).selectOption("SI");
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Añadido al carrito." })).toBeVisible();
    // The same response's frame already counts the new basket: the boiler and its installation.
    await expect(badge(page)).toHaveText("2");
  });
});
