import { NOTIFICATION_PATH } from "../../app/domain/payments/redsys-codes";
import { concretePath, expect, findings, routes, test, type Shop } from "../support/hardening";
import type { RawRequest } from "../support/raw-http";
import { Customer } from "../support/shop-client";

/*
 * Cross-site request forgery: a request that changes something, sent by a page of another
 * site (a foreign Origin, "Origin: null" from a sandboxed frame or a data: page, or an older
 * browser's cross-site Sec-Fetch-Site or foreign Referer without Origin), is refused with a
 * Spanish 403 on every route of the route table, and nothing it asked for is stored.
 */

const FOREIGN = "https://evil.example";

function foreignVariants(shop: Shop): Array<[string, Record<string, string>]> {
  const port = new URL(shop.baseUrl).port;
  return [
    ["Origin ajeno", { Origin: FOREIGN }],
    ["Origin: null", { Origin: "null" }],
    ["Origin de otro puerto", { Origin: `http://127.0.0.1:${Number(port) + 1}` }],
    ["Origin que empieza como el nuestro", { Origin: `${shop.baseUrl}.evil.example` }],
    ["Sec-Fetch-Site: cross-site sin Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site sin Origin", { "Sec-Fetch-Site": "same-site" }],
    ["Referer ajeno sin Origin", { Referer: `${FOREIGN}/pagina` }],
  ];
}

/** A path of each route with plausible parameters (what a forged form would target). */
const SAMPLE_PARAMS: Record<string, string> = { tipo: "40m2", name: "calderas", id: "1", number: "1201-101126", file: "x-1.svg", "*": "sign-up/email" };

function samplePath(pattern: string): string {
  return concretePath(pattern, (param) => SAMPLE_PARAMS[param] ?? "x") || "/";
}

