import { expect, test, type Shop } from "../support/hardening";
import { Customer } from "../support/shop-client";

/*
 * Rate limits per client address (app/server/auth.server.ts for accounts, CONTACT_RATE_LIMIT
 * for quote requests): past the limit the answer is 429 with a Spanish message; another
 * address is not held up. Each test's visitor has an address of its own (X-Forwarded-For
 * behind TRUST_PROXY=loopback, as behind the shop's reverse proxy).
 */

const TOO_MANY = "Demasiados intentos. Espere un minuto e inténtelo de nuevo.";

/** Posts the same /login form from one address until the limit; returns the statuses. */
async function postUntilLimited(shop: Shop, fields: (i: number) => Record<string, string>, times: number) {
  const visitor = new Customer(shop);
  const statuses: number[] = [];
  let last = "";
  for (let i = 0; i < times; i++) {
    const response = await visitor.post("/login", fields(i));
    statuses.push(response.status);
    last = response.body;
  }
  return { statuses, last, visitor };
}

test.describe("rate limits", () => {
  test("sign-in: the 11th attempt in a minute from one address gets 429 with a Spanish message", async ({ shop }) => {
    const email = `limite-entrada-${Date.now()}@example.com`;
    await new Customer(shop).registerAndSignIn(email);
    // Another account each time: failures of one account have their own delay (issue 28, tests/integration/passwords.test.ts).
    const { statuses, last } = await postUntilLimited(shop, (i) => ({ intent: "signin", email: `otra-${i}-${email}`, password: "equivocada1", redirectTo: "" }), 11);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(last).toContain(TOO_MANY);
    expect(last).toMatch(/<html[^>]* lang="es"/);
    // Another address signs in at once.
    const other = await new Customer(shop).post("/login", { intent: "signin", email, password: "claveSegura1", redirectTo: "" });
    expect(other.status).toBe(302);
  });

  test("registration: the 6th in a minute from one address gets 429 with a Spanish message", async ({ shop }) => {
    const stamp = Date.now();
    const { statuses, last } = await postUntilLimited(
      shop,
      (i) => ({ intent: "register", email: `limite-registro-${stamp}-${i}@example.com`, password: "claveSegura1", redirectTo: "" }),
      6,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last).toContain(TOO_MANY);
    const other = await new Customer(shop).post("/login", { intent: "register", email: `limite-registro-${stamp}-x@example.com`, password: "claveSegura1", redirectTo: "" });
    expect(other.status).toBe(200);
  });

  test("password reset: the 6th request in a minute from one address gets 429 with a Spanish message", async ({ shop }) => {
    const email = `limite-clave-${Date.now()}@example.com`;
    await new Customer(shop).registerAndSignIn(email);
    const { statuses, last } = await postUntilLimited(shop, () => ({ intent: "forget", email, password: "", redirectTo: "" }), 6);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last).toContain(TOO_MANY);
  });

  test("better-auth's own endpoints answer 429 in Spanish too", async ({ shop }) => {
    const address = shop.newClientAddress();
    let tries = 0;
    // Another e-mail each time, so that only the limit per address answers (not the delay per account).
    const attempt = () =>
      shop.send({
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "Content-Type": "application/json", Origin: shop.origin, "X-Forwarded-For": address },
        body: JSON.stringify({ email: `nadie-${address}-${++tries}@example.com`, password: "equivocada1" }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).message).toBe(TOO_MANY);
  });

  test("quote requests: the 6th in ten minutes from one address gets 429 with a Spanish message", async ({ shop }) => {
    const visitor = new Customer(shop);
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 6; i++) {
      const response = await visitor.post("/contacto", {
        nameAndSurname: `Límite ${i}`,
        phone: "600 123 456",
        adress: "Calle Mayor 1",
        state: "Madrid",
        sourcePage: "/contacto",
      });
      statuses.push(response.status);
      last = response.body;
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
    expect(last).toContain("Ha enviado demasiadas solicitudes. Inténtelo de nuevo en unos minutos.");
    expect(last).toMatch(/<html[^>]* lang="es"/);
    // What was typed comes back with the refusal.
    expect(last).toContain('value="Límite 5"');
    const other = await new Customer(shop).post("/contacto", { nameAndSurname: "Otra", phone: "600 123 456", adress: "Calle 1", state: "Madrid", sourcePage: "/contacto" });
    expect(other.status).toBe(303);
  });
});
