import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hydrated, rejectCookies } from "../e2e/helpers";
import { dataDirOf } from "./app-server";
import { capturedMail } from "./smtp-capture";
import { totp } from "./totp";

/*
 * Back-office specs: an administrator (one of the ADMIN_EMAILS of playwright.config.ts), made
 * once per spec (beforeAll) and reused: the sign-in and two-factor rate limits are real.
 */
export const ADMIN_PASSWORD = "contraseña-de-la-dueña-1";

export type AdminSession = { context: BrowserContext; page: Page; key: string };

/** The owner's screen: a desktop's by default. */
type AdminOptions = { viewport?: { width: number; height: number } };

async function newBrowsing(browser: Browser, baseURL: string, options: AdminOptions) {
  const context = await browser.newContext({ baseURL, locale: "es-ES", viewport: options.viewport ?? { width: 1400, height: 900 } });
  return { context, page: await context.newPage() };
}

/**
 * An enrolled administrator for a spec about something else: the same requests the pages send
 * (sign-up, the e-mailed link, the cookie decision, the sign-in form, the enrolment form's two
 * steps), made from the browser context without drawing the pages, then /admin opened. The
 * pages themselves are driven by enrolAdminThroughPages (admin-access.spec.ts). About 1 s
 * instead of 3.5 s a spec (30-11-2026). The key is kept in the server's data folder: a spec
 * retried on the same server signs in with it instead of registering the address again.
 */
export async function adminContext(browser: Browser, baseURL: string, email: string, options: AdminOptions = {}): Promise<AdminSession> {
  const { context, page } = await newBrowsing(browser, baseURL, options);
  const post = (url: string, form: Record<string, string>) => context.request.post(url, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
  // Enrolled already on this server's data: a retried spec (a new worker) on the shared server.
  const keyFile = path.join(dataDirOf(baseURL), `e2e-clave-${email}.txt`);
  const known = existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : null;
  if (!known) {
    await signUp(page, baseURL, email);
    const verified = await context.request.get(await verificationLink(baseURL, email), { maxRedirects: 0 });
    expect(verified.status(), "el enlace que prueba la dirección").toBe(302);
  }
  expect((await post("/cookies", { decision: "rechazar", redirectTo: "/" })).status()).toBe(302);
  const signedIn = await post("/login?redirectTo=%2Fadmin", { intent: "signin", email, password: ADMIN_PASSWORD, redirectTo: "/admin" });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  let key = known ?? "";
  if (!known) {
    const started = await post("/admin/segundo-factor", { intent: "start", password: ADMIN_PASSWORD });
    key = /data-testid="totp-key">([A-Z2-7 ]{16,})</.exec(await started.text())?.[1] ?? "";
    expect(key, "la clave de la aplicación en la página de alta").not.toBe("");
  }
  // better-auth's two-factor limit from one address (see submitCode): try again once it has passed.
  await expect(async () => {
    const code = totp(key);
    const answer = known
      ? await post("/login/verificacion?redirectTo=%2Fadmin", { intent: "totp", redirectTo: "/admin", code })
      : await post("/admin/segundo-factor", { intent: "verify", code, uri: "", codes: "" });
    expect(answer.headers()["location"], `${answer.status()}`).toBe("/admin");
  }).toPass({ intervals: [4_000, 4_000, 4_000], timeout: 30_000 });
  if (!known) writeFileSync(keyFile, key);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  // As if arrived by the enrolment page's own navigation: the menu works at once.
  await hydrated(page);
  return { context, page, key };
}

async function signUp(page: Page, baseURL: string, email: string) {
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: ADMIN_PASSWORD, name: "Dueña de la tienda" },
    headers: { Origin: baseURL },
  });
  expect(signedUp.ok()).toBe(true);
}

/**
 * An administrator who registers, opens the link that proves the address (issue 28), signs in
 * and enrols the authenticator app through the real pages, as the owner would.
 */
