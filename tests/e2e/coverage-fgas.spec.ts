import { embeddedClient } from "../../app/server/db/client.server";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import path from "node:path";
import { adminContext } from "../support/admin-e2e";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { signUpCustomer } from "../support/customer-e2e";
import { pdfText } from "../support/pdf-text";
import { startSmtpCapture } from "../support/smtp-capture";
import { desktopRunLooks, expectAccessible, expectNoSidewaysScroll, hydrated, rejectCookies, waitForMail, screenshot } from "./helpers";

/*
 * Issue 15, on a server of this spec's own (its embedded database, a real SMTP server):
 * "¿Instalamos en su zona?" on a product page with and without JavaScript and on the service
 * pages; a split with installation refused at checkout for a postcode outside the area, and
 * the same split without installation sold there with the buyer's F-gas declaration, whose PDF
 * arrives with the order e-mail; the installer's details and certificate from the order page;
 * the back office's list of certificates overdue, which the order leaves once it is uploaded.
 * The legal period's clock is moved the way time would move it: with the server stopped, the
 * declaration's date is put 13 months back.
 */
const PORT = specPort(58);
const base = `http://127.0.0.1:${PORT}`;
const OWNER = "admin-gases@termoclima.test";
const CUSTOMER = "marta.split@example.com";
const SPLIT = { path: "/tienda/detalle/aires/23", name: "Daikin Sensira FTXF25E" };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>> } = { dataDir: "" };
let customer: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page } | undefined;
let browserRef: Browser;
let viewport = DESKTOP;
let project = "escritorio";
/** The order of the split without installation, and its declaration's PDF (a real PDF to upload later). */
let number = "";
let declarationPdf: Buffer = Buffer.alloc(0);

const startServer = async () => {
  state.server = await startAppServer({
    port: PORT,
    dataDir: state.dataDir,
    env: { SMTP_URL: state.smtp!.url, OUTBOX_POLL_MS: "200", ADMIN_EMAILS: OWNER, CART_RATE_LIMIT: "1000" },
  });
};

/** axe and a screenshot at both widths; no sideways scrolling on the phone. */
async function look(page: Page, name: string) {
  if (desktopRunLooks()) return expectNoSidewaysScroll(page, name);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: la página no se desplaza de lado a ${size.width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, { path: `tests/.tmp/screens/${name}-${project}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

/** Screenshots only: axe needs the page's JavaScript, so pages seen without it are scanned again with it. */
async function shots(page: Page, name: string) {
  if (desktopRunLooks()) return expectNoSidewaysScroll(page, name);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await screenshot(page, { path: `tests/.tmp/screens/${name}-${project}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewport);
}

const coverage = (page: Page, name = "¿Instalamos en su zona?") => page.getByRole("region", { name });

async function ownerPage(): Promise<Page> {
  admin ??= await adminContext(browserRef, base, OWNER, { viewport });
  return admin.page;
}

/** The shipping block of the order form, filled for `cp` in `province` (Getafe's street and phone). */
async function fillShipping(page: Page, cp: string, town: string, province: string | null) {
  const shipping = page.getByRole("group", { name: "Dirección de envío" });
  await shipping.getByLabel("CIF/NIF/NIE").fill("12345678Z");
  await shipping.getByLabel(/^Nombre/).fill("Marta");
  await shipping.getByLabel("Apellidos").fill("Ruiz Ortega");
  await shipping.getByLabel("Dirección").fill("Calle Mayor 20");
  await shipping.getByLabel("Población").fill(town);
  if (province) await shipping.getByLabel("Provincia").selectOption(province);
  await shipping.getByLabel("Código postal").fill(cp);
  await shipping.getByLabel("Teléfono").fill("600 111222");
  await page.getByRole("checkbox", { name: /He leído y acepto las condiciones de compra/ }).check();
}

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }, info) => {
  browserRef = browser;
  viewport = info.project.use.viewport ?? DESKTOP;
  project = info.project.name;
  state.smtp = await startSmtpCapture();
  state.dataDir = freshDataDir("gases");
  await startServer();
  const context = await browser.newContext({ baseURL: base, locale: "es-ES", viewport });
  customer = { context, page: await context.newPage() };
  await customer.page.goto("/");
  await rejectCookies(customer.page);
  await signUpCustomer(customer.page, base, CUSTOMER);
});

test.afterAll(async () => {
  await state.server?.stop();
  await state.smtp?.close();
  await admin?.context.close().catch(() => {});
  await customer?.context.close().catch(() => {});
});

