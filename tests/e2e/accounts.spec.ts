import { embeddedClient } from "../../app/server/db/client.server";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import path from "node:path";
import { freshDataDir, specPort, startAppServer, type AppServer } from "../support/app-server";
import { startOidcStandin, type OidcStandin } from "../support/oidc-standin";
import { startSmtpCapture } from "../support/smtp-capture";
import { expectAccessible, rejectCookies } from "./helpers";

/*
 * Accounts as a customer uses them (issue 5), on a server of this spec's own: its own embedded
 * database, a real SMTP server catching the mail (tests/support/smtp-capture.ts) and a real
 * OpenID provider standing in for Google (tests/support/oidc-standin.ts) reached through
 * GOOGLE_DISCOVERY_URL. Orders are written into the database while the server is stopped
 * (PGlite is single-process), as the checkout would have written them.
 */
const PORT = specPort(45);
const OIDC_PORT = specPort(46);
const base = `http://127.0.0.1:${PORT}`;
const CLIENT = { id: "tienda-e2e", secret: "secreto-e2e" };

const ANA = "ana.cuentas@example.com";
const BETO = "beto.google@example.com";
const FIRST_PASSWORD = "primera-clave-de-ana";
const NEW_PASSWORD = "segunda-clave-de-ana";
const SHOP_EMAIL = "info@termoclima.example";

const DAY = 24 * 60 * 60 * 1000;
const orderNumbers = { anaRecent: "1201-101126", anaOld: "1202-011026", beto: "1203-151126" };

const state: { dataDir: string; server?: AppServer; smtp?: Awaited<ReturnType<typeof startSmtpCapture>>; standin?: OidcStandin } = {
  dataDir: "",
};

function startServer(): Promise<AppServer> {
  return startAppServer({
    port: PORT,
    dataDir: state.dataDir,
    // ACCOUNTS_APP_DIR: a built copy of the app elsewhere (default: this one).
    cwd: process.env.ACCOUNTS_APP_DIR,
    env: {
      PUBLIC_BASE_URL: base,
      SMTP_URL: state.smtp!.url,
      OUTBOX_POLL_MS: "200",
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_DISCOVERY_URL: state.standin!.discoveryUrl,
    },
  });
}

async function stopServer() {
  const server = state.server;
  state.server = undefined;
  await server?.stop();
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  state.dataDir = freshDataDir("cuentas");
  state.smtp = await startSmtpCapture();
  state.standin = await startOidcStandin({
    port: OIDC_PORT,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUri: `${base}/api/auth/callback/google`,
  });
  state.server = await startServer();
});

test.afterAll(async () => {
  await stopServer();
  await state.standin?.close();
  await state.smtp?.close();
});

/** The first message whose recipient and subject match, once the outbox has sent it. */
async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = state.smtp!.messages.find((m) => m.to && "text" in m.to && m.to.text.includes(to) && subject.test(m.subject ?? ""));
        return Boolean(found);
      },
      { timeout: 15_000, message: `email a ${to} con asunto ${subject}` },
    )
    .toBe(true);
  return found!;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
}

const signedInAs = (page: Page, email: string) => expect(page.locator(".account-who")).toHaveText(`Ha iniciado sesión como ${email}`);

