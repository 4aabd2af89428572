import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";
import { ADMIN_PASSWORD, adminMenu, openAdminSection } from "../support/admin-e2e";
import { specPort, startAppServer, type AppServer } from "../support/app-server";

/*
 * Issue 28, passkeys: an administrator enrols a passkey at the first entry to /admin (the
 * phone's fingerprint or face, here Chromium's virtual authenticator through the DevTools
 * protocol), signs out, and signs in again with the passkey alone, no e-mail and no code.
 * One test per width; the 375 px run keeps screenshots of the enrolment and Seguridad pages.
 *
 * A server of its own at http://localhost: a relying party's ID must be a domain name, and
 * browsers refuse an IP address such as the shared servers' 127.0.0.1.
 */
const OWNERS = ["admin-llaves@termoclima.test", "admin-llaves-movil@termoclima.test"];
let server: AppServer;
let baseURL: string;

test.beforeAll(async () => {
  const port = specPort(175);
  baseURL = `http://localhost:${port}`;
  server = await startAppServer({ port, env: { PUBLIC_BASE_URL: baseURL, ADMIN_EMAILS: OWNERS.join(","), SIGN_IN_RATE_LIMIT: "1000" } });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The link proving a listed address, from the .eml files the server wrote (no SMTP configured). */
async function verificationLink(email: string): Promise<string> {
  const dir = path.join(server.dataDir, "mail");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
        for (const file of files) {
          const mail = await simpleParser(readFileSync(path.join(dir, file)));
          if (JSON.stringify(mail.to ?? "").includes(email)) link = /https?:\/\/\S+verify-email\?\S+/.exec(mail.text ?? "")?.[0] ?? link;
        }
        return link;
      },
      { message: `el enlace para confirmar ${email}`, timeout: 30_000 },
    )
    .toBeTruthy();
  return link!;
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

for (const viewport of [{ width: 1400, height: 900 }, { width: 375, height: 812 }]) {
  test(`an administrator enrols a passkey and signs in with it alone (${viewport.width} px)`, async ({ browser }) => {
    const phone = viewport.width < 400;
    const email = OWNERS[phone ? 1 : 0]!;
    const context = await browser.newContext({ baseURL, locale: "es-ES", viewport, hasTouch: phone });
    const page = await context.newPage();
    await virtualAuthenticator(page);
    const signedUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: ADMIN_PASSWORD, name: "Dueña de la tienda" },
      headers: { Origin: baseURL },
    });
    expect(signedUp.ok()).toBe(true);
    await page.goto("/login");
    await rejectCookies(page);
    await page.goto(await verificationLink(email));

    await page.goto("/login?redirectTo=/admin");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/segundo-factor$/);
    await page.getByLabel("Confirme su contraseña").fill(ADMIN_PASSWORD);
    if (phone) await screenshot(page, { path: "tests/.tmp/passkeys-enrolment-375.png", fullPage: true });
    else await expectAccessible(page);
    await page.getByRole("button", { name: "Usar la huella o la cara de este móvil (llave de acceso)" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(adminMenu(page)).toHaveCount(1);

    // Just enrolled, so freshly authenticated: Seguridad lists the passkey.
    await openAdminSection(page, "Seguridad");
    await expect(page.getByRole("heading", { level: 1, name: "Seguridad" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Quitar la llave de acceso/ })).toHaveCount(1);
    if (!phone) await expectAccessible(page);
    if (phone) {
      await screenshot(page, { path: "tests/.tmp/passkeys-security-375.png", fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "la página no se sale por los lados").toBeLessThanOrEqual(0);
      // The authenticator app beside it, as a phone offers it: a link into the app, the codes as a file.
      await page.getByLabel("Contraseña", { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Configurar la aplicación de autenticación" }).click();
      await expect(page.getByRole("link", { name: "Añadir a mi aplicación" })).toHaveAttribute("href", /^otpauth:\/\/totp\//);
      await expect(page.getByRole("link", { name: "Descargar los códigos (.txt)" })).toHaveAttribute("download", /\.txt$/);
      await screenshot(page, { path: "tests/.tmp/passkeys-app-375.png", fullPage: true });
    }

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Entrar con una llave de acceso" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(adminMenu(page)).toHaveCount(1);
    await context.close();
  });
}