test("the postcode check of a product page, without JavaScript: /cobertura answers and links back", { tag: "@movil" }, async ({ browser }) => {
  const plain = await browser.newContext({ baseURL: base, locale: "es-ES", javaScriptEnabled: false, viewport });
  const page = await plain.newPage();
  await page.goto(SPLIT.path);
  await coverage(page).getByLabel("Código postal").fill("08001");
  await coverage(page).getByRole("button", { name: "Comprobar" }).click();
  await expect(page).toHaveURL(/\/cobertura\?/);
  await expect(page.getByRole("heading", { level: 1, name: "¿Instalamos en su zona?" })).toBeVisible();
  const answer = coverage(page, "Compruebe su código postal");
  await expect(answer.getByRole("status")).toHaveText("De momento no instalamos en su zona; le enviamos el equipo");
  await shots(page, "cobertura-sin-js");
  // The same page with JavaScript, for axe.
  await customer.page.goto(page.url());
  await hydrated(customer.page);
  await expect(coverage(customer.page, "Compruebe su código postal").getByRole("status")).toHaveText("De momento no instalamos en su zona; le enviamos el equipo");
  await look(customer.page, "cobertura");
  // Ask again from there, then back to the product.
  await answer.getByLabel("Código postal").fill("28 013");
  await answer.getByRole("button", { name: "Comprobar" }).click();
  await expect(coverage(page, "Compruebe su código postal").getByRole("status")).toHaveText("Instalamos en su zona");
  await page.getByRole("link", { name: "Volver a la página anterior" }).click();
  await expect(page).toHaveURL(`${base}${SPLIT.path}`);
  await plain.close();
});

test("the postcode check with JavaScript answers in place; the shared page never holds an answer", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(SPLIT.path);
  await hydrated(page);
  const check = coverage(page);
  await check.getByLabel("Código postal").fill("28013");
  await check.getByRole("button", { name: "Comprobar" }).click();
  await expect(check.getByRole("status")).toHaveText("Instalamos en su zona");
  await expect(page).toHaveURL(`${base}${SPLIT.path}`);
  await check.getByLabel("Código postal").fill("08001");
  await check.getByRole("button", { name: "Comprobar" }).click();
  await expect(check.getByRole("status")).toHaveText("De momento no instalamos en su zona; le enviamos el equipo");
  await check.getByLabel("Código postal").fill("280");
  await check.getByRole("button", { name: "Comprobar" }).click();
  await expect(check.getByRole("status")).toContainText("Escriba un código postal español de 5 cifras");
  await look(page, "ficha-cobertura");
  // The page as the cache serves it to the next visitor: no answer in it.
  const html = await (await page.request.get(SPLIT.path)).text();
  expect(html).toMatch(/<p id="[^"]+-respuesta" class="coverage-answer" role="status" aria-live="polite"><\/p>/);
  expect(html).not.toContain(">Instalamos en su zona<");
  expect(html).not.toContain("De momento no instalamos");

  for (const [pathname, title, outside] of [
    ["/tienda/mantenimientos", "¿Hacemos el mantenimiento en su zona?", "De momento no hacemos mantenimientos en su zona"],
    ["/servicios", "¿Instalamos en su zona?", "De momento no instalamos ni hacemos mantenimientos en su zona; los equipos sin instalación se los enviamos"],
    ["/reformas", "¿Trabajamos en su zona?", "Su código postal queda fuera de nuestra zona habitual; pregúntenos por su obra"],
  ] as const) {
    await page.goto(pathname);
    await hydrated(page);
    const section = coverage(page, title);
    await section.getByLabel("Código postal").fill("19001");
    await section.getByRole("button", { name: "Comprobar" }).click();
    await expect(section.getByRole("status")).toHaveText(outside);
    await section.getByLabel("Código postal").fill("28001");
    await section.getByRole("button", { name: "Comprobar" }).click();
    await expect(section.getByRole("status")).not.toHaveText(outside);
    await expect(section.getByRole("status")).not.toBeEmpty();
    await look(page, `cobertura${pathname.replaceAll("/", "-")}`);
  }
});