export async function enrolAdminThroughPages(browser: Browser, baseURL: string, email: string, options: AdminOptions = {}): Promise<AdminSession> {
  const { context, page } = await newBrowsing(browser, baseURL, options);
  await signUp(page, baseURL, email);
  // A listed address opens /admin only once proved: the e-mailed link, back to /login, where
  // the cookie banner is answered first.
  await page.goto(await verificationLink(baseURL, email));
  await expect(page).toHaveURL(/\/login$/);
  await rejectCookies(page);
  await page.goto("/login?redirectTo=/admin");
  await signInForm(page, email);
  await expect(page).toHaveURL(/\/admin\/segundo-factor$/);
  await page.getByLabel("Confirme su contraseña").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Empezar" }).click();
  const key = (await page.getByTestId("totp-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7 ]{16,}$/);
  await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
  await submitCode(page, "Escriba el código de 6 números que muestra la aplicación", "Activar y entrar", key, /\/admin$/);
  return { context, page, key };
}

async function signInForm(page: Page, email: string, password = ADMIN_PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
}

/**
 * A later sign-in of an enrolled administrator: password, then the app's code. `clockOffsetMs`:
 * the server lives that much later (a spec that moved its clock), so its codes are those of then.
 */
export async function signInAsAdmin(page: Page, email: string, key: string, goTo = "/admin", clockOffsetMs = 0): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent(goTo)}`);
  await signInForm(page, email);
  await expect(page).toHaveURL(/\/login\/verificacion/);
  const escaped = goTo.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await submitCode(page, "Código de 6 números de su aplicación de autenticación", "Verificar", key, new RegExp(`${escaped}$`), clockOffsetMs);
}

/**
 * Types the app's current code and submits it. better-auth allows 3 two-factor requests per
 * 10 s from one address, and every e2e request comes from 127.0.0.1: when the page says
 * "Demasiados intentos", try again once the window has passed.
 */
export async function submitCode(page: Page, label: string, button: string, key: string, done: RegExp, clockOffsetMs = 0) {
  await expect(async () => {
    await page.getByLabel(label).fill(totp(key, Date.now() + clockOffsetMs));
    await page.getByRole("button", { name: button }).click();
    await expect(page).toHaveURL(done, { timeout: 3_000 });
  }).toPass({ intervals: [4_000, 4_000, 4_000], timeout: 30_000 });
}

/**
 * The verification link e-mailed to a listed address by the server at `baseURL`, wherever its
 * mail goes: a spec's SMTP capture (any of this process's), or the .eml files of its data folder.
 */
export async function verificationLink(baseURL: string, email: string): Promise<string> {
  const prefix = `${baseURL}/api/auth/verify-email?`;
  const linkIn = (mail: ParsedMail) =>
    JSON.stringify(mail.to ?? "").includes(email) && /confirme su dirección/.test(mail.subject ?? "")
      ? (/https?:\/\/\S+verify-email\?\S+/.exec(mail.text ?? "")?.[0] ?? null)
      : null;
  let arrived: ParsedMail[] = [];
  const links = async () => {
    arrived = [...capturedMail()];
    const dir = path.join(dataDirOf(baseURL), "mail");
    if (existsSync(dir)) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith(".eml"))) arrived.push(await simpleParser(readFileSync(path.join(dir, file))));
    }
    return arrived.map(linkIn).filter((link): link is string => link?.startsWith(prefix) ?? false);
  };
  let found: string[] = [];
  try {
    await expect.poll(async () => (found = await links()).length, { timeout: 30_000 }).toBeGreaterThan(0);
  } catch (error) {
    const theirs = arrived.filter((m) => JSON.stringify(m.to ?? "").includes(email)).map((m) => `«${m.subject ?? ""}» ${/https?:\/\/\S+/.exec(m.text ?? "")?.[0] ?? ""}`);
    throw new Error(`Ningún enlace de ${baseURL} para confirmar ${email}; le llegaron: ${theirs.join(", ") || "ninguno"} (${arrived.length} correos en total)`, { cause: error });
  }
  return found.at(-1)!;
}

/**
 * Opens a back-office section as the owner reaches it (issue 30): the side menu from 990 px; on
 * a phone the bottom bar's "Más" first, which shows the same menu over the page.
 */
export async function openAdminSection(page: Page, name: string) {
  const bar = page.getByRole("navigation", { name: "Barra de la administración" });
  if (await bar.isVisible()) await bar.getByRole("link", { name: "Más" }).click();
  await page.getByRole("navigation", { name: "Secciones de la administración" }).getByRole("link", { name, exact: true }).click();
}

/** The back office's menu on screen: the side menu from 990 px, the bottom bar on a phone. */
export function adminMenu(page: Page) {
  return page.getByRole("navigation", { name: /^(Secciones|Barra) de la administración$/ }).filter({ visible: true });
}
