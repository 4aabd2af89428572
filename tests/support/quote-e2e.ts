import { expect, type Locator, type Page } from "@playwright/test";

/*
 * The written quotes' steps as people do them (issue 17), shared by the quotes spec and the
 * whole path from a request to a paid job: the contact form, the owner's editor, sending, and a signature drawn
 * on a canvas with the mouse (desktop) or a finger (touch screen).
 */

/** The contact form of /contacto, as a visitor fills it in, up to the thank-you page. */
export async function sendContactRequest(page: Page, who: { name: string; email: string }) {
  await page.goto("/contacto");
  const form = page.getByRole("region", { name: "Solicite su presupuesto" });
  await form.getByLabel("Nombre y apellidos").fill(who.name);
  await form.getByLabel("Teléfono").fill("600 123 456");
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Dirección de la instalación").fill("Calle de Alcalá 120, 3º B");
  await form.getByLabel("Localidad").fill("Madrid");
  await form.getByLabel("Mensaje").fill("Quisiera cambiar la caldera.");
  await form.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/promo-Saunier\/gracias\?desde=%2Fcontacto$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias por contactar con nosotros!");
}

/** A new quote in the editor, its customer filled in; from `start` (the editor's "new" page or a request's button). */
export async function newQuote(page: Page, name: string, email: string, start?: () => Promise<void>) {
  if (start) await start();
  else {
    await page.goto("/admin/presupuestos/nuevo");
    await page.getByRole("button", { name: "Crear el presupuesto" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/presupuestos\/P\d{4}-\d{6}$/);
  await page.getByLabel("Nombre y apellidos o razón social").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Domicilio", { exact: true }).fill("Calle de Toledo 12, 3º B");
  await page.getByLabel("Código postal", { exact: true }).fill("28005");
  await page.getByLabel("Localidad", { exact: true }).fill("Madrid");
  await page.getByLabel("El mismo que el domicilio del cliente").check();
  await page.getByLabel(/^Descripción del trabajo/).fill("Sustitución de la caldera de gas por una de condensación, con su salida de humos.");
}

/** "Vista previa y envío", then "Enviar al cliente" under the preview (issue 30): the first version goes out. */
export async function sendQuote(page: Page, look?: (page: Page) => Promise<void>) {
  await page.getByRole("button", { name: "Vista previa y envío" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Vista previa del presupuesto P\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Presupuesto tal como lo verá el cliente" })).toBeVisible();
  await look?.(page);
  await page.getByRole("button", { name: "Enviar al cliente" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Enviado al cliente: versión 1/ })).toBeVisible();
}

/** A zigzag drawn across `canvas`: with a finger through the DevTools protocol on a touch screen, else with the mouse. */
export async function drawSignature(page: Page, canvas: Locator, touch: boolean) {
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const points = [0.15, 0.3, 0.45, 0.6, 0.75].map((fx, i) => ({ x: box.x + box.width * fx, y: box.y + box.height * (i % 2 ? 0.3 : 0.7) }));
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    const at = (p: { x: number; y: number }) => [{ x: p.x, y: p.y, id: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(points[0]!) });
    for (const p of points.slice(1)) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(p) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } else {
    await page.mouse.move(points[0]!.x, points[0]!.y);
    await page.mouse.down();
    for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.mouse.up();
  }
}