test("a split with installation is refused for a postcode outside the area (400, nothing lost); without installation it needs the F-gas declaration", { tag: "@movil" }, async ({ browser }) => {
  const { page } = customer;
  await page.goto(SPLIT.path);
  await hydrated(page);
  await page.getByLabel("Instalación", { exact: true }).selectOption("SI");
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito.")).toBeVisible();

  // Without JavaScript the server answers: 400 on the postcode, the form as typed.
  const plain = await browser.newContext({ baseURL: base, locale: "es-ES", javaScriptEnabled: false, viewport, storageState: await customer.context.storageState() });
  const noJs = await plain.newPage();
  await noJs.goto("/carrito/pedido");
  await expect(noJs.getByRole("group", { name: "Dirección de envío" }).getByLabel("Provincia")).toHaveValue("Madrid");
  await fillShipping(noJs, "08001", "Barcelona", null);
  const [answer] = await Promise.all([
    noJs.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/carrito/pedido")),
    noJs.getByRole("button", { name: "CONFIRMAR PEDIDO", exact: true }).click(),
  ]);
  expect(answer.status()).toBe(400);
  const postcode = noJs.getByRole("group", { name: "Dirección de envío" }).getByLabel("Código postal");
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(noJs.locator("#envio-cp-error")).toHaveText(
    "La instalación y el mantenimiento solo se ofrecen en la Comunidad de Madrid (códigos postales que empiezan por 28): escriba un código postal de esa zona o quite la instalación y el mantenimiento del carrito.",
  );
  await expect(postcode).toHaveValue("08001");
  await expect(noJs.getByRole("group", { name: "Dirección de envío" }).getByLabel("Población")).toHaveValue("Barcelona");
  await shots(noJs, "pedido-fuera-de-zona-sin-js");
  await plain.close();

  // With JavaScript the same check runs before sending.
  await page.goto("/carrito/pedido");
  await hydrated(page);
  await fillShipping(page, "08001", "Barcelona", null);
  await page.getByRole("button", { name: "CONFIRMAR PEDIDO", exact: true }).click();
  await expect(page.locator("#envio-cp-error")).toContainText("solo se ofrecen en la Comunidad de Madrid");
  await expect(page).toHaveURL(/\/carrito\/pedido$/);
  await look(page, "pedido-fuera-de-zona");

  // The same split without installation goes to Barcelona, with the buyer's declaration.
  await page.goto("/carrito");
  await page.getByRole("button", { name: "Eliminar Instalación de aire acondicionado" }).click();
  await expect(page.getByRole("button", { name: "Eliminar Instalación de aire acondicionado" })).toHaveCount(0);
  await page.goto("/carrito/pedido");
  await hydrated(page);
  const declaration = page.getByRole("group", { name: "Declaración del comprador de equipos con gases fluorados" });
  await expect(declaration).toContainText(SPLIT.name);
  await expect(declaration).toContainText("Real Decreto 115/2017");
  await fillShipping(page, "08001", "Barcelona", "Barcelona");
  await page.getByRole("button", { name: "CONFIRMAR PEDIDO", exact: true }).click();
  await expect(page.locator("#gf-compromiso-error")).toHaveText("Para comprar este equipo sin nuestra instalación debe aceptar la declaración.");
  await expect(page.locator("#gf-nif-error")).toHaveText("Escriba su NIF o NIE.");
  await declaration.getByLabel("Nombre y apellidos del declarante").fill("Marta Ruiz Ortega");
  await declaration.getByLabel("NIF/NIE del declarante").fill("12345678Z");
  await declaration.getByRole("checkbox", { name: /me comprometo a que una empresa habilitada instale el equipo/ }).check();
  await look(page, "pedido-declaracion-gases");
  await page.getByRole("button", { name: "CONFIRMAR PEDIDO", exact: true }).click();
  await expect(page).toHaveURL(/\/carrito\/pedido\?pedido=\d{1,5}-\d{6}$/);
  number = decodeURIComponent(page.url().split("pedido=")[1]!);

  const mail = await waitForMail(state.smtp!.messages, CUSTOMER, new RegExp(`confirmación de su pedido ${number}`));
  expect(mail.text).toContain("Declaración de gases fluorados");
  expect(mail.text).toContain("Le adjuntamos en PDF la declaración que hizo al confirmar el pedido.");
  const attachment = mail.attachments.find((file) => file.contentType === "application/pdf");
  expect(attachment?.filename).toBe(`declaracion-gases-fluorados-${number}.pdf`);
  declarationPdf = attachment!.content;
  const text = await pdfText(declarationPdf);
  for (const expected of ["Marta Ruiz Ortega", "12345678Z", SPLIT.name, number, "Barcelona", "empresa habilitada"]) expect(text).toContain(expected);
});

