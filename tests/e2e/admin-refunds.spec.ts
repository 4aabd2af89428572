import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { formatYmd, madridDay } from "../../app/domain/dates/madrid-dates";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { addFromDetail, confirmCheckout, signUpCustomer } from "../support/customer-e2e";
import { type RedsysStandIn } from "../support/redsys-standin";
import { redsysEnv, startShopRedsys } from "../support/redsys-e2e";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, lookAtBothWidths, rejectCookies, waitForMail } from "./helpers";

/*
 * Issue 12, "Refunds", in Chromium against the Redsys stand-in (which refunds only payments
 * it authorised itself, never more than it took): a customer pays a thermostat by card as
 * customers do; the owner sees the payment on the order page, is refused a refund over what
 * was paid and an amount that is not one, refunds part of it through Redsys (the stand-in
 * records it, the customer gets the e-mail), sees a refund Redsys denies, and records the rest
 * as a transfer with JavaScript off. Desktop and 375 px, axe at both.
 */
const PORT = specPort(80);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-reembolsos@termoclima.test";
const CUSTOMER = "lucia.reembolsos@example.com";
const THERMOSTAT = "/tienda/detalle/termostatos/14";
const DESKTOP = { width: 1400, height: 900 };

const state: { server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; redsys?: RedsysStandIn } = {};
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
let number = "";
let attemptCode = "";

/** E-mails this spec's server sent (tests/e2e/helpers.ts waitForMail). */
const mailTo = (to: string, subject: RegExp) => waitForMail(state.smtp!.messages, to, subject);

const euros = (text: string) => new RegExp(text.replace(" €", "\\s€"));

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  const stale = await fetch(`${base}/healthz`).then(() => true, () => false);
  expect(stale, `el puerto ${PORT} ya está en uso (¿un servidor de una ejecución anterior?)`).toBe(false);
  state.smtp = await startSmtpCapture();
  state.redsys = await startShopRedsys();
  state.server = await startAppServer({
    port: PORT,
    dataDir: freshDataDir("reembolsos"),
    env: {
      SMTP_URL: state.smtp.url,
      OUTBOX_POLL_MS: "200",
      ADMIN_EMAILS: OWNER,
      CART_RATE_LIMIT: "1000",
      ...redsysEnv(state.redsys),
    },
  });
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: DESKTOP });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await signUpCustomer(customer.page, base, CUSTOMER);
  admin = await adminContext(browser, base, OWNER, { viewport: DESKTOP });
});

test.afterAll(async () => {
  await state.server?.stop();
  await state.redsys?.close();
  await state.smtp?.close();
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
});

test("a customer pays by card through Redsys; the order page shows the payment", async () => {
  const { page } = customer;
  await addFromDetail(page, THERMOSTAT);
  await confirmCheckout(page, "tarjeta");
  await expect(page).toHaveURL(new RegExp(`^${state.redsys!.baseUrl}/sis/realizarPago`));
  number = /(\d{1,5}-\d{6})/.exec((await page.getByText(/Pedido \d{1,5}-\d{6}/).first().textContent()) ?? "")![1]!;
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago recibido" })).toBeVisible();
  attemptCode = state.redsys!.log().find((entry) => entry.kind === "notification" && entry.code === "0000")!.order!;

  const owner = admin.page;
  await owner.goto(`/admin/pedidos/${number}`);
  const payments = owner.getByRole("table", { name: "Pagos con tarjeta y Bizum del pedido" });
  const row = payments.getByRole("row").filter({ hasText: attemptCode });
  await expect(row).toContainText("Tarjeta");
  await expect(row).toContainText(euros("56,95 €"));
  await expect(row).toContainText("Pagado");
  await expect(row).toContainText("0000 Operación autorizada");
  await expect(owner.getByText(/Queda por devolver:\s*56,95\s€/)).toBeVisible();
  const form = owner.getByRole("form", { name: new RegExp(`Reembolsar por Redsys: Tarjeta ${attemptCode}`) });
  await expect(form.getByLabel("Importe (€)")).toHaveValue("56,95");
  await lookAtBothWidths(owner, "admin-pedido-pagos");
});

test("too much, or not an amount: refused next to the field, nothing sent to Redsys", async () => {
  const owner = admin.page;
  const form = owner.getByRole("form", { name: /Reembolsar por Redsys/ });
  await form.getByLabel("Importe (€)").fill("60,00");
  await form.getByLabel("Motivo").fill("Prueba de límite");
  await form.getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(form.getByLabel("Importe (€)")).toHaveAccessibleDescription(/El reembolso no puede superar lo pagado: quedan 56,95\s€ por devolver\./);
  await expect(form.getByLabel("Motivo")).toHaveValue("Prueba de límite");
  await form.getByLabel("Importe (€)").fill("doce");
  await form.getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(form.getByLabel("Importe (€)")).toHaveAccessibleDescription(/Escriba el importe en euros con dos decimales como máximo/);
  expect(state.redsys!.log().filter((entry) => entry.kind === "refund")).toEqual([]);
});

