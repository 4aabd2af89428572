import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { buildDirectory } from "../support/app-server";
import { concretePath, expect, expectSafeAnswer, FAKE_SECRETS, findings, routes, test } from "../support/hardening";
import type { RawRequest } from "../support/raw-http";
import { Customer } from "../support/shop-client";

/*
 * Secrets stay on the server. The shop under attack runs with a known fake value for every
 * secret it can be given (auth signing secret, Trello key and token, Google client secret,
 * SMTP password, Redsys's key: tests/support/hardening.ts); none may appear in any page of the route table
 * (signed out and signed in, documents and React Router's .data requests), in better-auth's
 * answers, in any file the browser can download, or in the server's log.
 */

const SAMPLE_PARAMS: Record<string, string> = { tipo: "40m2", name: "calderas", id: "1", file: "hermann-micracom-condens-20-1.svg", "*": "get-session" };

/** Names of server settings: a client file that mentions one has server code in it. */
const SERVER_SETTING_NAMES = ["BETTER_AUTH_SECRET", "TRELLO_TOKEN", "TRELLO_KEY", "GOOGLE_CLIENT_SECRET", "SMTP_URL", "DATABASE_URL", "REDSYS_SECRET_KEY"];

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test.describe("secrets", () => {
  test("no secret in any page of the route table, signed out or signed in, nor in better-auth's answers", async ({ shop }) => {
    const customer = new Customer(shop);
    await customer.registerAndSignIn(`secretos-${Date.now()}@example.com`);
    await customer.addToBasket("termostatos", 19);
    const orderNumber = await customer.placeOrder();
    await customer.addToBasket("termostatos", 20);

    const paths = routes().map((route) => concretePath(route.path, (param) => (param === "number" ? orderNumber : (SAMPLE_PARAMS[param] ?? "x"))) || "/");
    paths.push(
      `/carrito/pedido?pedido=${orderNumber}`,
      "/login?modo=registro",
      "/login?modo=recuperar",
      "/api/auth/list-sessions",
      "/api/auth/list-accounts",
      "/api/auth/ok",
      "/api/auth/error?error=state_mismatch",
    );
    let checked = 0;
    const found = findings();
    for (const pathname of paths) {
      // A page's four requests at once: signed out and in, the document and its .data.
      const requests = ["", customer.cookieHeader()].flatMap((cookie) =>
        [pathname, pathname === "/" ? "/_root.data" : `${pathname}.data`].map((target): RawRequest => ({ method: "GET", path: target, headers: cookie ? { Cookie: cookie } : {} })),
      );
      await Promise.all(
        requests.map(async (request) => {
          found.safe(request, await shop.send(request));
          checked += 1;
        }),
      );
    }
    found.expectNone("respuestas inseguras");
    // The OAuth start answers with the provider's address, which carries the client id, never the secret.
    const social: RawRequest = {
      method: "POST",
      path: "/api/auth/sign-in/social",
      headers: { "Content-Type": "application/json", Origin: shop.origin },
      body: JSON.stringify({ provider: "google", callbackURL: "/login", disableRedirect: true }),
    };
    const started = await shop.send(social);
    expect(started.status).toBe(200);
    expectSafeAnswer(social, started);
    // The session answer is the visitor's own session, without secrets.
    const session = await customer.get("/api/auth/get-session");
    expect(JSON.parse(session.body).user.email).toMatch(/^secretos-/);
    expect(checked).toBeGreaterThan(150);
  });

  test("no secret, and no server setting, in any file under the build's client folder", () => {
    const files = filesUnder(path.join(buildDirectory(), "client"));
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    const found = findings();
    for (const file of files) {
      const content = readFileSync(file, "latin1");
      for (const [name, secret] of Object.entries(FAKE_SECRETS)) found.check(!content.includes(secret), `${name} en ${file}`);
      for (const name of SERVER_SETTING_NAMES) found.check(!content.includes(name), `${name} en ${file}`);
      // Whatever secrets were in the environment of the build.
      for (const name of SERVER_SETTING_NAMES) {
        const value = process.env[name];
        if (value && value.length >= 8) found.check(!content.includes(value), `el valor de ${name} en ${file}`);
      }
    }
    found.expectNone("secretos o ajustes del servidor en los ficheros del navegador");
  });

  test("no secret, password or session token in the server's log", async ({ shop }) => {
    const password = `clave-registro-${Date.now()}`;
    const customer = new Customer(shop);
    await customer.registerAndSignIn(`registro-log-${Date.now()}@example.com`, password);
    // Work that reaches every outside service: a quote request (task board and SMTP).
    const name = `Registro ${Date.now()}`;
    await customer.post("/contacto", { nameAndSurname: name, phone: "600 123 456", adress: "Calle 1", state: "Madrid", sourcePage: "/contacto" });
    await expect.poll(() => shop.trello.cards.some((card) => card.name.startsWith(name)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.mails.some((mail) => mail.subject?.includes(name)), { timeout: 15_000 }).toBe(true);

    const log = shop.server.output();
    expect(log.length).toBeGreaterThan(0);
    for (const [secretName, secret] of Object.entries(FAKE_SECRETS)) expect(log, `${secretName} en el registro`).not.toContain(secret);
    expect(log, "contraseña en el registro").not.toContain(password);
    const token = [...customer.cookies].find(([cookie]) => cookie.includes("session_token"))![1];
    expect(log, "token de sesión en el registro").not.toContain(decodeURIComponent(token).split(".")[0]);
  });
});
