import { concretePath, expect, findings, routes, test, type Shop } from "../support/hardening";
import type { RawRequest } from "../support/raw-http";

/*
 * Bodies no form of the shop sends: over the size limit (declared in Content-Length, or
 * streamed without one) -> 413; a content type that is not a form -> 415; a path whose
 * escapes do not decode -> 400. Each on every action of the route table, each with a short
 * Spanish page (or JSON message for /api/auth), never a 5xx or a dropped connection.
 */

const SAMPLE_PARAMS: Record<string, string> = { tipo: "40m2", name: "calderas", id: "1", number: "1201-101126", file: "x-1.svg", "*": "sign-in/email" };
const actions = routes()
  .filter((route) => route.hasAction)
  .map((route) => ({ ...route, sample: concretePath(route.path, (param) => SAMPLE_PARAMS[param] ?? "x") || "/" }));

const OVER_LIMIT = 1_100_000;

/**
 * The one public action with a larger limit for its multipart form: the breakdown form's photos
 * (issue 31, REPAIR_FORM_LIMITS, 20 MB; its rate limit is counted before the body is read).
 */
const MULTIPART_LIMITS: Record<string, number> = { "routes/repairs/repair-request.tsx": 20_000_000 };

type Findings = ReturnType<typeof findings>;

/** Sends the request from the shop's own page; an unsafe answer is recorded in `found`. */
async function send(shop: Shop, found: Findings, request: RawRequest) {
  const response = await shop.send({ ...request, headers: { Origin: shop.origin, ...request.headers } });
  found.safe(request, response);
  return response;
}

/** The JSON answer's message, or what the answer was instead. */
function messageOf(body: string): string {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message);
  } catch {
    return `(no es JSON: ${body.slice(0, 100)})`;
  }
}