test("the order page: the declaration, the installing company completed, a file that is no certificate refused", { tag: "@movil" }, async () => {
  const { page } = customer;
  await page.goto(`/login/pedidos/${number}`);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Declaración del comprador de equipos con gases fluorados" });
  await expect(section).toContainText("Declarado por Marta Ruiz Ortega (NIF/NIE 12345678Z)");
  await expect(section).toContainText("Pendiente: el certificado de la empresa instaladora, como muy tarde el");
  const pdf = await page.request.get(`/login/pedidos/${number}/gases-fluorados/declaracion`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await section.getByLabel("Empresa instaladora", { exact: true }).fill("Clima Norte S.L.");
  await section.getByLabel("NIF de la empresa instaladora").fill("B12345670");
  await section.getByRole("button", { name: "Guardar la empresa instaladora" }).click();
  await expect(section.locator("#gf-empresa-nif-error")).toHaveText("Escriba un NIF válido de la empresa instaladora, o déjelo en blanco.");
  await expect(section.getByLabel("Empresa instaladora", { exact: true })).toHaveValue("Clima Norte S.L.");
  await section.getByLabel("NIF de la empresa instaladora").fill("B12345674");
  await section.getByLabel(/Número de registro/).fill("RGF-28-1234");
  await section.getByRole("button", { name: "Guardar la empresa instaladora" }).click();
  await expect(page.getByText("Datos de la empresa instaladora guardados.")).toBeVisible();
  await expect(section.getByLabel("Empresa instaladora", { exact: true })).toHaveValue("Clima Norte S.L.");

  // Named .pdf, but it is not one: told by its first bytes.
  await section.getByLabel("Certificado de la empresa instaladora").setInputFiles({ name: "certificado.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>no soy un PDF</html>") });
  await section.getByRole("button", { name: "Subir el certificado" }).click();
  await expect(section.locator("#certificado-error")).toHaveText("El archivo no es un PDF, un JPEG ni un PNG. Súbalo en uno de esos formatos.");
  // The audit's file (issue 28, finding 6): a PDF header on top of an HTML page with a script.
  const disguised = Buffer.from("%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n");
  await section.getByLabel("Certificado de la empresa instaladora").setInputFiles({ name: "certificado.pdf", mimeType: "application/pdf", buffer: disguised });
  await section.getByRole("button", { name: "Subir el certificado" }).click();
  await expect(section.locator("#certificado-error")).toHaveText(
    "No hemos podido abrir el archivo: no es un PDF, un JPEG ni un PNG válido. Súbalo de nuevo, por ejemplo escaneado en PDF.",
  );
  await look(page, "pedido-gases-fluorados");
});

test("the back office lists the order once the legal period is over, and no longer once the certificate is uploaded", { tag: "@movil" }, async () => {
  // A year and a month later: the declaration's date moved back with the server stopped.
  await state.server?.stop();
  const db = embeddedClient(path.join(state.dataDir, "pglite"));
  try {
    await db.query(
      `update fgas_declarations set declared_at = declared_at - interval '13 months' where order_id = (select id from orders where number = $1)`,
      [number],
    );
  } finally {
    await db.close();
  }
  await startServer();

  const owner = await ownerPage();
  await owner.goto("/admin/pedidos");
  await owner.getByRole("link", { name: "Certificados de gases fluorados pendientes" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Certificados de gases fluorados pendientes" })).toBeVisible();
  const row = owner.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Marta Ruiz Ortega");
  await expect(row).toContainText("Clima Norte S.L.");
  await look(owner, "admin-gases-pendientes");
  await row.getByRole("link", { name: number }).click();
  const section = owner.getByRole("region", { name: "Declaración del comprador de equipos con gases fluorados" });
  await expect(section).toContainText("El plazo para enviar el certificado de instalación terminó el");
  await expect(section).toContainText("Clima Norte S.L. · NIF B12345674 · registro RGF-28-1234");
  await look(owner, "admin-pedido-gases");

  // The customer uploads the certificate (here, a real PDF: the declaration itself).
  const { page } = customer;
  await page.goto(`/login/pedidos/${number}`);
  await hydrated(page);
  const mine = page.getByRole("region", { name: "Declaración del comprador de equipos con gases fluorados" });
  await expect(mine).toContainText("El plazo para enviar el certificado de instalación terminó el");
  await mine.getByLabel("Certificado de la empresa instaladora").setInputFiles({ name: "Certificado instalación.pdf", mimeType: "application/pdf", buffer: declarationPdf });
  await mine.getByRole("button", { name: "Subir el certificado" }).click();
  await expect(page.getByText("Certificado recibido. Gracias.")).toBeVisible();
  await expect(mine).toContainText("Certificado de instalación recibido el");
  await expect(mine.getByRole("link", { name: "Descargar el certificado (Certificado instalacion.pdf)" })).toBeVisible();
  await look(page, "pedido-gases-certificado");

  await owner.goto("/admin/pedidos/gases-fluorados");
  await expect(owner.getByText("Ningún pedido espera el certificado fuera de plazo.")).toBeVisible();
  await expect(owner.getByRole("row").filter({ hasText: number })).toHaveCount(0);
  await owner.goto(`/admin/pedidos/${number}`);
  const download = await owner.request.get(`/admin/pedidos/${number}/gases-fluorados/certificado`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toBe('attachment; filename="Certificado instalacion.pdf"');
  expect(Buffer.compare(await download.body(), declarationPdf)).toBe(0);
  // Nobody else's: another customer gets 404.
  const stranger = await browserRef.newContext({ baseURL: base });
  await signUpCustomer(await stranger.newPage(), base, "curiosa@example.com");
  expect((await stranger.request.get(`/login/pedidos/${number}/gases-fluorados/certificado`)).status()).toBe(404);
  await stranger.close();
});
