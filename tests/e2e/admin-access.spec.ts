import { expect, test } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";
import { adminMenu, enrolAdminThroughPages, openAdminSection, signInAsAdmin } from "../support/admin-e2e";

/*
 * Issue 11, access: a customer gets the ordinary 404 at /admin; an administrator enrols an
 * authenticator app on first entry (QR code, text key, backup codes) and signs in with it.
 */
const OWNER = "admin-acceso@termoclima.test";

test("a customer and a visitor get the ordinary 404 page at /admin", async ({ page }) => {
  const visitor = await page.goto("/admin");
  expect(visitor?.status()).toBe(404);
  await rejectCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email: "cliente-curioso@example.com", password: "contraseña-segura-1", name: "Cliente" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(signedUp.ok()).toBe(true);
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill("cliente-curioso@example.com");
  await page.getByLabel("Contraseña", { exact: true }).fill("contraseña-segura-1");
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mi cuenta" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Administración" })).toHaveCount(0);
  for (const path of ["/admin", "/admin/registro", "/admin/segundo-factor"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  }
});

for (const viewport of [{ width: 1400, height: 900 }, { width: 375, height: 740 }]) {
  test(`the owner enrols the second factor and signs in with it (${viewport.width} px)`, async ({ browser, baseURL }) => {
    const email = viewport.width < 400 ? OWNER.replace("@", "-movil@") : OWNER;
    const { context, page, key } = await enrolAdminThroughPages(browser, baseURL!, email, { viewport });
    await expect(adminMenu(page)).toHaveCount(1);
    await expectAccessible(page);
    await openAdminSection(page, "Registro");
    await expect(page.getByRole("heading", { level: 1, name: "Registro de cambios" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "activó el segundo factor" }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, { path: `tests/.tmp/screens/admin-registro-${viewport.width}.png`, fullPage: true });

    // Signing out and in again asks for the app's code.
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/login?redirectTo=/admin/registro");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Contraseña", { exact: true }).fill("contraseña-de-la-dueña-1");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page).toHaveURL(/\/login\/verificacion/);
    await expectAccessible(page);
    await page.getByLabel("Código de 6 números de su aplicación de autenticación").fill("12");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("alert")).toHaveText("Escriba los 6 números que muestra su aplicación de autenticación.");
    await screenshot(page, { path: `tests/.tmp/screens/admin-verificacion-${viewport.width}.png`, fullPage: true });
    await signInAsAdmin(page, email, key, "/admin/registro");
    await expect(page.getByRole("heading", { level: 1, name: "Registro de cambios" })).toBeVisible();
    await context.close();
  });
}
