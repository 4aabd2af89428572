import { expect, test, type Page } from "@playwright/test";
import path from "node:path";
import { firstLoadJsOfHtml, JS_BUDGET_KB } from "../../scripts/bench/first-load-js";
import { buildDirectory } from "../support/app-server";
import { hydrated, lookAtBothWidths, rejectCookies } from "./helpers";

/*
 * The sizing advisor, /que-potencia-necesito (issue 15, decision 0014): the visitor answers a
 * short GET form, reads the recommendation and how it was reached, and follows the link to
 * the catalogue filtered to the products that fit. Runs at 1400 and at 375 px.
 */

/** The powers the catalogue's cards show, in kW (once the whole page has arrived). */
async function cardPowers(page: Page): Promise<number[]> {
  await page.waitForLoadState("load");
  const values = await page
    .locator(".catalogue-grid .card-features dl > div")
    .filter({ has: page.locator("dt", { hasText: /^Potencia$/ }) })
    .locator("dd")
    .allTextContents();
  return values.map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
}

/** Follows the result's link and checks the catalogue shows that many products, all in the window. */
async function followToCatalogue(page: Page, family: string, window: { min: number; max: number | null }) {
  const link = page.getByRole("link", { name: /que encaja/ });
  const count = Number(/Ver los (\d+)/.exec((await link.textContent()) ?? "")?.[1] ?? "1");
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tienda/${family}/.*potenciaMin=`));
  await expect(page.locator(".catalogue-count")).toHaveText(count === 1 ? "1 producto" : `${count} productos`);
  await expect(page.getByRole("link", { name: /^Quitar filtro (De|Desde) / })).toBeVisible();
  const powers = await cardPowers(page);
  expect(powers.length).toBe(Math.min(count, 9));
  for (const kw of powers) {
    expect(kw).toBeGreaterThanOrEqual(window.min);
    if (window.max !== null) expect(kw).toBeLessThanOrEqual(window.max);
  }
}

test.describe("sizing advisor", { tag: "@movil" }, () => {
  test("air conditioner: 25 m² in Madrid, lots of sun → 3,5 kW → the catalogue of what fits", async ({ page }, info) => {
    await page.goto("/aires-info");
    await rejectCookies(page);
    await page.getByRole("link", { name: "¿Qué potencia necesito?" }).click();
    await expect(page).toHaveURL(/\/que-potencia-necesito\?familia=aires$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Qué potencia necesito?");
    await expect(page.getByRole("navigation", { name: "Tipo de equipo" }).getByRole("link", { name: "Aire acondicionado" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    if (info.project.name === "escritorio") await lookAtBothWidths(page, "potencia-formulario");

    await hydrated(page);
    await page.getByLabel("Superficie de la estancia (m²)").fill("25");
    await page.getByLabel("Provincia").selectOption("Madrid");
    await page.getByRole("radio", { name: /^Mucho sol/ }).check();
    await page.getByRole("button", { name: "Calcular la potencia" }).click();

    await expect(page).toHaveURL(/superficie=25&.*provincia=Madrid/);
    await expect(page.getByRole("heading", { name: "Le recomendamos" })).toBeVisible();
    await expect(page.locator(".sizing-headline")).toHaveText("Un aire acondicionado de 3,5 kW (3010 frigorías/h)");
    await expect(page.getByText("Su estancia necesita unas 2875 frigorías/h (3,34 kW).")).toBeVisible();
    await expect(page.getByText(/zona climática D3 del Código Técnico de la Edificación/)).toBeVisible();
    await expect(page.getByRole("link", { name: /Código Técnico de la Edificación, DB-HE, Anejo B/ })).toBeVisible();
    // The form keeps the answers, to change one and ask again.
    await expect(page.getByLabel("Superficie de la estancia (m²)")).toHaveValue("25");
    await expect(page.getByRole("radio", { name: /^Mucho sol/ })).toBeChecked();
    if (info.project.name === "escritorio") await lookAtBothWidths(page, "potencia-aire");

    await followToCatalogue(page, "aires", { min: 3.4, max: 4.1 });
    await expect(page.getByRole("link", { name: "Quitar filtro De 3,4 a 4,1 kW" })).toBeVisible();
  });

  test("boiler with two bathrooms at once: 35 kW and 20 l/min, from the boilers' catalogue", async ({ page }) => {
    await page.goto("/tienda/calderas/calderas-condensacion");
    await rejectCookies(page);
    await page.getByRole("link", { name: "¿Qué potencia necesito?" }).click();
    await expect(page).toHaveURL(/familia=calderas$/);
    await hydrated(page);
    await page.getByLabel("Superficie de la vivienda (m²)").fill("90");
    await page.getByLabel("Provincia").selectOption("Madrid");
    await page.getByLabel("Baños con la ducha abierta a la vez").selectOption("2");
    await page.getByRole("button", { name: "Calcular la potencia" }).click();

    await expect(page.locator(".sizing-headline")).toHaveText("Una caldera de al menos 35 kW que dé 20 l/min de agua caliente");
    await expect(page.getByText("Agua caliente: 20 l/min, 34,9 kW.")).toBeVisible();
    await expect(page.getByText("Calefacción: 8,6 kW.")).toBeVisible();
    await followToCatalogue(page, "calderas", { min: 34.9, max: 48.8 });
  });

  test("aerothermal from its help page: heating, hot water and the tank", async ({ page }) => {
    await page.goto("/aerotermia-info");
    await rejectCookies(page);
    await page.getByRole("link", { name: "¿Qué potencia necesito?" }).click();
    await expect(page.getByRole("navigation", { name: "Tipo de equipo" }).getByRole("link", { name: "Aerotermia" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.goto("/que-potencia-necesito?familia=aerotermia&superficie=90&provincia=Madrid&ocupantes=4&aguaCaliente=si");
    await expect(page.locator(".sizing-headline")).toHaveText("Un equipo de aerotermia de 11 kW con un depósito de 150 litros");
    await expect(page.getByText(/28 l al día a 60 °C = 112 l al día/)).toBeVisible();
  });

  test("bad input: 400 and a Spanish message beside each field", async ({ page }, info) => {
    const response = await page.goto("/que-potencia-necesito?familia=aires&superficie=abc&provincia=Atl%C3%A1ntida&ocupantes=0");
    expect(response?.status()).toBe(400);
    await rejectCookies(page);
    await expect(page.getByText("Revise estos datos:")).toBeVisible();
    const surface = page.getByLabel("Superficie de la estancia (m²)");
    await expect(surface).toHaveAttribute("aria-invalid", "true");
    await expect(surface).toHaveAccessibleDescription(/Escriba la superficie con números, por ejemplo 25\./);
    await expect(page.getByLabel("Provincia")).toHaveAccessibleDescription("Elija su provincia en la lista.");
    await expect(page.locator(".field-error")).toHaveText([
      "Escriba la superficie con números, por ejemplo 25.",
      "Elija su provincia en la lista.",
      "Indique un número entero de personas entre 1 y 20.",
    ]);
    if (info.project.name === "escritorio") await lookAtBothWidths(page, "potencia-errores");

    // Typed in the form: the same messages, then a good answer.
    await hydrated(page);
    await surface.fill("0");
    await page.getByLabel("Personas que suelen estar en la estancia").fill("2");
    await page.getByRole("button", { name: "Calcular la potencia" }).click();
    await expect(page.getByText("La superficie debe estar entre 5 y 500 m².").first()).toBeVisible();
    await page.getByLabel("Superficie de la estancia (m²)").fill("18");
    await page.getByLabel("Provincia").selectOption("Sevilla");
    await page.getByRole("button", { name: "Calcular la potencia" }).click();
    await expect(page.getByRole("heading", { name: "Le recomendamos" })).toBeVisible();
    await expect(page.locator(".field-error")).toHaveCount(0);

    const unknown = await page.goto("/que-potencia-necesito?familia=termostatos");
    expect(unknown?.status()).toBe(400);
    await expect(page.getByText("Elija qué equipo busca: aire acondicionado, caldera o aerotermia.")).toBeVisible();
  });

  test("the answer's first load stays within the JavaScript budget", async ({ request }, info) => {
    test.skip(info.project.name !== "escritorio", "bytes of one build: measured once");
    const pagePath = "/que-potencia-necesito?familia=calderas&superficie=90&provincia=Madrid&banos=2";
    const response = await request.get(pagePath);
    expect(response.status()).toBe(200);
    const load = firstLoadJsOfHtml(await response.text(), "qué potencia necesito", pagePath, path.join(buildDirectory(), "client"));
    expect(load.totalKb).toBeGreaterThan(0);
    expect(load.totalKb).toBeLessThanOrEqual(JS_BUDGET_KB);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form, the answer and the link work as plain HTML", async ({ page }) => {
      await page.goto("/que-potencia-necesito?familia=aires");
      await rejectCookies(page);
      await page.getByLabel("Superficie de la estancia (m²)").fill("25");
      await page.getByLabel("Provincia").selectOption("Madrid");
      await page.getByRole("radio", { name: /^Mucho sol/ }).check();
      await page.getByRole("button", { name: "Calcular la potencia" }).click();
      await expect(page.locator(".sizing-headline")).toHaveText("Un aire acondicionado de 3,5 kW (3010 frigorías/h)");
      await followToCatalogue(page, "aires", { min: 3.4, max: 4.1 });
    });
  });
});
