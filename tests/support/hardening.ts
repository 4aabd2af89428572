import { test as base, expect } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import routeTable from "../../app/routes";
import { specPort, startAppServer, type AppServer } from "./app-server";
import { startOidcStandin, type OidcStandin } from "./oidc-standin";
import { describeRequest, sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { startSmtpCapture } from "./smtp-capture";
import { startTrelloStandIn, type TrelloStandIn } from "./trello-standin";

/*
 * The shop under attack: one production server shared by the hardening specs
 * (tests/e2e/hardening-*.spec.ts, which run one after the other), started once per worker.
 *   - Every outside service is configured with a known fake secret (auth signing secret,
 *     Trello key and token, Google client secret, SMTP password) so that every answer of
 *     every spec can be searched for them.
 *   - TRUST_PROXY=loopback: each request names its own client address in X-Forwarded-For,
 *     so rate limits (per address) are tested per test, and fuzzing is never throttled.
 *   - The task board, the mail server and Google are local stand-ins that keep what they get.
 */

const suffix = randomBytes(12).toString("hex");
export const FAKE_SECRETS = {
  BETTER_AUTH_SECRET: `secreto-firma-sesiones-${suffix}`,
  TRELLO_KEY: `clave-trello-${suffix}`,
  TRELLO_TOKEN: `token-trello-${suffix}`,
  GOOGLE_CLIENT_SECRET: `secreto-cliente-google-${suffix}`,
  SMTP_PASSWORD: `clave-smtp-${suffix}`,
  // Redsys's key (issue 12): the base64 text of 24 bytes, as the bank gives it.
  REDSYS_SECRET_KEY: Buffer.from(`clave-redsys-${suffix}`.padEnd(24, "x").slice(0, 24)).toString("base64"),
} as const;

export type Shop = {
  server: AppServer;
  baseUrl: string;
  /** The Origin header of a form posted from the shop's own pages. */
  origin: string;
  trello: TrelloStandIn;
  mails: Awaited<ReturnType<typeof startSmtpCapture>>["messages"];
  /** A client address no other request has used (X-Forwarded-For): its own rate-limit buckets. */
  newClientAddress: () => string;
  /** Sends a request as written, from a new client address unless one is given. */
  send: (request: RawRequest) => Promise<RawResponse>;
};

/** Where a redirect of the shop may lead: the shop itself, and the sign-in provider standing in for Google. */
const redirectOrigins = new Set<string>();

let addressCounter = 0;
/** 10.x.y.z addresses in order: unique per worker, readable in logs. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export const test = base.extend<object, { shop: Shop }>({
  shop: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const port = specPort(10);
      const baseUrl = `http://127.0.0.1:${port}`;
      const trello = await startTrelloStandIn();
      const smtp = await startSmtpCapture();
      const google: OidcStandin = await startOidcStandin({
        port: specPort(11),
        clientId: "tienda-ataques",
        clientSecret: FAKE_SECRETS.GOOGLE_CLIENT_SECRET,
        redirectUri: `${baseUrl}/api/auth/callback/google`,
      });
      const smtpUrl = new URL(smtp.url);
      smtpUrl.username = "tienda";
      smtpUrl.password = FAKE_SECRETS.SMTP_PASSWORD;
      redirectOrigins.add(baseUrl).add(new URL(google.issuer).origin);
      const server = await startAppServer({
        port,
        env: {
          PUBLIC_BASE_URL: baseUrl,
          TRUST_PROXY: "loopback",
          OUTBOX_POLL_MS: "200",
          BETTER_AUTH_SECRET: FAKE_SECRETS.BETTER_AUTH_SECRET,
          TRELLO_API_URL: trello.url,
          TRELLO_KEY: FAKE_SECRETS.TRELLO_KEY,
          TRELLO_TOKEN: FAKE_SECRETS.TRELLO_TOKEN,
          TRELLO_LIST_ID: "lista-ataques",
          GOOGLE_CLIENT_ID: "tienda-ataques",
          GOOGLE_CLIENT_SECRET: FAKE_SECRETS.GOOGLE_CLIENT_SECRET,
          GOOGLE_DISCOVERY_URL: google.discoveryUrl,
          SMTP_URL: smtpUrl.href,
          // Card and Bizum on, so their pages and the notification are attacked too; nobody listens at this Redsys.
          REDSYS_MERCHANT_CODE: "999008881",
          REDSYS_TERMINAL: "1",
          REDSYS_SECRET_KEY: FAKE_SECRETS.REDSYS_SECRET_KEY,
          REDSYS_URL: "http://127.0.0.1:9/sis/realizarPago",
          REDSYS_REST_URL: "http://127.0.0.1:9/sis/rest/trataPeticionREST",
        },
      });
      const shop: Shop = {
        server,
        baseUrl,
        origin: baseUrl,
        trello,
        mails: smtp.messages,
        newClientAddress: nextAddress,
        send: (request) =>
          sendRaw(baseUrl, { ...request, headers: { "X-Forwarded-For": nextAddress(), ...request.headers } }),
      };
      try {
        await provide(shop);
      } finally {
        await server.stop();
        await Promise.all([trello.close(), smtp.close(), google.close()]);
      }
    },
    { scope: "worker", timeout: 150_000 },
  ],
});

export { expect };

/** A route of app/routes.ts, with whether its module has an action (accepts posts). */
export type RouteEntry = { id: string; path: string; file: string; hasAction: boolean; hasLoader: boolean };

/** The whole route table, read from app/routes.ts (a new route is fuzzed without editing the specs). */
export function routes(): RouteEntry[] {
  return routeTable.map((route) => {
    const source = readFileSync(path.join("app", route.file), "utf8");
    return {
      id: route.id ?? route.file.replace(/\.tsx?$/, ""),
      path: `/${route.index ? "" : (route.path ?? "")}`,
      file: route.file,
      hasAction: /export (async )?function action\b|export const action\b/.test(source),
      hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
    };
  });
}

/** Fills a route's dynamic segments with the given values (":tipo?" may be dropped). */
export function concretePath(pattern: string, fill: (param: string, optional: boolean) => string | null): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return fill("*", false);
      if (!segment.startsWith(":")) return segment;
      const optional = segment.endsWith("?");
      return fill(segment.replace(/^:|\?$/g, ""), optional);
    })
    .filter((segment) => segment !== null)
    .join("/");
}