/** Through the stand-in provider's own login and consent pages, as a person would. */
async function throughGoogle(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("contraseña-de-google");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("register, sign in, sign out, a wrong password, sign in again", async ({ page }) => {
  await page.goto(`${base}/login`);
  await rejectCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Iniciar sesión con Google" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "¿No tiene cuenta? Cree una" }).click();
  await expect(page).toHaveURL(/\/login\?modo=registro$/);
  await expect(page.getByRole("heading", { level: 1, name: "Crear cuenta" })).toBeVisible();
  await expect(page.getByText("La contraseña debe tener 12 caracteres o más.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Email", { exact: true }).fill(ANA);
  await page.getByLabel("Contraseña", { exact: true }).fill("corta");
  await page.getByRole("button", { name: "Crear cuenta", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("la contraseña debe contener 12 caracteres o mas.");

  const password = page.getByLabel("Contraseña", { exact: true });
  await password.fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Mostrar contraseña" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Ocultar contraseña" }).click();
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Crear cuenta", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Usuario creado correctamente. Puede iniciar sesión.");
  await expect(page.getByRole("status")).toHaveCSS("color", "rgb(30, 123, 52)");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(ANA);

  await page.getByLabel("Contraseña", { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mi cuenta" })).toBeVisible();
  await signedInAs(page, ANA);
  for (const name of ["Ir a la tienda", "Ver el carrito", "Mis Pedidos"]) {
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Todavía no tiene pedidos.")).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await signIn(page, ANA, "noEsLaClave1");
  await expect(page.getByRole("alert")).toHaveText("Email o contraseña incorrectos.");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(ANA);
  await signIn(page, "nadie@example.com", "noEsLaClave1");
  await expect(page.getByRole("alert")).toHaveText("Email o contraseña incorrectos.");

  await signIn(page, ANA, FIRST_PASSWORD);
  await signedInAs(page, ANA);
  await signOut(page);

  // The order screen sends an anonymous visitor to sign in, and back.
  await page.goto(`${base}/carrito/pedido`);
  await expect(page).toHaveURL(`${base}/login?redirectTo=%2Fcarrito%2Fpedido`);
  await expect(page.getByText("Inicie sesión o cree una cuenta para continuar")).toBeVisible();
  // (With an empty basket the order screen itself then sends the customer on to /carrito.)
  const backToOrderScreen = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/carrito/pedido"));
  await signIn(page, ANA, FIRST_PASSWORD);
  await backToOrderScreen;
  await expect(page).toHaveURL(/\/carrito(\/pedido)?$/);
  await signOut(page);
});

test("forgotten password: the e-mail's link sets a new one, once", async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole("link", { name: "¿Ha olvidado su contraseña?" }).click();
  await expect(page).toHaveURL(/\/login\?modo=recuperar$/);
  await expect(page.getByRole("heading", { level: 1, name: "¿Ha olvidado su contraseña?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email", { exact: true }).fill(ANA);
  await page.getByRole("button", { name: "Enviar email" }).click();
  await expect(page.getByRole("status")).toHaveText("Se le ha enviado un email. Puede aparecer en la carpeta spam.");

  const mail = await mailTo(ANA, /restablecer su contraseña/);
  const link = mail.text?.match(/http:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(base)).toBe(true);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\/restablecer\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Elija una contraseña nueva" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contraseña nueva", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(NEW_PASSWORD + "x");
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("alert")).toHaveText("Las dos contraseñas no coinciden.");
  await page.getByLabel("Contraseña nueva", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByRole("status")).toHaveText("Contraseña cambiada. Ya puede iniciar sesión.");

  await page.getByRole("link", { name: "Iniciar sesión" }).click();
  await signIn(page, ANA, FIRST_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Email o contraseña incorrectos.");
  await signIn(page, ANA, NEW_PASSWORD);
  await signedInAs(page, ANA);
  await signOut(page);

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Enlace no válido" })).toBeVisible();
});

test("Google: the same e-mail ends in the same account; a new one gets its own", async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Iniciar sesión con Google" }).click();
  await throughGoogle(page, ANA);
  await expect(page).toHaveURL(`${base}/login`);
  await signedInAs(page, ANA);
  await signOut(page);

  // Another person on this browser: forget the provider's own session (its cookies share the host).
  await page.context().clearCookies({ name: /^_(session|interaction)/ });
  await page.getByRole("button", { name: "Iniciar sesión con Google" }).click();
  await throughGoogle(page, BETO);
  await signedInAs(page, BETO);
  await signOut(page);
});

/** Written as the checkout would have: stops the server, writes, starts it again. */
async function seedOrders() {
  await stopServer();
  const db = embeddedClient(path.join(state.dataDir, "pglite"));
  try {
    const users = await db.query<{ id: string; email: string; providers: string }>(
      `select u.id, u.email, string_agg(a.provider_id, ',' order by a.provider_id) as providers
         from "user" u join account a on a.user_id = u.id group by u.id, u.email`,
    );
    const byEmail = Object.fromEntries(users.rows.map((row) => [row.email, row]));
    // One account for Ana, reached by password and by Google.
    expect(users.rows.filter((row) => row.email === ANA)).toHaveLength(1);
    expect(byEmail[ANA]?.providers).toBe("credential,google");
    expect(byEmail[BETO]?.providers).toBe("google");
    const address = (nombre: string) => ({
      id: "12345678Z", nombre, apellidos: "Prueba", empresa: "", direccion: "Calle de Alcalá 100",
      pais: "España", poblacion: "Madrid", provincia: "Madrid", cp: "28009", telefono: "600123456",
    });
    const insert = async (number: string, email: string, daysAgo: number, model: string) => {
      const owner = byEmail[email]!;
      const order = await db.query<{ id: number }>(
        `insert into orders (number, user_id, user_email, status, amount_cents, shipping_cents, address_send, address_bill, pay_method, created_at)
         values ($1, $2, $3, 'Pendiente de Pago', $4, 1995, $5, $5, 'transferencia', $6) returning id`,
        [number, owner.id, email, 129900 + 1995, JSON.stringify(address(email.split(".")[0]!)), new Date(Date.now() - daysAgo * DAY)],
      );
      await db.query(
        `insert into order_lines (order_id, position, family, brand, model, type, price_cents, gas)
         values ($1, 0, 'calderas', 'Saunier Duval', $2, 'Condensación', 129900, 'natural')`,
        [order.rows[0]!.id, model],
      );
    };
    await insert(orderNumbers.anaRecent, ANA, 2, "Thelia Condens 25");
    await insert(orderNumbers.anaOld, ANA, 45, "Isofast Condens 30");
    await insert(orderNumbers.beto, BETO, 1, "Semia Condens 24");
  } finally {
    await db.close();
  }
  state.server = await startServer();
}

test("Mis Pedidos: only one's own orders; an order page; withdrawal with its acknowledgement", async ({ page }) => {
  await seedOrders();

  // An anonymous visitor of an order goes to login and comes back after signing in.
  await page.goto(`${base}/login/pedidos/${orderNumbers.anaRecent}`);
  await expect(page).toHaveURL(`${base}/login?redirectTo=%2Flogin%2Fpedidos%2F${orderNumbers.anaRecent}`);
  await signIn(page, ANA, NEW_PASSWORD);
  await expect(page).toHaveURL(`${base}/login/pedidos/${orderNumbers.anaRecent}`);
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${orderNumbers.anaRecent}` })).toBeVisible();

  await page.goto(`${base}/login`);
  const orders = page.locator(".account-orders");
  await expect(orders.getByRole("heading", { name: "Mis Pedidos" })).toBeVisible();
  await expect(orders.locator("tbody tr")).toHaveCount(2);
  await expect(orders.locator("tbody tr").first()).toContainText(orderNumbers.anaRecent);
  await expect(orders.locator("tbody tr").nth(1)).toContainText(orderNumbers.anaOld);
  await expect(orders).toContainText("Transferencia bancaria");
  await expect(orders).toContainText("Calle de Alcalá 100, 28009 Madrid");
  await expect(orders).toContainText("Saunier Duval Thelia Condens 25");
  await expect(orders).toContainText(/1\.318,95\s€/);
  await expect(orders).not.toContainText(orderNumbers.beto);
  await expectAccessible(page);

  // Someone else's order does not exist for Ana.
  const foreign = await page.goto(`${base}/login/pedidos/${orderNumbers.beto}`);
  expect(foreign?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();

  // Past the withdrawal period: no button.
  await page.goto(`${base}/login/pedidos/${orderNumbers.anaOld}`);
  await expect(page.getByText(/El plazo para desistir de este pedido terminó el/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Desistir del contrato" })).toHaveCount(0);

  await page.goto(`${base}/login`);
  await page.getByRole("link", { name: `Pedido ${orderNumbers.anaRecent}: ver detalle` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Pedido ${orderNumbers.anaRecent}` })).toBeVisible();
  const transfer = page.locator(".order-transfer");
  await expect(transfer).toContainText("ES91 2100 0418 4502 0005 1332");
  await expect(transfer).toContainText(orderNumbers.anaRecent);
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Desistir del contrato" }).click();
  const dialog = page.getByRole("dialog", { name: `¿Desea desistir del contrato del pedido ${orderNumbers.anaRecent}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Motivo (opcional)").fill("He encontrado otra caldera");
  await dialog.getByRole("button", { name: "Confirmar desistimiento" }).click();
  await expect(page.getByRole("status")).toContainText("Hemos registrado su desistimiento el");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Desistir del contrato" })).toHaveCount(0);

  const ack = await mailTo(ANA, new RegExp(`acuse de recibo.*${orderNumbers.anaRecent}`));
  expect(ack.text).toContain("He encontrado otra caldera");
  const notice = await mailTo(SHOP_EMAIL, new RegExp(`Desistimiento del pedido ${orderNumbers.anaRecent}`));
  expect(notice.text).toContain(ANA);

  await page.goto(`${base}/login`);
  await expect(page.locator(".account-orders tbody tr").first()).toContainText("Desistimiento solicitado");
  await signOut(page);
});

test("without JavaScript: Google sign-in, the withdrawal's confirmation step", async ({ browser }: { browser: Browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`);
    await page.getByRole("button", { name: "Rechazar" }).click();
    await expect(page.getByRole("button", { name: "Mostrar contraseña" })).toHaveCount(0);
    await page.getByRole("button", { name: "Iniciar sesión con Google" }).click();
    await throughGoogle(page, BETO);
    await signedInAs(page, BETO);
    await expect(page.locator(".account-orders tbody tr")).toHaveCount(1);
    await expect(page.locator(".account-orders")).not.toContainText(orderNumbers.anaRecent);

    await page.goto(`${base}/login/pedidos/${orderNumbers.beto}`);
    await page.getByRole("link", { name: "Desistir del contrato" }).click();
    await expect(page).toHaveURL(/\?desistir=1/);
    await page.getByLabel("Motivo (opcional)").fill("");
    await page.getByRole("button", { name: "Confirmar desistimiento" }).click();
    await expect(page.getByRole("status")).toContainText("Hemos registrado su desistimiento el");
    await mailTo(BETO, new RegExp(`acuse de recibo.*${orderNumbers.beto}`));

    // Asked again (an old tab): a polite answer, nothing recorded twice.
    await page.goto(`${base}/login/pedidos/${orderNumbers.beto}?desistir=1`);
    await expect(page.getByRole("button", { name: "Confirmar desistimiento" })).toHaveCount(0);
    await expect(page.getByText(/Solicitud de desistimiento registrada el/)).toBeVisible();
  } finally {
    await context.close();
  }
});

test("without JavaScript: the reset link's form is accepted (its page keeps our Origin on the post)", async ({ browser }: { browser: Browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: base });
  const page = await context.newPage();
  const resetMails = () => state.smtp!.messages.filter((m) => m.to && "text" in m.to && m.to.text.includes(ANA) && /restablecer su contraseña/.test(m.subject ?? ""));
  const before = resetMails().length;
  try {
    await page.goto(`${base}/login?modo=recuperar`);
    await page.getByRole("button", { name: "Rechazar" }).click();
    await page.getByLabel("Email", { exact: true }).fill(ANA);
    await page.getByRole("button", { name: "Enviar email" }).click();
    await expect(page.getByRole("status")).toHaveText("Se le ha enviado un email. Puede aparecer en la carpeta spam.");
    await expect.poll(() => resetMails().length, { timeout: 15_000 }).toBe(before + 1);
    const link = resetMails().at(-1)!.text?.match(/http:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    // A plain form post, as from a phone that has not loaded the page's JavaScript yet.
    await page.getByLabel("Contraseña nueva", { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel("Repita la contraseña nueva", { exact: true }).fill(FIRST_PASSWORD);
    await page.getByRole("button", { name: "Guardar la contraseña" }).click();
    await expect(page.getByRole("status")).toHaveText("Contraseña cambiada. Ya puede iniciar sesión.");
  } finally {
    await context.close();
  }
});
