import { expect, test, type Shop } from "../support/hardening";
import type { RawResponse } from "../support/raw-http";
import { Customer } from "../support/shop-client";

/*
 * Open redirects: every redirect target that comes from a request (/login's redirectTo in
 * the query and in the form, the cookie banner's redirectTo, the contact form's sourcePage,
 * the thank-you page's desde, better-auth's callbackURL, errorCallbackURL and redirectTo)
 * is tried with the classic bypasses. A Location header or a link is read as the browser
 * reads it (WHATWG URL: tabs and newlines dropped, "\" as "/"): it never leads to another host.
 */

const EVIL = "evil.example";
const HOSTILE_TARGETS = [
  `https://${EVIL}/`,
  `http://${EVIL}`,
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}/a`,
  `/\\${EVIL}`,
  `\\\\${EVIL}`,
  `\\/${EVIL}`,
  `/\t/${EVIL}`,
  `\t//${EVIL}`,
  `/\n/${EVIL}`,
  `/\r\n/${EVIL}`,
  ` //${EVIL}`,
  `\u0000//${EVIL}`,
  `/%09/${EVIL}`,
  `/%2F%2F${EVIL}`,
  `/%5C${EVIL}`,
  `https:${EVIL}`,
  `https:/${EVIL}`,
  `https://127.0.0.1@${EVIL}`,
  `/login/..//${EVIL}`,
  `/.//${EVIL}`,
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.domain)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
];

/** Where a browser would go: the Location or link read against the page's address. */
function destination(shop: Shop, target: string): URL {
  return new URL(target, `${shop.baseUrl}/pagina/actual`);
}

function expectStaysOnSite(shop: Shop, target: string | undefined, what: string) {
  if (target === undefined || target === "") return;
  const url = destination(shop, target);
  expect(url.origin, `${what}: ${JSON.stringify(target)}`).toBe(shop.baseUrl);
}

function location(response: RawResponse): string | undefined {
  const value = response.headers.location;
  return Array.isArray(value) ? value[0] : value;
}

