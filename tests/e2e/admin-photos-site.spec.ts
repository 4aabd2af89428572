import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";
import { adminContext, type AdminSession } from "../support/admin-e2e";

/*
 * Issue 11, photos and site: the owner uploads product photos (the product page serves them in
 * several widths, AVIF/WebP/JPEG), arranges the gallery, puts a photo in the home page's
 * carousel, and switches maintenance on and off (the shop closes, /admin keeps working).
 * Desktop first, then the same pages at 375 px (one sign-in per administrator: the limits are real).
 */
test.describe.configure({ mode: "serial" });

const PHONE = { width: 375, height: 740 };
let photos: AdminSession;
let site: AdminSession;

test.beforeAll(async ({ browser, baseURL }) => {
  mkdirSync("tests/.tmp/screens", { recursive: true });
  photos = await adminContext(browser, baseURL!, "admin-fotos@termoclima.test");
  site = await adminContext(browser, baseURL!, "admin-sitio@termoclima.test");
});

test.afterAll(async () => {
  await photos?.context.close();
  await site?.context.close();
});

/** A photo as a phone makes it: a JPEG with the camera's data, 2400 × 1800. */
async function cameraPhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "Fotocam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 0/1" } })
    .toBuffer();
}

/** The widths a srcset offers, and its addresses. */
function parseSrcset(srcset: string | null): { url: string; width: number }[] {
  return (srcset ?? "")
    .split(",")
    .map((part) => part.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url!, width: Number(w!.replace("w", "")) }));
}

/** A cell of the audit log naming `action` (on a phone each cell starts with its column's name). */
function actionCell(page: Page, action: string) {
  return page.getByRole("cell", { name: new RegExp(`(^|\\s)${action.replace(".", "\\.")}$`) });
}

async function firstBoilerId(page: Page): Promise<number> {
  await page.goto("/tienda/calderas");
  const href = await page.locator('a[href^="/tienda/detalle/calderas/"]').first().getAttribute("href");
  return Number(href!.split("/").pop());
}

