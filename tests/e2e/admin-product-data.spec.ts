import { expect, test, type Browser } from "@playwright/test";
import { adminContext, type AdminSession } from "../support/admin-e2e";
import { lookAtBothWidths } from "./helpers";

/*
 * Issue 15, product data: the owner edits the energy label's figures of a heat pump (SEER,
 * SCOP, sound power) and its EPREL number in the back office. A figure out of its range and an
 * EPREL number with letters are explained beside their fields; the right ones reach the
 * product page (its characteristics and the EPREL links beside the label) and the audit log.
 * Product 44 is the Mitsubishi Ecodan PUZ-HWM140VHA of the demo catalogue, a bibloc (F-gas).
 */
const OWNER = "admin-datos@termoclima.test";
const PRODUCT = "/admin/catalogo/44";
const SHOP_PAGE = "/tienda/detalle/aerotermia/44";

let admin: AdminSession | undefined;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL: string | undefined }) => {
  test.setTimeout(120_000);
  admin = await adminContext(browser, baseURL!, OWNER);
});

test.afterAll(async () => {
  await admin?.context.close().catch(() => {});
});

test("edits SEER, SCOP, sound power and the EPREL number; mistakes are named; the shop and the audit log show the change", async ({ browser, baseURL }) => {
  const { page } = admin!;
  await page.goto(PRODUCT);
  await expect(page.getByRole("heading", { level: 1, name: "Mitsubishi Ecodan PUZ-HWM140VHA" })).toBeVisible();
  const seer = page.getByLabel(/^SEER/);
  const scop = page.getByLabel(/^SCOP/);
  const soundPower = page.getByLabel(/^Potencia sonora/);
  const eprel = page.getByLabel(/^Número de registro EPREL/);
  await expect(seer).toHaveValue("4,9");
  await expect(scop).toHaveValue("4,35");
  await expect(soundPower).toHaveValue("62");
  await expect(eprel).toHaveValue("1364522");
  await expect(page.getByLabel("Contiene gases fluorados y no es hermético (split)")).toBeChecked();

  // Hydrated: the schema checks the form in the browser before anything is sent.
  await page.waitForFunction(() => Object.keys(document.querySelector("form.product-form") ?? {}).some((key) => key.startsWith("__reactProps")));
  await seer.fill("16");
  await eprel.fill("EPREL 12");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("alert")).toContainText("No se ha guardado: revise estos 2 campos");
  await expect(seer).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#producto-seer-error")).toHaveText(
    "SEER (eficiencia estacional en refrigeración): escriba un número entre 2 y 15, por ejemplo 6,1, o déjelo en blanco.",
  );
  await expect(page.locator("#producto-eprelNumber-error")).toContainText("escriba solo las cifras del registro");
  await lookAtBothWidths(page, "catalogo-producto-etiqueta-error");

  await seer.fill("5,1");
  await scop.fill("4,45");
  await soundPower.fill("61");
  await eprel.fill("2345678");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();
  await expect(scop).toHaveValue("4,45");
  await expect(eprel).toHaveValue("2345678");

  const shop = await browser.newContext({ baseURL, locale: "es-ES" });
  const customer = await shop.newPage();
  await expect(async () => {
    await customer.goto(SHOP_PAGE);
    await expect(customer.getByRole("link", { name: /^Etiqueta y datos en EPREL/ })).toHaveAttribute(
      "href",
      "https://eprel.ec.europa.eu/screen/product/spaceheaters/2345678",
      { timeout: 500 },
    );
  }).toPass({ timeout: 5_000 });
  await expect(customer.getByRole("link", { name: /^Ficha de información del producto/ })).toHaveAttribute(
    "href",
    "https://eprel.ec.europa.eu/api/products/spaceheaters/2345678/fiches?language=ES",
  );
  const specs = customer.getByRole("region", { name: "Características" });
  await expect(specs).toContainText(/Eficiencia estacional en calefacción \(SCOP\)\s*4,45/);
  await expect(specs).toContainText(/Potencia sonora\s*61 dB\(A\)/);
  await shop.close();

  await page.getByRole("link", { name: "Historial de cambios" }).click();
  const change = page.locator("table tbody tr").filter({ hasText: "editó el producto" }).first();
  await expect(change).toContainText(OWNER);
  await expect(change).toContainText('"eprelNumber": "2345678"');
  await expect(change).toContainText('"seer": 5.1');
});
