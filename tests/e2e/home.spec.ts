import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

const main = (page: Page) => page.locator("main");

test.describe("home page", () => {
  test("every section of the spec, in order; reasons shown with the default flag", async ({ page }, info) => {
    expect((await page.goto("/"))?.status()).toBe(200);
    await rejectCookies(page);
    const headings = await main(page).getByRole("heading", { level: 2 }).allTextContents();
    const expected = [
      "Trabajamos con las mejores marcas",
      "Sobre nosotros",
      "¿Por qué elegirnos?",
      "Nuestros servicios",
      "Mantenimiento de calderas",
      "Nuestras reformas",
      "Preguntas frecuentes",
      "Pida su presupuesto sin compromiso",
      "Contacto",
      "Formas de Contacto",
    ];
    expect(headings.filter((h) => expected.includes(h))).toEqual(expected);

    for (const brand of ["Baxi", "Saunier Duval", "Hermann", "Ferroli", "Intergas", "Daikin", "Mitsubishi", "Fujitsu", "Junkers", "Honeywell", "Orkli"]) {
      await expect(main(page).getByRole("listitem").filter({ hasText: new RegExp(`^${brand}$`) })).toHaveCount(1);
    }
    await expect(main(page).getByRole("heading", { level: 3, name: "Estudio previo gratuito" })).toBeVisible();
    for (const counter of ["+300", "+500", "+200", "+400"]) await expect(main(page).getByText(counter)).toBeVisible();

    const quoteLinks = main(page).getByRole("link", { name: /^¡Pide Presupuesto!/ });
    await expect(quoteLinks).toHaveCount(6);
    for (const link of await quoteLinks.all()) await expect(link).toHaveAttribute("href", "/contacto");
    await expect(main(page).getByRole("link", { name: "¡Pide Presupuesto! Recarga de gas" })).toBeVisible();

    const maintenance = main(page).getByRole("region", { name: "Mantenimiento de calderas" });
    await expect(maintenance).toContainText("85,00 €");
    await expect(maintenance).toContainText("IVA incluido");
    await expect(maintenance).toContainText("Madrid");
    await expect(maintenance.getByRole("link")).toHaveAttribute("href", "/tienda/mantenimientos");

    await expect(main(page).getByRole("link", { name: "Pedir presupuesto" })).toHaveAttribute("href", "/contacto");
    await expect(main(page).getByRole("button", { name: "Enviar" })).toBeVisible();
    await expect(main(page)).toContainText("10:00");

    await screenshot(page, { path: info.outputPath("inicio-completo.png"), fullPage: true });
    await expectAccessible(page);
  });

  test("FAQ: the first answer open, opening another closes it", async ({ page }) => {
    await page.goto("/");
    await rejectCookies(page);
    const q = (name: RegExp) => main(page).getByRole("button", { name });
    const first = q(/Cuánto tarda en llegar/);
    const second = q(/Cuándo vienen a instalar/);
    const third = q(/Cuándo recibiré mi presupuesto/);
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(main(page).getByText("entre 3 y 5 días laborables")).toBeVisible();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(main(page).getByText("entre 3 y 5 días laborables")).toBeHidden();
    await expect(main(page).getByText(/7 días siguientes a la compra/)).toBeVisible();
    await third.focus();
    await page.keyboard.press("Enter");
    await expect(third).toHaveAttribute("aria-expanded", "true");
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(main(page).getByText("3 a 5 días")).toBeVisible();
  });

  const carousel = (page: Page) => main(page).getByRole("region", { name: "Nuestras reformas" });
  const visibleSlides = async (page: Page) =>
    carousel(page).getByRole("group").filter({ visible: true }).evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));

  test("carousel at 1000 px: one slide, moves by 1, stops at the ends", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto("/");
    await rejectCookies(page);
    await expect(carousel(page)).toHaveAttribute("aria-roledescription", "carrusel");
    const prev = carousel(page).getByRole("button", { name: "Anterior" });
    const next = carousel(page).getByRole("button", { name: "Siguiente" });
    await expect.poll(() => visibleSlides(page)).toEqual(["1 de 4"]);
    await expect(prev).toBeDisabled();
    await next.click();
    await expect.poll(() => visibleSlides(page)).toEqual(["2 de 4"]);
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => visibleSlides(page)).toEqual(["3 de 4"]);
    await next.click();
    await expect.poll(() => visibleSlides(page)).toEqual(["4 de 4"]);
    await expect(next).toBeDisabled();
    await prev.click();
    await expect.poll(() => visibleSlides(page)).toEqual(["3 de 4"]);
  });

  test("carousel at 1400 px: two slides, moves by 2", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto("/");
    await rejectCookies(page);
    const prev = carousel(page).getByRole("button", { name: "Anterior" });
    const next = carousel(page).getByRole("button", { name: "Siguiente" });
    await expect.poll(() => visibleSlides(page)).toEqual(["1 de 4", "2 de 4"]);
    await expect(prev).toBeDisabled();
    await next.click();
    await expect.poll(() => visibleSlides(page)).toEqual(["3 de 4", "4 de 4"]);
    await expect(next).toBeDisabled();
    await prev.click();
    await expect.poll(() => visibleSlides(page)).toEqual(["1 de 4", "2 de 4"]);
  });

  test("without JavaScript: every slide in a row and every FAQ answer reachable", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(carousel(page).getByRole("group", { name: /^\d de 4$/ })).toHaveCount(4);
    await expect(main(page).getByText("entre 3 y 5 días laborables")).toBeVisible();
    await context.close();
  });
});