test("the owner uploads photos and the product page serves them in several widths and formats", async () => {
  const { page } = photos;
  const id = await firstBoilerId(page);
  await page.goto(`/admin/catalogo/${id}/fotos`);
  await expect(page.getByRole("heading", { level: 1, name: /^Fotos de / })).toBeVisible();
  await expect(page.getByText("Este producto aún no tiene fotos")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Fotos (JPEG, PNG o WebP)").setInputFiles([
    { name: "caldera-frente.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto("#2a6f97") },
    { name: "caldera-lado.jpg", mimeType: "image/jpeg", buffer: await cameraPhoto("#c2410c") },
  ]);
  await page.getByRole("button", { name: "Subir fotos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 fotos añadidas." })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".admin-photo")).toHaveCount(2);
  await expectAccessible(page);

  // The second becomes the main one, without JavaScript's help needed (a plain form post).
  await page.getByRole("button", { name: "Hacer principal la foto 2" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Foto principal cambiada." })).toBeVisible();

  const shop = await photos.context.newPage();
  await shop.goto(`/tienda/detalle/calderas/${id}`);
  const main = shop.getByTestId("main-image");
  await expect(main).toHaveAttribute("width", "1600");
  await expect(main).toHaveAttribute("height", "1200");
  await expect(main).toHaveAttribute("fetchpriority", "high");
  const jpegs = parseSrcset(await main.getAttribute("srcset"));
  expect(jpegs.map((entry) => entry.width)).toEqual([320, 640, 960, 1280, 1600]);
  const picture = main.locator("xpath=..");
  const avif = parseSrcset(await picture.locator('source[type="image/avif"]').getAttribute("srcset"));
  const webp = parseSrcset(await picture.locator('source[type="image/webp"]').getAttribute("srcset"));
  expect(avif).toHaveLength(5);
  expect(webp).toHaveLength(5);
  for (const [list, type] of [[jpegs, "image/jpeg"], [webp, "image/webp"], [avif, "image/avif"]] as const) {
    for (const { url, width } of list) {
      const response = await shop.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"]).toBe(type);
      expect(response.headers()["cache-control"]).toContain("immutable");
      const meta = await sharp(await response.body()).metadata();
      expect(meta.width, url).toBe(width);
      expect(meta.exif, url).toBeUndefined();
    }
  }
  // The browser chose one of them and drew it.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/imagenes\/fotos\/\d+-\d+\.avif$/);
  // The main photo is the one made main: its id is the larger (uploaded second).
  const [firstId, secondId] = (await page.locator(".admin-photo img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src))).map(
    (src) => Number(/fotos\/(\d+)-/.exec(src)![1]),
  );
  expect(jpegs[0]!.url).toContain(`/imagenes/fotos/${firstId}-`);
  expect(secondId).toBeLessThan(firstId!);
  await expectAccessible(shop);
  await shop.close();

  // The catalogue card shows the main photo too, with its srcset.
  await page.goto("/tienda/calderas");
  const card = page.locator(`article:has(a[href="/tienda/detalle/calderas/${id}"]) .card-media img`).first();
  await expect(card).toHaveAttribute("srcset", /\/imagenes\/fotos\/\d+-320\.jpg 320w/);
});

test("the photos page and the product page at 375 px; removing the photos brings the demo back", async () => {
  const { page } = photos;
  await page.setViewportSize(PHONE);
  const id = await firstBoilerId(page);
  await page.goto(`/admin/catalogo/${id}/fotos`);
  await expect(page.locator(".admin-photo")).toHaveCount(2);
  await expectAccessible(page);
  await screenshot(page, { path: "tests/.tmp/screens/admin-fotos-375.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await page.goto(`/tienda/detalle/calderas/${id}`);
  const main = page.getByTestId("main-image");
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // A 375 px screen asks for a copy near its width, not the 1600 px one.
  expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(320|640|960)\.avif$/);
  await screenshot(page, { path: "tests/.tmp/screens/producto-con-fotos-375.png" });

  await page.goto(`/admin/catalogo/${id}/fotos`);
  await page.getByRole("button", { name: "Quitar la foto 2" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Foto quitada." })).toBeVisible();
  await expect(page.locator(".admin-photo")).toHaveCount(1);
  // The last one too: the shop goes back to the demo drawings (and the other specs find them).
  await page.getByRole("button", { name: "Quitar la foto 1" }).click();
  await expect(page.getByText("Este producto aún no tiene fotos")).toBeVisible();
  await page.goto(`/tienda/detalle/calderas/${id}`);
  await expect(page.getByTestId("main-image")).toHaveAttribute("src", /^\/imagenes\/demo\/.+-1\.svg$/);
  await expect(page.getByTestId("main-image")).not.toHaveAttribute("srcset", /./);
  await page.goto(`/admin/registro?entidad=producto&id=${id}`);
  for (const action of ["fotos.subir", "fotos.principal", "fotos.quitar"]) {
    await expect(actionCell(page, action).first()).toBeVisible();
  }
});

/**
 * The answer under one slot's card of /admin/sitio ("Imagen 1", "Marca 1"): after a second
 * save, the first slot's «Imagen guardada.» is still on the page until the new answer arrives.
 */
function replyOf(page: Page, slot: string, text: string) {
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${slot} `) }) });
  return card.getByRole("status").filter({ hasText: text });
}

test("the owner puts a photo in the home page's carousel and a brand's logo, then restores the demo", async () => {
  const { page } = site;
  await page.goto("/admin/sitio");
  await expect(page.getByRole("heading", { level: 1, name: "Sitio" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Texto bajo la imagen").first().fill("Cocina en Chamberí");
  await page.getByLabel("Foto nueva (JPEG, PNG o WebP, hasta 15 MB)").first().setInputFiles({
    name: "cocina.jpg",
    mimeType: "image/jpeg",
    buffer: await cameraPhoto("#8a5a44"),
  });
  await page.getByRole("button", { name: "Guardar imagen 1" }).click();
  await expect(replyOf(page, "Imagen 1", "Imagen guardada.")).toBeVisible({ timeout: 30_000 });

  // A brand's logo: its form opens on demand.
  await page.getByText("Cambiar marca 1", { exact: true }).click();
  await page.getByLabel("Nombre de la marca").first().fill("Baxi Calefacción");
  const logo = await sharp({ create: { width: 600, height: 150, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
  await page.getByLabel("Logotipo nuevo (JPEG, PNG o WebP, hasta 15 MB)").first().setInputFiles({ name: "baxi.png", mimeType: "image/png", buffer: logo });
  await page.getByRole("button", { name: "Guardar marca 1" }).click();
  await expect(replyOf(page, "Marca 1", "Imagen guardada.")).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: "es-ES", viewport: PHONE });
  const home = await visitor.newPage();
  await home.goto("/");
  const slide = home.getByRole("img", { name: "Cocina en Chamberí" });
  await expect(slide).toHaveAttribute("srcset", /-320\.jpg 320w, .*-1600\.jpg 1600w/);
  await expect(slide).toHaveAttribute("width", "1600");
  await expect(slide).toHaveAttribute("loading", "lazy");
  const brand = home.getByRole("img", { name: "Baxi Calefacción" });
  await expect(brand).toHaveAttribute("sizes", "160px");
  await expect.poll(() => brand.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await brand.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().height)).toBe(40);
  await rejectCookies(home);
  await expectAccessible(home);
  await screenshot(home.locator(".home-brands"), { path: "tests/.tmp/screens/inicio-marcas-375.png" });
  await slide.scrollIntoViewIfNeeded();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshot(home.locator(".home-carousel"), { path: "tests/.tmp/screens/inicio-carrusel-375.png" });

  await page.getByRole("button", { name: "Restaurar la muestra en imagen 1" }).click();
  await expect(replyOf(page, "Imagen 1", "Muestra restaurada.")).toBeVisible();
  await page.getByText("Cambiar marca 1", { exact: true }).click();
  await page.getByRole("button", { name: "Restaurar la muestra en marca 1" }).click();
  await expect(replyOf(page, "Marca 1", "Muestra restaurada.")).toBeVisible();
  await expect
    .poll(async () => {
      await home.goto("/");
      return (await home.getByRole("img", { name: "Cocina en Chamberí" }).count()) + (await home.getByRole("img", { name: "Baxi Calefacción" }).count());
    }, { timeout: 5_000 })
    .toBe(0);
  await expect(home.locator(".home-brand").first()).toHaveText("Baxi");
  await visitor.close();
});

test("maintenance switched on and off from /admin/sitio: the shop closes within seconds, /admin stays open", async () => {
  const { page } = site;
  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: "es-ES", viewport: PHONE });
  const shop = await visitor.newPage();
  try {
    for (const viewport of [{ width: 1400, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto("/admin/sitio");
      const item = page.locator(".admin-switch").filter({ hasText: "Modo mantenimiento" });
      await expect(item.getByText("Atención:")).toBeVisible();
      // Without the confirmation the browser does not even send the form.
      await item.getByRole("button", { name: "Activar Modo mantenimiento" }).click();
      await expect(page.getByText("El modo mantenimiento está activado")).toHaveCount(0);
      await item.getByLabel("Entiendo que la tienda se cerrará a los visitantes").check();
      await item.getByRole("button", { name: "Activar Modo mantenimiento" }).click();
      await expect(page.getByText("El modo mantenimiento está activado")).toBeVisible();
      await expectAccessible(page);
      if (viewport.width === PHONE.width) await screenshot(page, { path: "tests/.tmp/screens/admin-sitio-375.png", fullPage: true });

      await expect.poll(async () => (await shop.goto("/tienda"))?.status(), { timeout: 5_000 }).toBe(503);
      await expect(shop.getByRole("heading", { level: 1, name: "Estamos en mantenimiento" })).toBeVisible();
      if (viewport.width === PHONE.width) await screenshot(shop, { path: "tests/.tmp/screens/mantenimiento-375.png" });
      // The back office keeps working for the owner.
      expect((await page.goto("/admin"))?.status()).toBe(200);
      await page.goto("/admin/sitio");

      await page.locator(".admin-switch").filter({ hasText: "Modo mantenimiento" }).getByRole("button", { name: "Desactivar Modo mantenimiento" }).click();
      await expect(page.getByRole("status").filter({ hasText: "«Modo mantenimiento» desactivado." })).toBeVisible();
      await expect.poll(async () => (await shop.goto("/tienda"))?.status(), { timeout: 5_000 }).toBe(200);
    }
    await page.goto("/admin/registro?entidad=sitio&id=indicador:maintenance");
    await expect(actionCell(page, "indicador.activar")).toHaveCount(2);
    await expect(actionCell(page, "indicador.desactivar")).toHaveCount(2);
  } finally {
    await visitor.close();
  }
});
