import { expect, test, type Page } from "@playwright/test";

const banner = (page: Page) => page.getByRole("region", { name: "Su privacidad" });

test.describe("cookie banner", { tag: "@movil" }, () => {
  test("shown until the visitor decides; both choices look the same", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    const accept = page.getByRole("button", { name: "Aceptar" });
    const reject = page.getByRole("button", { name: "Rechazar" });
    const style = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderColor, s.height].join("|");
    };
    expect(await accept.evaluate(style)).toBe(await reject.evaluate(style));
    // Nothing but the basket/session/consent cookies before a decision: here, none at all.
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  test("comes first to the keyboard and to screen readers, and the first paint shows it whole", async ({ page }) => {
    await page.goto("/contacto");
    // First in <body> (as GOV.UK places its banner); fixed to the bottom, so not moved on screen.
    expect(await page.evaluate(() => document.body.firstElementChild?.getAttribute("aria-labelledby"))).toBe("cookies-titulo");
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("link", { name: "Política de cookies" })).toBeFocused();
    const box = await banner(page).boundingBox();
    expect(box!.y + box!.height).toBeCloseTo(page.viewportSize()!.height, 0);
    // The first paint waits for <main>: the banner is never painted half-parsed (a layout shift).
    await expect(page.locator('head link[rel="expect"][blocking="render"]')).toHaveAttribute("href", "#contenido");
    await expect(page.locator("main#contenido")).toHaveCount(1);
  });

  test("rejecting hides it, and the server no longer renders it", async ({ page, request }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Rechazar" }).click();
    await expect(banner(page)).toHaveCount(0);
    // The banner hides at once; the cookie arrives with the answer to the post.
    await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).toEqual(["cookie_consent"]);
    const cookies = await page.context().cookies();
    await page.reload();
    await expect(banner(page)).toHaveCount(0);
    const consent = cookies.find((c) => c.name === "cookie_consent")!;
    const html = await (await request.get("/", { headers: { Cookie: `${consent.name}=${consent.value}` } })).text();
    expect(html).not.toContain("Su privacidad");
  });

  test("works without JavaScript: the form posts and comes back to the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/esta-no-existe?x=1");
    await page.getByRole("button", { name: "Aceptar" }).click();
    await expect(page).toHaveURL(/\/esta-no-existe\?x=1$/);
    await expect(banner(page)).toHaveCount(0);
    await context.close();
  });
});

test("the decision survives a link followed at once, before the server has answered", { tag: "@movil" }, async ({ page }) => {
  // The decision's post takes its time (a slow network); the visitor clicks on straight away.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/cookies.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/tienda");
  await page.getByRole("button", { name: "Aceptar" }).click();
  await page.getByRole("contentinfo").getByRole("link", { name: /Política de privacidad/ }).click();
  await expect(page).toHaveURL(/\/politica-privacidad$/);
  await expect(banner(page)).toHaveCount(0);
  release();
  await expect.poll(async () => (await page.context().cookies()).map((c) => c.name)).toEqual(["cookie_consent"]);
  // Still on the page the visitor chose (no redirect back), and the server remembers.
  await expect(page).toHaveURL(/\/politica-privacidad$/);
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
});