const REFLECTED = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg/onload="];
const STACK_FRAME = /\n\s*at [^\n]*:\d+:\d+\)?/;
/** nginx's default proxy buffer: an answer whose headers do not fit becomes a 502 behind it. */
const HEADER_LIMIT_BYTES = 4096;

/**
 * What any answer to any request must be: not a server error; an HTML page in Spanish;
 * no stack trace, no file path of the server, none of the configured secrets. One line per
 * problem found, naming the request and the answer; none when the answer is safe.
 */
export function safeAnswerProblems(request: RawRequest, response: RawResponse, extra = ""): string[] {
  const where = `${describeRequest(request)}\n-> ${response.status} ${response.headers["content-type"] ?? ""}\n${response.body.slice(0, 400)}${extra}`;
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(`${problem}:\n${where}`);
  };
  check(response.status < 500, "respuesta 5xx a");
  check(response.headerBytes <= HEADER_LIMIT_BYTES, `cabeceras de más de ${HEADER_LIMIT_BYTES} bytes`);
  if (String(response.headers["content-type"] ?? "").startsWith("text/html") && request.method !== "HEAD") {
    check(/<html[^>]* lang="es"/.test(response.body), 'página sin lang="es"');
    // The fuzzers' script payloads, reflected as live markup.
    for (const live of REFLECTED) check(!response.body.includes(live), "marcado inyectado en la página");
  }
  const location = response.headers.location;
  if (location && redirectOrigins.size > 0) {
    // Read as the browser reads it; "not a URL at all" counts as leaving.
    let origin = "inválida";
    try {
      origin = new URL(location, [...redirectOrigins][0]).origin;
    } catch {
      // stays "inválida"
    }
    check(redirectOrigins.has(origin), `redirección a otro sitio (${location})`);
  }
  check(!STACK_FRAME.test(response.body), "traza de pila en la respuesta");
  check(!response.body.includes(process.cwd()), "ruta del servidor en la respuesta");
  check(!response.body.includes("node_modules"), "node_modules en la respuesta");
  for (const [name, secret] of Object.entries(FAKE_SECRETS)) {
    check(!response.body.includes(secret), `${name} en la respuesta`);
    check(!JSON.stringify(response.headers).includes(secret), `${name} en las cabeceras`);
  }
  return problems;
}

/** safeAnswerProblems as one assertion. */
export function expectSafeAnswer(request: RawRequest, response: RawResponse, extra = "") {
  expect(safeAnswerProblems(request, response, extra), "respuesta insegura").toEqual([]);
}

/**
 * The checks of a sweep over hundreds of requests, gathered and asserted once at its end:
 * every Playwright expect is a step of the test, and past a few thousand steps each new one
 * costs more (a sweep of 1,300 requests took minutes for its expects alone). Each finding
 * says what was wrong with which request.
 */
export function findings() {
  const found: string[] = [];
  return {
    /** Records `problem` unless `ok`. */
    check(ok: boolean, problem: string) {
      if (!ok) found.push(problem);
    },
    /** Records what makes the answer unsafe (safeAnswerProblems). */
    safe(request: RawRequest, response: RawResponse) {
      found.push(...safeAnswerProblems(request, response));
    },
    /** The one assertion: nothing was found. */
    expectNone(what: string) {
      expect(found, what).toEqual([]);
    },
  };
}