function decodeEntities(value: string): string {
  return value.replace(/&(quot|amp|lt|gt|#39|#x27|#x2F);/g, (_, n: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#39": "'", "#x27": "'", "#x2F": "/" })[n]!);
}

/** Every href of the page's links and every form's hidden redirectTo value. */
function linkTargets(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  const hidden = [...html.matchAll(/<input\b[^>]*name="redirectTo"[^>]*value="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  return [...hrefs, ...hidden];
}

/** Links a visitor could follow: every one that is not an intended outside link of the page. */
function expectLinksStayOnSite(shop: Shop, html: string, what: string) {
  for (const href of linkTargets(html)) {
    if (/^(tel:|mailto:|https:\/\/wa\.me\/|https:\/\/(www\.)?[a-z]+\.(com|es|org)\/)/.test(href) && !href.includes(EVIL)) continue;
    if (href.startsWith("#")) continue;
    expectStaysOnSite(shop, href, what);
  }
}

const q = encodeURIComponent;

test.describe("open redirects", () => {
  test("/login?redirectTo= when signed in: the redirect stays on this site", async ({ shop }) => {
    const customer = new Customer(shop);
    await customer.registerAndSignIn(`redir-query-${Date.now()}@example.com`);
    for (const target of HOSTILE_TARGETS) {
      const response = await customer.get(`/login?redirectTo=${q(target)}`);
      expect(response.status, target).toBeLessThan(500);
      expectStaysOnSite(shop, location(response), "Location de /login");
    }
    // A path of this site is honoured (the check is not simply "never redirect").
    expect(location(await customer.get(`/login?redirectTo=${q("/carrito")}`))).toBe("/carrito");
  });

  test("/login when signed out: the form carries no foreign redirectTo", async ({ shop }) => {
    for (const target of HOSTILE_TARGETS) {
      const page = await shop.send({ method: "GET", path: `/login?redirectTo=${q(target)}` });
      expect(page.status, target).toBe(200);
      expectLinksStayOnSite(shop, page.body, `enlace de /login?redirectTo=${JSON.stringify(target)}`);
    }
  });

  test("the /login form's redirectTo after signing in: the redirect stays on this site", async ({ shop }) => {
    const email = `redir-form-${Date.now()}@example.com`;
    await new Customer(shop).registerAndSignIn(email);
    for (const target of HOSTILE_TARGETS) {
      // A new client address each time: better-auth allows 10 sign-ins a minute per address.
      const customer = new Customer(shop);
      const inForm = await customer.post("/login", { intent: "signin", email, password: "claveSegura1", redirectTo: target });
      expect(inForm.status, target).toBe(302);
      expectStaysOnSite(shop, location(inForm), "Location tras iniciar sesión (campo redirectTo)");
      const inQuery = await new Customer(shop).post(`/login?redirectTo=${q(target)}`, { intent: "signin", email, password: "claveSegura1", redirectTo: "" });
      expect(inQuery.status, target).toBe(302);
      expectStaysOnSite(shop, location(inQuery), "Location tras iniciar sesión (redirectTo en la dirección)");
    }
  });

  test("POST /cookies redirectTo: the redirect stays on this site", async ({ shop }) => {
    for (const target of HOSTILE_TARGETS) {
      const response = await new Customer(shop).post("/cookies", { decision: "rechazar", redirectTo: target });
      expect(response.status, target).toBe(302);
      expectStaysOnSite(shop, location(response), "Location de /cookies");
    }
    expect(location(await new Customer(shop).post("/cookies", { decision: "aceptar", redirectTo: "/tienda?orden=ascendente" }))).toBe(
      "/tienda?orden=ascendente",
    );
  });

  test("the contact form's sourcePage and /promo-Saunier/gracias?desde=: redirect and back link stay on this site", async ({ shop }) => {
    for (const target of HOSTILE_TARGETS) {
      const sent = await new Customer(shop).post("/contacto", {
        nameAndSurname: "Prueba Redirección",
        phone: "600 123 456",
        email: "",
        adress: "Calle Mayor 1",
        state: "Madrid",
        message: "",
        sourcePage: target,
      });
      expect(sent.status, target).toBe(303);
      const next = location(sent)!;
      expectStaysOnSite(shop, next, "Location tras enviar el formulario");
      const thanks = await shop.send({ method: "GET", path: destination(shop, next).pathname + destination(shop, next).search });
      expect(thanks.status).toBe(200);
      expectLinksStayOnSite(shop, thanks.body, `página de gracias tras sourcePage=${JSON.stringify(target)}`);

      const direct = await shop.send({ method: "GET", path: `/promo-Saunier/gracias?desde=${q(target)}` });
      expect(direct.status, target).toBe(200);
      expect(direct.body).toContain('href="/"');
      expectLinksStayOnSite(shop, direct.body, `/promo-Saunier/gracias?desde=${JSON.stringify(target)}`);
    }
  });

  test("better-auth's callbackURL, errorCallbackURL and redirectTo refuse other sites", async ({ shop }) => {
    const email = `redir-auth-${Date.now()}@example.com`;
    await new Customer(shop).registerAndSignIn(email);
    const json = (path: string, body: object) =>
      shop.send({ method: "POST", path, headers: { "Content-Type": "application/json", Origin: shop.origin }, body: JSON.stringify(body) });

    // These keep the target for later (after the sign-in, in the reset e-mail's link): one is
    // accepted only if it leads back to this site, as the browser will read it.
    const kept = (target: string): Array<[string, () => Promise<RawResponse>]> => [
      ["sign-in/social callbackURL", () => json("/api/auth/sign-in/social", { provider: "google", callbackURL: target, disableRedirect: true })],
      ["sign-in/social errorCallbackURL", () => json("/api/auth/sign-in/social", { provider: "google", errorCallbackURL: target, disableRedirect: true })],
      ["sign-in/social newUserCallbackURL", () => json("/api/auth/sign-in/social", { provider: "google", newUserCallbackURL: target, disableRedirect: true })],
      ["sign-in/email callbackURL", () => json("/api/auth/sign-in/email", { email, password: "claveSegura1", callbackURL: target })],
      ["request-password-reset redirectTo", () => json("/api/auth/request-password-reset", { email, redirectTo: target })],
    ];
    // These redirect at once: the Location must be ours.
    const redirecting = (target: string): Array<[string, () => Promise<RawResponse>]> => [
      ["reset-password callbackURL", () => shop.send({ method: "GET", path: `/api/auth/reset-password/token-falso?callbackURL=${q(target)}` })],
      ["verify-email callbackURL", () => shop.send({ method: "GET", path: `/api/auth/verify-email?token=falso&callbackURL=${q(target)}` })],
    ];

    for (const target of HOSTILE_TARGETS) {
      for (const [what, send] of kept(target)) {
        const answer = await send();
        expect(answer.status, `${what} ${JSON.stringify(target)}`).toBeLessThan(500);
        expectStaysOnSite(shop, location(answer), `Location de ${what}`);
        if (answer.status < 400) expectStaysOnSite(shop, target, `${what} aceptó un destino que sale de la tienda`);
      }
      for (const [what, send] of redirecting(target)) {
        const answer = await send();
        expect(answer.status, `${what} ${JSON.stringify(target)}`).toBeLessThan(500);
        expectStaysOnSite(shop, location(answer), `Location de ${what}`);
      }
    }
    // Paths of this site are accepted: the refusals above are about the target, not the request.
    for (const [what, send] of kept("/carrito")) {
      const answer = await send();
      expect(answer.status, `${what} con /carrito: ${answer.body.slice(0, 200)}`).toBe(200);
    }
    const back = await redirecting("/login/restablecer")[0]![1]();
    expect(location(back)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login\/restablecer\?error=INVALID_TOKEN$|^\/login\/restablecer\?error=INVALID_TOKEN$/);
  });
});
