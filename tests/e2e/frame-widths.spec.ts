import { expect, test } from "@playwright/test";
import { contentUnderFloatingButtons, rejectCookies } from "./helpers";

/*
 * The frame every page shares, across the widths between a phone and a wide screen (issue 30).
 * The floating WhatsApp and phone buttons never cover the page: they show only where the window
 * leaves a free margin beside the page, and narrower the header's top bar, which stays on screen,
 * carries the same two links. The header fits the window at every width. Each test sets its widths.
 */
const PRODUCT = "/tienda/detalle/calderas/4";

test("nothing of the home, a product or the basket lies under the floating buttons, at any width", async ({ page }) => {
  await page.goto(PRODUCT);
  await rejectCookies(page);
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();
  for (const path of ["/", PRODUCT, "/carrito", "/contacto"]) {
    await page.goto(path);
    expect(await contentUnderFloatingButtons(page), `${path}: lo que queda bajo los botones flotantes`).toEqual([]);
  }
});

test("on a phone the header carries WhatsApp, the phone and the e-mail; beside a wide page, the floating buttons", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await rejectCookies(page);
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/34\d{9}$/);
  await expect(header.getByRole("link", { name: /^\d{3} \d{3} \d{3}$/ })).toBeVisible();
  await expect(header.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("link", { name: /^Escríbanos por WhatsApp/ })).toBeHidden();
  // The top bar keeps one line: the header does not grow.
  expect((await page.locator(".topbar").boundingBox())?.height).toBeLessThanOrEqual(40);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole("link", { name: /^Escríbanos por WhatsApp/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Llámenos al/ })).toBeVisible();
  await expect(header.getByRole("link", { name: /^WhatsApp/ })).toBeHidden();
});

test("the check sees a word under a button (it is not blind)", async ({ page }) => {
  await page.goto("/");
  await rejectCookies(page);
  await page.evaluate(() => {
    const planted = document.createElement("p");
    planted.textContent = "Total: 1.958,90 € — IBAN ES91 2100 0418 4502 0005 1332";
    // Through the CSSOM: the pages' CSP refuses a style attribute.
    Object.assign(planted.style, { position: "fixed", right: "0", bottom: "40px", margin: "0", fontSize: "40px", background: "#fff", zIndex: "10" });
    document.body.append(planted);
  });
  expect((await contentUnderFloatingButtons(page, [1920])).join("\n")).toMatch(/1920 px: p «Total: 1\.958,90/);
});

test("the header fits the window at every width: nothing pushed past its edge, no sideways scrolling", async ({ page }) => {
  await page.goto("/");
  await rejectCookies(page);
  const beyond: string[] = [];
  for (const width of [320, 375, 768, 989, 990, 1024, 1100, 1179, 1180, 1200, 1239, 1240, 1280, 1359, 1360, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const [scroll, right] = await page.evaluate(() => [
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      document.querySelector(".header-actions")!.getBoundingClientRect().right - document.documentElement.clientWidth,
    ]);
    if (scroll > 0 || right > 0) beyond.push(`${width} px: la página se desplaza ${scroll} px de lado; la cuenta y el carrito acaban ${Math.round(right)} px fuera`);
  }
  expect(beyond).toEqual([]);
  // From 990 to 1,179 px only the logo stands for the shop's name; its link still says it.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole("link", { name: "Termoclima Madrid, inicio" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carrito: 0 artículos" })).toBeInViewport();
});
