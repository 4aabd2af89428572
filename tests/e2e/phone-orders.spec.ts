import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { type RedsysStandIn } from "../support/redsys-standin";
import { redsysEnv, startShopRedsys } from "../support/redsys-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * Issue 30's done-when, in Chromium at the project's width (375 px and desktop): the owner
 * builds an order for a customer who phones, the customer's e-mail arrives with the payment
 * link, the link opens the payment page without an account, the card is paid at the Redsys
 * stand-in, and the back office shows the order paid. Then, from a customer record, the owner books a
 * visit («Visita nueva») and writes down a phoned request («Solicitud nueva»).
 */
const PORT = specPort(182);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-telefono@termoclima.test";
const CUSTOMER = "rosa.telefono@example.com";
const THERMOSTAT = "/tienda/detalle/termostatos/14";

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; redsys?: RedsysStandIn } = {};
let admin: { context: BrowserContext; page: Page };

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }, info) => {
  state.smtp = await startSmtpCapture();
  state.redsys = await startShopRedsys();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir(`telefono-${info.project.name}`),
    env: { SMTP_URL: state.smtp.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, ...redsysEnv(state.redsys) },
  });
  admin = await adminContext(browser, base, OWNER, { viewport: info.project.use.viewport ?? undefined });
});

test.afterAll(async () => {
  await admin?.context.close().catch(() => {});
  await state.server?.stop();
  await state.redsys?.close();
  await state.smtp?.close();
});

