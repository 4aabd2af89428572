import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { hydrated } from "../e2e/helpers";
import { drawSignature } from "./quote-e2e";

/*
 * The technician's work report as people fill it (issue 17), for the report's spec and the
 * whole path from a request to a paid job: start the job, tick a gas boiler's checklist, type
 * the combustion analysis with decimal commas, a serial number, a photo (a real JPEG made with
 * sharp), an extra; the customer's signature.
 */

export const OFFLINE_MESSAGE = "Sin conexión: el parte está guardado en este teléfono y se enviará al volver la conexión.";

export type ExtraLine = { kind: "Material" | "Mano de obra"; description: string; quality?: string; quantity: string; unit: string; unitPrice: string };

/** A picture that has loaded and has pixels (not only its alternative text). */
export async function expectDrawn(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** Opens the job's page, presses "Empezar el trabajo" and waits for the report form to have read its draft. */
export async function openAndStartJob(page: Page, jobId: number) {
  await page.goto(`/tecnico/trabajos/${jobId}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Empezar el trabajo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Trabajo empezado." })).toBeVisible();
  await expect(page.locator(".work-report-form[data-ready=si]")).toBeVisible();
}

/** A gas boiler's checks, its combustion analysis and the boiler's serial number (the form's only unit). */
export async function fillBoilerReport(page: Page, serial: string) {
  await expect(page.getByLabel("Tipo de trabajo")).toHaveValue("caldera-gas");
  for (const item of ["Prueba de estanqueidad del gas", "Llenado y purgado del circuito", "Presión de la instalación comprobada", "Explicación del uso al cliente"]) {
    await page.getByLabel(item).check();
  }
  await page.getByLabel("CO (ppm)").fill("38");
  await page.getByLabel("CO2 (%)").fill("9,1");
  await page.getByLabel("Temperatura de humos (°C)").fill("58,5");
  await page.getByLabel("Rendimiento (%)").fill("98,2");
  await page.getByLabel(/^Número de serie/).fill(serial);
}

/** A 2400 x 1800 camera-sized JPEG added as the report's next photo; waits for its thumbnail. */
export async function addPhoto(page: Page, nth = 1) {
  const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 150, g: 60, b: 40 } } }).jpeg({ quality: 90 }).toBuffer();
  await page.getByLabel(/^Añadir fotos/).setInputFiles({ name: "caldera-instalada.jpg", mimeType: "image/jpeg", buffer: photo });
  await expectDrawn(page.getByRole("img", { name: `Foto ${nth} del trabajo` }));
}

export async function addExtra(page: Page, line: ExtraLine, nth = 1) {
  await page.getByRole("button", { name: "Añadir trabajo o material adicional" }).click();
  const extra = page.getByRole("group", { name: `Adicional ${nth}` });
  await extra.getByLabel("Tipo").selectOption({ label: line.kind });
  await extra.getByLabel("Descripción").fill(line.description);
  if (line.quality !== undefined) await extra.getByLabel("Calidad o marca").fill(line.quality);
  await extra.getByLabel("Cantidad").fill(line.quantity);
  await extra.getByLabel("Unidad", { exact: true }).fill(line.unit);
  await extra.getByLabel("Precio por unidad sin IVA (€)").fill(line.unitPrice);
}

/** The customer signs with the mouse (or a finger on a touch screen) and, optionally, writes their name. */
export async function customerSigns(page: Page, name?: string, touch = false) {
  await drawSignature(page, page.getByTestId("signature-canvas"), touch);
  if (name) await page.getByLabel("Nombre de quien firma (opcional)").fill(name);
  await expect(page.getByRole("button", { name: "Borrar la firma" })).toBeEnabled();
}
