import type { Browser, Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { expect, test, type Shop } from "../support/hardening";
import { Customer } from "../support/shop-client";

/*
 * Stored scripts: what a visitor typed comes back in pages, e-mails and task cards. Script
 * payloads typed into every such field must come back as text: escaped in the HTML (never
 * live markup, never a javascript: link), plain text in e-mails, escaped markdown in the
 * card; and Chromium, running the pages' own scripts, never opens a dialog. Pages are also
 * shown to Chromium without their Content-Security-Policy, so that the escaping alone is tested.
 */

const SCRIPT = "<script>alert('xss-script')</script>";
const IMG = `"><img src=x onerror=alert('xss-img')>`;
const SVG = "<svg/onload=alert('xss-svg')>";
const LINK = "javascript:alert('xss-link')";
const PAYLOADS = [SCRIPT, IMG, SVG, LINK];

/** Live markup a payload would have become; none may appear in a page. */
const LIVE = [/<script>alert\('xss/, /<img src=x onerror/i, /<svg\/onload/i, /href="javascript:/i, /src="javascript:/i];

function expectEscaped(html: string, where: string) {
  for (const pattern of LIVE) expect(html, `${where}: ${pattern}`).not.toMatch(pattern);
  // The payload is on the page, as text.
  expect(html, `${where}: la carga útil no se muestra`).toMatch(/&lt;script&gt;alert\((&#x27;|'|&#39;)xss-script/);
}

/** Opens a page in Chromium and fails on any dialog (alert, confirm, prompt). */
async function expectNoDialog(browser: Browser, shop: Shop, path: string, cookies: Map<string, string>, options: { html?: string } = {}) {
  const context = await browser.newContext({ baseURL: shop.baseUrl, locale: "es-ES" });
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, url: shop.baseUrl })));
  const page: Page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  if (options.html !== undefined) {
    // The server's HTML as it is, without the CSP header that would block an inline script.
    const html = options.html;
    await page.route(`${shop.baseUrl}${path}`, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  }
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // Every element the payloads could have created gets a chance to fire.
  await page.mouse.move(10, 10);
  expect(dialogs, `diálogos en ${path}`).toEqual([]);
  await context.close();
}

function mailsAbout(shop: Shop, text: string): ParsedMail[] {
  return shop.mails.filter((mail) => `${mail.subject ?? ""}\n${mail.text ?? ""}`.includes(text));
}

function expectPlainMail(mail: ParsedMail, where: string) {
  // Plain text shows the payload as typed; an HTML part, if any, must escape it.
  if (mail.html) for (const pattern of LIVE) expect(mail.html, `${where} (HTML): ${pattern}`).not.toMatch(pattern);
  expect(mail.text ?? "", where).toContain(SCRIPT);
}

test.describe("stored script payloads", () => {
  test("contact form fields: the shop's e-mail and the task card carry them as text; the form's echo escapes them", async ({ shop, browser }) => {
    const marker = `xss-contacto-${Date.now()}`;
    const fields = {
      nameAndSurname: `${marker} ${SCRIPT}`,
      phone: "600 123 456",
      email: `${IMG}@example.com`,
      adress: `${SVG} ${LINK}`,
      state: IMG,
      message: `${SCRIPT}\n${IMG}\n[clic](${LINK})\n${SVG}`,
      sourcePage: "/contacto",
    };
    const sent = await new Customer(shop).post("/contacto", fields);
    expect(sent.status).toBe(303);

    await expect.poll(() => shop.trello.cards.filter((card) => card.name.includes(marker)).length, { timeout: 15_000 }).toBe(1);
    const card = shop.trello.cards.find((c) => c.name.includes(marker))!;
    // The card's title is plain text; its description is markdown with the visitor's text escaped.
    expect(card.desc).not.toMatch(/\]\(javascript:/i);
    expect(card.desc).not.toContain("<script>");
    expect(card.desc).toContain("\\<script\\>");

    await expect.poll(() => mailsAbout(shop, marker).length, { timeout: 15_000 }).toBe(1);
    expectPlainMail(mailsAbout(shop, marker)[0]!, "e-mail a la tienda");

    // Without JavaScript, a refused form comes back with what was typed: escaped.
    const refused = await new Customer(shop).post("/contacto", { ...fields, phone: "", email: "" });
    expect(refused.status).toBe(400);
    expectEscaped(refused.body, "formulario devuelto");
    await expectNoDialog(browser, shop, "/contacto", new Map(), { html: refused.body });
  });

  test("checkout addresses, the withdrawal reason and the basket: escaped on every page and plain in both e-mails; no dialog in Chromium", async ({ shop, browser }) => {
    const customer = new Customer(shop);
    const email = `xss-pedido-${Date.now()}@example.com`;
    await customer.registerAndSignIn(email);
    await customer.addToBasket("termostatos", 21, { provincia: SCRIPT.slice(0, 40) });
    const basket = await customer.get("/carrito");
    for (const pattern of LIVE) expect(basket.body, `carrito: ${pattern}`).not.toMatch(pattern);

    const number = await customer.placeOrder({
      nombre: SCRIPT,
      apellidos: IMG,
      empresa: SVG,
      direccion: `${LINK} ${SCRIPT}`,
      poblacion: IMG,
    });
    const withdrawn = await customer.post(`/login/pedidos/${number}`, { intent: "desistir", motivo: `${SCRIPT} ${IMG}` });
    expect(withdrawn.status).toBe(200);

    const pages = [`/carrito/pedido?pedido=${number}`, "/login", `/login/pedidos/${number}`];
    for (const path of pages) {
      const page = await customer.get(path);
      expect(page.status, path).toBe(200);
      expectEscaped(page.body, path);
      await expectNoDialog(browser, shop, path, customer.cookies);
      await expectNoDialog(browser, shop, path, customer.cookies, { html: page.body });
    }
    await expectNoDialog(browser, shop, "/carrito", customer.cookies);

    // The order e-mails (to the customer and to the shop) and the withdrawal acknowledgement.
    await expect.poll(() => mailsAbout(shop, number).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const mails = mailsAbout(shop, number);
    expect(mails.some((mail) => mail.to && "text" in mail.to && mail.to.text.includes(email))).toBe(true);
    for (const mail of mails) {
      if (mail.html) for (const pattern of LIVE) expect(mail.html, `${mail.subject}: ${pattern}`).not.toMatch(pattern);
    }
    expect(mails.filter((mail) => (mail.text ?? "").includes(SCRIPT)).length).toBeGreaterThanOrEqual(2);
    expect(PAYLOADS.every((payload) => mails.some((mail) => (mail.text ?? "").includes(payload)))).toBe(true);
  });
});