test("a phone order reaches the customer's e-mail and is paid by card at Redsys", { tag: "@movil" }, async ({ browser }, info) => {
  const { page } = admin;
  await page.goto(THERMOSTAT);
  const name = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  const model = name.split(" ").slice(-1)[0]!;

  await page.goto("/admin/crear");
  await page.getByRole("link", { name: "Pedido por teléfono" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pedido por teléfono" })).toBeVisible();
  await page.getByLabel("Buscar por marca, modelo o tipo").fill(model);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.getByRole("button", { name: new RegExp(`^Añadir .*${model}`) }).first().click();
  await expect(page.getByRole("region", { name: "Líneas del pedido" })).toContainText(model);

  // A wrong field first: the answer says why, and nothing typed is lost.
  await page.getByLabel("E-mail del cliente *").fill(CUSTOMER);
  const shipping = page.getByRole("group", { name: "Dirección de envío" });
  await shipping.getByLabel("CIF/NIF/NIE").fill("12345678Z");
  await shipping.getByLabel(/^Nombre/).fill("Rosa");
  await shipping.getByLabel("Apellidos").fill("Martín Gil");
  await shipping.getByLabel("Dirección").fill("Calle de Alcalá 100");
  await shipping.getByLabel("Población").fill("Madrid");
  await shipping.getByLabel("Provincia").selectOption("Madrid");
  await shipping.getByLabel("Código postal").fill("28009");
  await shipping.getByLabel("Teléfono").fill("12");
  await page.getByRole("button", { name: "Crear pedido y enviar enlace de pago" }).click();
  await expect(page.getByText("Revise los campos marcados en rojo.")).toBeVisible();
  await expect(shipping.getByLabel("Población")).toHaveValue("Madrid");
  await expect(page.getByLabel("E-mail del cliente *")).toHaveValue(CUSTOMER);
  await lookAtBothWidths(page, "pedido-telefono");
  await shipping.getByLabel("Teléfono").fill("600 123456");
  await page.getByRole("button", { name: "Crear pedido y enviar enlace de pago" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Pedido \d{1,5}-\d{6}$/ })).toBeVisible();
  const number = /Pedido (\S+)/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")![1]!;
  await expect(page.getByRole("heading", { name: `Pedido por teléfono por ${OWNER}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /Enviar por WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/34600123456\?text=/);
  await expect(page.getByRole("button", { name: "Reenviar el correo" })).toBeVisible();

  const mail = await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`su pedido ${number}, listo para pagar`));
  const link = /https?:\/\/\S+\/pedido\/pagar\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0]!;
  const path = new URL(link).pathname;

  // The customer, with no account, in a browser of their own at the same width.
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: info.project.use.viewport ?? undefined });
  const customer = await context.newPage();
  await customer.goto(path);
  await rejectCookies(customer);
  await expect(customer.getByRole("heading", { level: 1, name: `Pedido ${number}` })).toBeVisible();
  await expect(customer.getByRole("region", { name: "Artículos" }).or(customer.getByRole("table")).first()).toContainText(model);
  await lookAtBothWidths(customer, "pedido-telefono-pagar");
  await customer.getByRole("button", { name: "PAGAR", exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  await customer.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`${path}/vuelta\\?intento=`));
  await expect(customer.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
  await expect(customer.getByRole("status")).toContainText(`Hemos recibido el pago de su pedido ${number} con tarjeta`);
  await customer.goto(path);
  await expect(customer.getByText(/Este pedido ya está pagado/)).toBeVisible();
  await context.close();

  await page.goto(`/admin/pedidos/${number}`);
  await expect(page.locator(".admin-order-facts")).toContainText("Pagado");
  await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`hemos recibido el pago del pedido ${number}`));
});

test("from a customer record the owner books a visit and writes down a request", { tag: "@movil" }, async () => {
  const { page } = admin;
  const email = "ines.caller@example.com";
  await page.goto("/admin/crear");
  await page.getByRole("link", { name: "Cliente nuevo" }).click();
  await page.getByLabel("Nombre y apellidos").fill("Inés Calleja Ruiz");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Teléfono").fill("633 44 55 66");
  await page.getByLabel("Dirección").fill("Calle de Toledo 50");
  await page.getByLabel("Código postal").fill("28005");
  await page.getByLabel("Población").fill("Madrid");
  await page.getByRole("button", { name: "Crear la ficha" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inés Calleja Ruiz" })).toBeVisible();
  const record = page.url();

  // «Visita nueva»: her details are there; the first free hour is booked and she gets the confirmation.
  await page.getByRole("navigation", { name: "Empezar para este cliente" }).getByRole("link", { name: "Visita nueva" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Visita nueva" })).toBeVisible();
  const details = page.getByRole("group", { name: "Datos del cliente" });
  await expect(details.getByLabel(/Dirección/)).toHaveValue("Calle de Toledo 50, 28005");
  await page.getByRole("button", { name: "Reservar la visita" }).click();
  await expect(page.getByRole("alert")).toContainText("Elija un día y una hora de la lista.");
  await expect(details.getByLabel(/Nombre/)).toHaveValue("Inés Calleja Ruiz");
  await lookAtBothWidths(page, "visita-nueva");
  await page.locator(".visit-slots input[type=radio]").first().check();
  await page.getByRole("button", { name: "Reservar la visita" }).click();
  await expect(page.getByRole("status")).toContainText("Visita reservada: el cliente recibe la confirmación por correo.");
  await waitForMail(state.smtp!.messages, email, /^Visita reservada: /);

  // «Solicitud nueva»: what she asks for joins the inbox on her record.
  await page.goto(record);
  await page.getByRole("navigation", { name: "Empezar para este cliente" }).getByRole("link", { name: "Solicitud nueva" }).click();
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Inés Calleja Ruiz");
  await page.getByLabel("Qué necesita").fill("Revisión de la caldera antes del invierno");
  await lookAtBothWidths(page, "solicitud-nueva");
  await page.getByRole("button", { name: "Guardar la solicitud" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Solicitud/ })).toBeVisible();
  await expect(page.getByText("Revisión de la caldera antes del invierno")).toBeVisible();

  await page.goto(record);
  await expect(page.getByRole("region", { name: "Solicitudes (1)" })).toContainText("Solicitud nº");
  await expect(page.getByRole("region", { name: "Visitas (1)" })).toContainText("Visita del");
});
