import { expect, type Page } from "@playwright/test";

/*
 * A customer of the back-office specs who buys through the real pages: registers, adds a
 * product from its detail page and confirms the order by transfer, as issue 4's flow goes.
 */

export const CUSTOMER_PASSWORD = "claveDelCliente1";

/** Registers and signs in this page's browser (the raw sign-up signs nobody in). */
export async function signUpCustomer(page: Page, baseUrl: string, email: string): Promise<void> {
  for (const [endpoint, data] of [
    ["sign-up/email", { email, password: CUSTOMER_PASSWORD, name: "Cliente" }],
    ["sign-in/email", { email, password: CUSTOMER_PASSWORD }],
  ] as const) {
    const response = await page.request.post(`${baseUrl}/api/auth/${endpoint}`, { data, headers: { Origin: baseUrl } });
    expect(response.ok(), endpoint).toBe(true);
  }
}

/** Adds the product of `detailPath` to the basket from its page, as a customer does. */
export async function addFromDetail(page: Page, detailPath: string): Promise<void> {
  await page.goto(detailPath);
  // Hydrated: the form's select has React's props (the add then stays on the page).
  await page.waitForFunction(() => {
    const element = document.querySelector("form.detail-form button[type=submit]");
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  });
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();
}

const PAY_LABELS = { transferencia: "Transferencia bancaria", tarjeta: "Tarjeta", bizum: "Bizum" } as const;
const PAY_BUTTONS = { transferencia: "CONFIRMAR PEDIDO", tarjeta: "PAGAR", bizum: "PAGAR CON BIZUM" } as const;

/** Fills the order form with a Getafe address, chooses `method` and presses its button. */
export async function confirmCheckout(page: Page, method: keyof typeof PAY_LABELS = "transferencia", { keepCard = false }: { keepCard?: boolean } = {}): Promise<void> {
  await page.goto("/carrito/pedido");
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar pedido" })).toBeVisible();
  const shipping = page.getByRole("group", { name: "Dirección de envío" });
  await shipping.getByLabel("CIF/NIF/NIE").fill("12345678Z");
  await shipping.getByLabel(/^Nombre/).fill("Marta");
  await shipping.getByLabel("Apellidos").fill("Ruiz Ortega");
  await shipping.getByLabel("Dirección").fill("Calle de Toledo 20");
  await shipping.getByLabel("Población").fill("Getafe");
  await shipping.getByLabel("Provincia").selectOption("Madrid");
  await shipping.getByLabel("Código postal").fill("28901");
  await shipping.getByLabel("Teléfono").fill("600 111222");
  if (method === "transferencia") await expect(page.getByRole("radio", { name: PAY_LABELS.transferencia })).toBeChecked();
  else await page.getByRole("radio", { name: PAY_LABELS[method] }).check();
  // Paying a maintenance plan by card: Redsys keeps the card for its renewals (issue 31).
  if (keepCard) await page.getByRole("checkbox", { name: "Renovar cada año mi plan de mantenimiento con esta tarjeta" }).check();
  await page.getByRole("checkbox", { name: /He leído y acepto las condiciones de compra/ }).check();
  await page.getByRole("button", { name: PAY_BUTTONS[method], exact: true }).click();
}

/** Adds the product of `detailPath` and confirms the order by transfer; returns its number. */
export async function placeTransferOrder(page: Page, detailPath: string): Promise<string> {
  await addFromDetail(page, detailPath);
  await confirmCheckout(page, "transferencia");
  await expect(page).toHaveURL(/\/carrito\/pedido\?pedido=\d{1,5}-\d{6}$/);
  return decodeURIComponent(page.url().split("pedido=")[1]!);
}