test.describe("bodies", () => {
  test("every action has been found in the route table", () => {
    expect(actions.map((route) => route.file)).toEqual(
      expect.arrayContaining(["routes/quotes/contact.tsx", "routes/accounts/login.tsx", "routes/orders/checkout.tsx", "routes/basket/basket.tsx", "routes/site/cookies.ts", "routes/accounts/auth-api.ts"]),
    );
  });

  test("a body over 1 MB gets 413 on every action, declared or streamed", async ({ shop }) => {
    const body = Buffer.alloc(OVER_LIMIT, "a");
    const found = findings();
    const upload = Buffer.alloc(Math.max(...Object.values(MULTIPART_LIMITS)) + 100_000, "a");
    for (const route of actions) {
      for (const chunked of [false, true]) {
        for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json"]) {
          // better-auth's endpoints take JSON and urlencoded only (a multipart body is a 415 there);
          // the passkeys' steps JSON only.
          const api = route.file === "routes/accounts/auth-api.ts";
          const passkeys = route.file === "routes/accounts/passkey-api.ts";
          if (api ? type.startsWith("multipart/") : passkeys ? type !== "application/json" : type === "application/json") continue;
          const large = type.startsWith("multipart/") && route.file in MULTIPART_LIMITS;
          const response = await send(shop, found, { method: "POST", path: route.sample, headers: { "Content-Type": type }, body: large ? upload : body, chunked });
          const what = `${route.sample} ${type}${chunked ? " (chunked)" : ""}`;
          // Signed-in pages send an anonymous visitor to /login before reading anything.
          if (route.file === "routes/orders/checkout.tsx" || route.file === "routes/orders/order-detail.tsx") {
            found.check([302, 413].includes(response.status), `${what}: ${response.status}, no 302 ni 413`);
            continue;
          }
          found.check(response.status === 413, `${what}: ${response.status} en vez de 413`);
          if (String(response.headers["content-type"]).startsWith("text/html")) {
            found.check(/demasiado (grande|largo)/.test(response.body), `${what}: la página no dice «demasiado grande»`);
          } else {
            const message = messageOf(response.body);
            found.check(/demasiado|grande/i.test(message), `${what}: el mensaje «${message}» no dice «demasiado»`);
          }
        }
      }
    }
    found.expectNone("cuerpos de más de 1 MB no rechazados con 413");
  });

  test("a body that is not a form gets 415 on every action", async ({ shop }) => {
    const kinds: Array<[string | undefined, string]> = [
      [undefined, "decision=aceptar"],
      ["text/plain", "decision=aceptar"],
      ["application/xml", "<a/>"],
      ["application/octet-stream", "\u0000\u0001"],
      ["application/x-www-form-urlencoded; charset=latin1", "decision=aceptar"],
      ["application/json", '{"decision":"aceptar"}'],
    ];
    const found = findings();
    for (const route of actions) {
      if (route.file === "routes/orders/checkout.tsx" || route.file === "routes/orders/order-detail.tsx") continue;
      for (const [type, body] of kinds) {
        // better-auth's endpoints take JSON and urlencoded forms.
        if (route.file === "routes/accounts/auth-api.ts" && (type === "application/json" || type?.includes("urlencoded"))) continue;
        // The passkeys' steps (issue 28) take JSON.
        if (route.file === "routes/accounts/passkey-api.ts" && type === "application/json") continue;
        // Redsys's notification takes a body declared Latin-1 (its fields are base64 ASCII).
        if (route.file === "routes/payments/redsys-notification.ts" && type?.includes("latin1")) continue;
        const response = await send(shop, found, { method: "POST", path: route.sample, headers: type ? { "Content-Type": type } : {}, body });
        const what = `${route.sample} con ${type ?? "sin Content-Type"}`;
        found.check(response.status === 415, `${what}: ${response.status} en vez de 415`);
        if (String(response.headers["content-type"]).startsWith("text/html")) {
          found.check(response.body.includes("El formulario no llegó en un formato que podamos leer"), `${what}: la página no lo explica`);
        } else {
          // better-auth's JSON answers name JSON; Redsys's notification (a resource route) says it in Spanish.
          const message = messageOf(response.body);
          found.check(/JSON|El formulario no llegó en un formato que podamos leer/.test(message), `${what}: el mensaje «${message}» no lo explica`);
        }
      }
    }
    found.expectNone("cuerpos que no son formularios no rechazados con 415");
  });

  test("broken form encodings get 400, never 5xx", async ({ shop }) => {
    const broken: Array<[string, string | Buffer]> = [
      ["application/x-www-form-urlencoded", "decision=%E0%A4%A"],
      ["application/x-www-form-urlencoded", Buffer.from([0x64, 0x3d, 0xc3, 0x28])],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"decision\"\r\n\r\naceptar"],
      ["multipart/form-data", "--x--"],
    ];
    const found = findings();
    for (const [type, body] of broken) {
      const response = await send(shop, found, { method: "POST", path: "/cookies", headers: { "Content-Type": type }, body });
      expect(response.status, `${type} ${String(body)}`).toBe(400);
      expect(response.body).toMatch(/<html[^>]* lang="es"/);
      expect(response.body).toContain("No hemos podido leer el formulario enviado");
    }
    found.expectNone("respuestas inseguras");
  });

  test("a path whose escapes do not decode gets a Spanish 400 or 404", async ({ shop }) => {
    const found = findings();
    for (const path of ["/%", "/tienda/calderas/%E0%A4%A", "/login/pedidos/%C0%AF", "/tienda/..%2f..%2f", "/imagenes/demo/%"]) {
      for (const method of ["GET", "POST"]) {
        const response = await send(shop, found, { method, path, headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}, body: method === "POST" ? "a=b" : undefined });
        expect([400, 404, 405], `${method} ${path}`).toContain(response.status);
        expect(response.body, `${method} ${path}`).toMatch(/<html[^>]* lang="es"/);
      }
    }
    found.expectNone("respuestas inseguras");
  });
});
