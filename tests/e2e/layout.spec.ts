import { expect, test } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

test.describe("the frame every page shares", { tag: "@movil" }, () => {
  test("home: welcome banner, header, footer and floating buttons", async ({ page }, info) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Bienvenido a \S/);
    await expect(page.getByRole("link", { name: "¡Conócenos!" })).toBeVisible();
    await expect(page).toHaveTitle(/Calderas, aire acondicionado y aerotermia/);

    // Header: contact information, user icon, basket with the count rendered by the server.
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /^\d{3} \d{3} \d{3}$/ })).toHaveAttribute("href", /^tel:\+34\d{9}$/);
    await expect(header.getByRole("link", { name: "Mi cuenta" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Carrito: 0 artículos" })).toHaveAttribute("href", "/carrito");
    await expect(page.getByTestId("basket-count")).toHaveText("0");

    // Footer: the 2025 stamp and the legal pages.
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025");
    for (const name of ["Aviso legal", "Política de privacidad", "Política de cookies", "Condiciones de compra"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/34\d{9}$/);
    // The floating buttons only beside the page, from 1,360 px; narrower, the header carries both links.
    const floating = page.getByRole("link", { name: /^Llámenos al/ });
    if ((page.viewportSize()?.width ?? 0) >= 1360) await expect(floating).toHaveAttribute("href", /^tel:\+34/);
    else await expect(floating).toHaveCount(0);
    await expect(header.getByRole("link", { name: /WhatsApp/ })).toHaveCount((page.viewportSize()?.width ?? 0) >= 1360 ? 0 : 1);

    await screenshot(page, { path: info.outputPath("inicio-con-aviso.png"), fullPage: true });
    await expectAccessible(page);
    await rejectCookies(page);
    await screenshot(page, { path: info.outputPath("inicio.png"), fullPage: true });
  });

  test("menu: every entry of the spec, the submenu by keyboard", async ({ page }, info) => {
    await page.goto("/");
    await rejectCookies(page);
    const nav = page.getByRole("navigation", { name: "Menú principal" });
    const mobile = (page.viewportSize()?.width ?? 1400) < 990;
    if (mobile) {
      await expect(nav.getByRole("link", { name: "Calderas" })).toBeHidden();
      const toggle = page.getByRole("button", { name: "Abrir menú" });
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
    }
    for (const name of ["Calderas", "Aire acondicionado", "Aerotermia", "Presupuesto", "Contacto"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const others = nav.getByRole("button", { name: "Otros productos" });
    await others.focus();
    await page.keyboard.press("Enter");
    await expect(others).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Reformas", "Termostatos", "Mantenimiento", "Servicios"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await screenshot(page, { path: info.outputPath("menu-abierto.png") });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(others).toHaveAttribute("aria-expanded", "false");
    await expect(others).toBeFocused();
  });
});

test.describe("unknown pages", { tag: "@movil" }, () => {
  test("answer 404 with a Spanish page inside the frame", async ({ page }, info) => {
    const response = await page.goto("/esta-pagina-no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
    await expect(page).toHaveTitle(/Página no encontrada/);
    await expect(page.getByRole("link", { name: "Ir al inicio" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025");
    await screenshot(page, { path: info.outputPath("404.png"), fullPage: true });
    await expectAccessible(page);
  });

  test("an unknown demo image is a 404, a known one an SVG", async ({ request }) => {
    expect((await request.get("/imagenes/demo/no-existe-1.svg")).status()).toBe(404);
    const known = await request.get("/imagenes/demo/baxi-platinum-compact-24-24f-eco-1.svg");
    expect(known.status()).toBe(200);
    expect(known.headers()["content-type"]).toContain("image/svg+xml");
    expect(await known.text()).toContain("Platinum Compact");
  });
});