function forged(path: string, headers: Record<string, string>, fields: Record<string, string> = { a: "b" }, cookie = ""): RawRequest {
  return {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Sends the forged request; records whatever makes its answer other than a safe, cookieless, Spanish 403. */
async function refused(shop: Shop, found: ReturnType<typeof findings>, request: RawRequest, what: string) {
  const response = await shop.send(request);
  found.safe(request, response);
  found.check(response.status === 403, `${what}: ${response.status} en vez de 403`);
  found.check(response.body.includes("No hemos podido comprobar el origen de la petición"), `${what}: sin el mensaje del origen`);
  found.check(response.headers["set-cookie"] === undefined, `${what}: no debe poner cookies`);
}

test.describe("foreign Origin", () => {
  // About 1,300 requests over every route (11 per route), each route's at once.
  test.describe.configure({ timeout: 420_000 });

  test("every route of the route table refuses every method that changes things from another site", async ({ shop }) => {
    const found = findings();
    for (const route of routes()) {
      const path = samplePath(route.path);
      // Redsys's notification comes from Redsys's servers: its signature is the check (issue 12).
      if (path === NOTIFICATION_PATH) {
        const notice = await shop.send(forged(path, { Origin: FOREIGN }));
        // No valid signature: 400, or 404 where Redsys is not configured. Never 403, never applied.
        found.check([400, 404].includes(notice.status), `${path} con Origin ajeno: ${notice.status}, no 400 ni 404`);
        continue;
      }
      await Promise.all([
        ...foreignVariants(shop).map(([label, headers]) => refused(shop, found, forged(path, headers), `POST ${path} con ${label}`)),
        ...["PUT", "PATCH", "DELETE"].map((method) => refused(shop, found, { ...forged(path, { Origin: FOREIGN }), method }, `${method} ${path} con Origin ajeno`)),
      ]);
      // The same post from the shop's own page is not refused as foreign.
      const own = await shop.send(forged(path, { Origin: shop.origin }));
      found.check(own.status !== 403, `${path} desde la propia tienda: 403`);
    }
    found.expectNone("peticiones de otro sitio que no se rechazaron como se espera");
  });

  test("a forged quote request, registration, basket, order and withdrawal store nothing", async ({ shop }) => {
    const stamp = Date.now();
    const customer = new Customer(shop);
    await customer.registerAndSignIn(`csrf-${stamp}@example.com`);
    await customer.addToBasket("termostatos", 15);
    const orderNumber = await customer.placeOrder();
    await customer.addToBasket("termostatos", 16);
    const basketBefore = (await customer.get("/carrito")).body.match(/<tr class="basket-line[\s\S]*?<\/tr>/g)?.length;
    const ordersBefore = (await customer.get("/login")).body.match(/aria-label="Pedido [^"]+: ver detalle"/g)?.length;
    const orderForm = Object.fromEntries(await customer.orderForm());
    const cookie = customer.cookieHeader();

    const victimEmail = `csrf-nuevo-${stamp}@example.com`;
    const quoteName = `Forjada ${stamp}`;
    const attempts: Array<[string, RawRequest]> = [];
    for (const [label, headers] of foreignVariants(shop)) {
      attempts.push(
        [`presupuesto (${label})`, forged("/contacto", headers, { nameAndSurname: quoteName, phone: "600 000 000", adress: "Calle 1", state: "Madrid", sourcePage: "/contacto" })],
        [`registro en /login (${label})`, forged("/login", headers, { intent: "register", email: victimEmail, password: "claveSegura1", redirectTo: "" })],
        [
          `registro en /api/auth (${label})`,
          { method: "POST", path: "/api/auth/sign-up/email", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ email: victimEmail, password: "claveSegura1", name: "" }) },
        ],
        [`carrito (${label})`, forged("/tienda/detalle/termostatos/17", headers, { kind: "producto", family: "termostatos", id: "17", instalacion: "NO", mantenimiento: "NO" }, cookie)],
        [`vaciar el carrito (${label})`, forged("/carrito", headers, { intent: "vaciar" }, cookie)],
        [`pedido (${label})`, forged("/carrito/pedido", headers, orderForm, cookie)],
        [`desistimiento (${label})`, forged(`/login/pedidos/${orderNumber}`, headers, { intent: "desistir", motivo: "forjado" }, cookie)],
        [`cerrar sesión (${label})`, forged("/login", headers, { intent: "signout" }, cookie)],
      );
    }
    const found = findings();
    for (const [what, request] of attempts) await refused(shop, found, request, what);
    found.expectNone("peticiones forjadas que no se rechazaron como se espera");

    // The customer is still signed in, with the same basket, orders and an open withdrawal.
    expect((await customer.get("/carrito")).body.match(/<tr class="basket-line[\s\S]*?<\/tr>/g)?.length).toBe(basketBefore);
    const account = await customer.get("/login");
    expect(account.body).toContain("Ha iniciado sesión como");
    expect(account.body.match(/aria-label="Pedido [^"]+: ver detalle"/g)?.length).toBe(ordersBefore);
    const order = await customer.get(`/login/pedidos/${orderNumber}`);
    expect(order.body).toContain("Desistir del contrato");
    expect(order.body).not.toContain("Solicitud de desistimiento registrada");

    // Nobody was registered: the e-mail cannot sign in.
    const signIn = await new Customer(shop).post("/login", { intent: "signin", email: victimEmail, password: "claveSegura1", redirectTo: "" });
    expect(signIn.status).toBe(401);

    // No quote request reached the task board or the mailbox: a genuine one sent afterwards
    // arrives alone (the outbox delivers in order).
    const genuine = `Genuina ${stamp}`;
    const sent = await new Customer(shop).post("/contacto", { nameAndSurname: genuine, phone: "600 000 001", adress: "Calle 2", state: "Madrid", sourcePage: "/contacto" });
    expect(sent.status).toBe(303);
    await expect.poll(() => shop.trello.cards.some((card) => card.name.startsWith(genuine)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.mails.some((mail) => mail.subject?.includes(genuine)), { timeout: 15_000 }).toBe(true);
    expect(shop.trello.cards.filter((card) => card.name.startsWith(quoteName))).toEqual([]);
    expect(shop.mails.filter((mail) => mail.subject?.includes(quoteName))).toEqual([]);
  });
});
