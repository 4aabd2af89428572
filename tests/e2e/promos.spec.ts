import { expect, test } from "@playwright/test";
import { expectAccessible, rejectCookies } from "./helpers";

const PROMOS = [
  ["/promo-Calderas", "Promoción en calderas de gas"],
  ["/promo-Aires", "Promoción en aire acondicionado"],
  ["/promo-Saunier", "Promoción calderas Saunier Duval"],
  ["/promo-Aero", "Promoción en aerotermia"],
  ["/promo-Reparaciones", "Reparación de calderas y aire acondicionado"],
  ["/promo-Granada", "Calderas y aire acondicionado en Granada"],
] as const;

test.describe("promotional landing pages", () => {
  for (const [path, title] of PROMOS) {
    test(`${path}: the offer, the form, no basket badge`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      const main = page.locator("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(main).toContainText("Visita gratis en 48 horas");
      await expect(main).toContainText("Descuento de 50 a 300 €");
      await expect(main).toContainText("30 de junio");
      await expect(main).toContainText("Solo instalación desde 250 €");
      await expect(main.getByRole("button", { name: "Enviar" })).toBeVisible();
      await expect(page.getByTestId("basket-count")).toHaveCount(0);
      await rejectCookies(page);
      await expectAccessible(page);
    });
  }

  test("promo-Saunier links to the Saunier Duval boilers", async ({ page }) => {
    await page.goto("/promo-Saunier");
    await expect(page.getByRole("link", { name: "Ver calderas Saunier Duval" })).toHaveAttribute(
      "href",
      "/tienda/calderas/calderas-saunier-duval",
    );
  });

  test("promo-Granada: the Granada phone in header, footer, floating button and card", async ({ page }) => {
    await page.goto("/");
    const madrid = (await page.getByRole("banner").getByRole("link", { name: /^\d{3} \d{3} \d{3}$/ }).textContent()) ?? "";
    await page.goto("/promo-Granada");
    const header = page.getByRole("banner").getByRole("link", { name: /^\d{3} \d{3} \d{3}$/ });
    const granada = (await header.textContent()) ?? "";
    expect(granada).not.toBe(madrid);
    const tel = `tel:+34${granada.replace(/\s/g, "")}`;
    await expect(header).toHaveAttribute("href", tel);
    await expect(page.getByRole("contentinfo")).toContainText(granada);
    await expect(page.getByRole("contentinfo")).not.toContainText(madrid);
    await expect(page.getByRole("link", { name: `Llámenos al ${granada}` })).toHaveAttribute("href", tel);
    await expect(page.locator("main").getByRole("link", { name: granada })).toHaveAttribute("href", tel);
    await expect(page.locator("main")).not.toContainText(madrid);
  });

  test("the home page keeps the badge", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("basket-count")).toHaveCount(1);
  });
});