test("a partial refund through Redsys: done, listed, e-mailed, and what is left goes down", async () => {
  const owner = admin.page;
  const form = owner.getByRole("form", { name: /Reembolsar por Redsys/ });
  await form.getByLabel("Importe (€)").fill("20,00");
  await form.getByLabel("Motivo").fill("El termostato llegó con la tapa rayada");
  await form.getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(owner.getByRole("status").filter({ hasText: /Reembolso de 20,00\s€ hecho por Redsys\. Se ha avisado al cliente por e-mail\./ })).toBeVisible();
  await expect(owner).toHaveURL(/\?hecho=reembolso&id=\d+#reembolsos$/);
  await state.redsys!.waitFor((log) => log.some((entry) => entry.kind === "refund" && entry.code === "0900" && entry.amount === 2000 && entry.order === attemptCode));

  const refunds = owner.getByRole("table", { name: "Reembolsos del pedido" });
  const row = refunds.getByRole("row").filter({ hasText: "El termostato llegó con la tapa rayada" });
  await expect(row).toContainText(euros("20,00 €"));
  await expect(row).toContainText("Hecho");
  await expect(row).toContainText(/0900 Devolución o confirmación aceptada · Ref\. \w+/);
  await expect(row).toContainText(OWNER);
  await expect(owner.getByText(/Queda por devolver:\s*36,95\s€/)).toBeVisible();
  await expect(owner.getByRole("form", { name: /Reembolsar por Redsys/ }).getByLabel("Importe (€)")).toHaveValue("36,95");
  await expect(owner.locator(".admin-order-events")).toContainText("Reembolso");

  const mail = await mailTo(CUSTOMER, new RegExp(`le hemos devuelto 20,00\\s€ del pedido ${number}`));
  expect(mail.text).toContain("Vuelve a la misma tarjeta o cuenta Bizum con la que pagó en unos días");
  expect(mail.text).toContain(`/login/pedidos/${number}`);
  await lookAtBothWidths(owner, "admin-pedido-reembolsado");
});

test("a refund Redsys denies: said plainly, listed as refused, nothing counted", async () => {
  state.redsys!.setMode({ refund: "deny" });
  const owner = admin.page;
  const form = owner.getByRole("form", { name: /Reembolsar por Redsys/ });
  await form.getByLabel("Importe (€)").fill("5,00");
  await form.getByLabel("Motivo").fill("Segundo intento");
  await form.getByRole("button", { name: "Reembolsar por Redsys" }).click();
  await expect(owner.getByRole("alert").filter({ hasText: /Reembolso de 5,00\s€ no hecho: 0950 Operación de devolución no permitida\. No se ha devuelto nada\./ })).toBeVisible();
  await expect(owner.getByRole("table", { name: "Reembolsos del pedido" }).getByRole("row").filter({ hasText: "Segundo intento" })).toContainText("Rechazado");
  await expect(owner.getByText(/Queda por devolver:\s*36,95\s€/)).toBeVisible();
  state.redsys!.setMode({ refund: "accept" });
});

test("the rest by transfer, with JavaScript off: recorded with its date and reference, nothing left", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport: { width: 375, height: 740 }, javaScriptEnabled: false, storageState: await admin.context.storageState() });
  try {
    const page = await context.newPage();
    await page.goto(`/admin/pedidos/${number}`);
    const form = page.getByRole("form", { name: "Registrar reembolso por transferencia" });
    await expect(form.getByLabel("Importe (€)")).toHaveValue("36,95");
    await form.getByLabel("Referencia de la transferencia").fill("TRF-2026-0042");
    await form.getByLabel("Motivo").fill("La tarjeta del cliente ya no está activa");
    await form.getByRole("button", { name: "Registrar el reembolso" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Reembolso por transferencia de 36,95\s€ registrado/ })).toBeVisible();
    await expect(page.getByText(/Queda por devolver:\s*0,00\s€/)).toBeVisible();
    await expect(page.getByText("Todo lo pagado está devuelto o en curso de devolverse.")).toBeVisible();
    await expect(page.getByRole("form", { name: /Reembolsar por Redsys/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
  const mail = await mailTo(CUSTOMER, new RegExp(`le hemos devuelto 36,95\\s€ del pedido ${number}`));
  expect(mail.text).toContain(`Se lo hemos enviado por transferencia bancaria el ${formatYmd(madridDay(new Date()))}, con la referencia TRF-2026-0042.`);
  const owner = admin.page;
  await owner.goto(`/admin/registro?entidad=pedido&id=${encodeURIComponent(number)}`);
  await expect(owner.getByRole("row").filter({ hasText: "reembolsar" })).toHaveCount(2);
  await expect(owner.getByRole("row").filter({ hasText: "reembolso rechazado" })).toHaveCount(1);
});

test("the customer sees both refunds on the order in Mis Pedidos", async () => {
  const { page } = customer;
  await page.goto(`/login/pedidos/${number}`);
  const section = page.getByRole("region", { name: "Reembolsos" });
  await expect(section.getByRole("listitem")).toHaveText([
    new RegExp(`^20,00\\s€ devueltos a su tarjeta el ${formatYmd(madridDay(new Date()))}\\.$`),
    new RegExp(`^36,95\\s€ devueltos por transferencia bancaria el ${formatYmd(madridDay(new Date()))}\\.$`),
  ]);
  await expectAccessible(page);
});
