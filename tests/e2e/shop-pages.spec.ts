import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

const CATEGORIES = [
  { name: "Calderas", href: "/tienda/calderas/calderas-condensacion" },
  { name: "Aerotermia", href: "/tienda/aerotermia/aerotermia-kits" },
  { name: "Aires acondicionados", href: "/tienda/aires/aires" },
  { name: "Termostatos", href: "/tienda/termostatos/termostatos" },
];

const addButton = (page: Page, plan: string) =>
  page.getByRole("button", { name: `Añadir al carrito: Mantenimiento anual de ${plan}` });

const planCard = (page: Page, plan: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Mantenimiento anual de ${plan}` }) });

test.describe("shop index", () => {
  test("four categories with their pictures, counts and links, then maintenance", async ({ page }, info) => {
    const response = await page.goto("/tienda");
    expect(response?.status()).toBe(200);
    await rejectCookies(page);
    await expect(page).toHaveTitle(/^Tienda \| /);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Tienda");

    const titles = main.getByRole("heading", { level: 2 });
    await expect(titles).toHaveText([...CATEGORIES.map((c) => c.name), "Mantenimiento"]);
    for (const { name, href } of CATEGORIES) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: "Mantenimiento", exact: true })).toHaveAttribute(
      "href",
      "/tienda/mantenimientos",
    );
    await expect(main.getByText(/^\d+ modelos$/)).toHaveCount(4);

    const images = main.locator("img");
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", "400");
      await expect(image).toHaveAttribute("height", "400");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await screenshot(page, { path: info.outputPath("tienda.png"), fullPage: true });
    await expectAccessible(page);

    // The whole card leads to the catalogue, not only its title.
    await main.getByRole("listitem").filter({ hasText: "Termostatos" }).click({ position: { x: 30, y: 30 } });
    await expect(page).toHaveURL(/\/tienda\/termostatos\/termostatos$/);
  });
});

test.describe("maintenance offer", () => {
  test("adds each yearly maintenance and the header badge follows", async ({ page }, info) => {
    const response = await page.goto("/tienda/mantenimientos");
    expect(response?.status()).toBe(200);
    await rejectCookies(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mantenimiento anual");
    await expect(page.getByRole("main")).toContainText("solo en la Comunidad de Madrid");
    for (const plan of ["caldera", "aire acondicionado", "aerotermia"]) {
      const card = planCard(page, plan);
      await expect(card).toContainText("85,00 € /año");
      await expect(card).toContainText("IVA incluido");
      await expect(card).toContainText("Solo en la Comunidad de Madrid");
      await expect(card).toContainText("Incluye:");
    }
    await expectAccessible(page);

    const badge = page.getByTestId("basket-count");
    await expect(badge).toHaveText("0");
    await addButton(page, "caldera").click();
    const boilerStatus = planCard(page, "caldera").getByRole("status");
    await expect(boilerStatus).toHaveText("Añadido al carrito. Ver carrito");
    await expect(boilerStatus).toHaveClass(/form-ok/);
    await expect(boilerStatus.getByRole("link", { name: "Ver carrito" })).toHaveAttribute("href", "/carrito");
    await expect(badge).toHaveText("1");

    await addButton(page, "aire acondicionado").click();
    await expect(planCard(page, "aire acondicionado").getByRole("status")).toHaveText(/^Añadido al carrito\./);
    await expect(badge).toHaveText("2");
    await expect(page.getByRole("link", { name: "Carrito: 2 artículos" })).toBeVisible();
    await screenshot(page, { path: info.outputPath("mantenimientos.png"), fullPage: true });
    await expectAccessible(page);
  });

  test("works without JavaScript: a plain form post", async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tienda/mantenimientos");
    await rejectCookies(page);
    const badge = page.getByTestId("basket-count");
    await expect(badge).toHaveText("0");

    await addButton(page, "caldera").click();
    await expect(page).toHaveURL(/\/tienda\/mantenimientos$/);
    const status = page.getByRole("status").filter({ hasText: "Añadido al carrito." });
    await expect(status).toBeVisible();
    await expect(status).toHaveClass(/form-ok/);
    await expect(status.getByRole("link", { name: "Ver carrito" })).toHaveAttribute("href", "/carrito");

    await addButton(page, "aerotermia").click();
    await expect(status).toBeVisible();
    await expect(badge).toHaveText("2");
    await screenshot(page, { path: info.outputPath("mantenimientos-sin-js.png"), fullPage: true });
    await context.close();
  });

  test("without JavaScript the first add already counts in the badge", async ({ browser }) => {
    // The page after the post is rendered in the same request as the action that created the
    // basket, before the browser holds its cookie: the request context carries the new basket.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/tienda/mantenimientos");
    await rejectCookies(page);
    await addButton(page, "caldera").click();
    await expect(page.getByRole("status").filter({ hasText: "Añadido al carrito." })).toBeVisible();
    await expect(page.getByTestId("basket-count")).toHaveText("1", { timeout: 2000 });
    await context.close();
  });
});

test.describe("files for search engines", () => {
  test("robots.txt and sitemap.xml answer", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("Disallow: /carrito/pedido");
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain("/tienda/detalle/calderas/1</loc><lastmod>");
    // Every listed page of the shop itself answers.
    for (const path of ["/tienda", "/tienda/mantenimientos"]) {
      expect((await request.get(`${baseURL}${path}`)).status()).toBe(200);
    }
  });
});
