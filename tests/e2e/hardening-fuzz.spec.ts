import fc from "fast-check";
import { createHash } from "node:crypto";
import {
  extraHeaders,
  mutatedFields,
  paramValue,
  queryString,
  requestBody,
  splatValue,
  type Fields,
} from "../support/fuzz-arbitraries";
import { concretePath, expect, routes, safeAnswerProblems, test, type RouteEntry, type Shop } from "../support/hardening";
import {
  COMMON_QUERY_KEYS,
  EXTRA_FIELD_NAMES,
  QUERY_KEYS,
  VALID_FORMS,
  VALID_PARAMS,
  VALID_QUERY_VALUES,
} from "../support/fuzz-route-hints";
import { describeRequest, type RawRequest } from "../support/raw-http";
import { Customer } from "../support/shop-client";

/*
 * Property: whatever a client sends to any route of app/routes.ts (random path parameters and
 * query strings, random and malformed bodies of any content type and size, any method, garbage
 * cookies), the shop never answers 5xx; an HTML answer is Spanish; no answer shows a stack
 * trace, a server path or a configured secret (tests/support/hardening.ts).
 *
 * Reproducible: the seed is fixed (FUZZ_SEED overrides it, FUZZ_RUNS multiplies the runs); a
 * failure prints the seed and the shrunk request. Every request comes from a client address
 * of its own (X-Forwarded-For behind TRUST_PROXY=loopback), so no rate limit stops the run.
 */

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
/**
 * Time bounds, so that a slow CI machine still finishes: each property stops generating after
 * 20 s, and once the whole file has used its budget each remaining property gets 2 s.
 */
const PROPERTY_TIME_LIMIT_MS = 20_000 * RUNS;
const FILE_BUDGET_MS = 150_000 * RUNS;

const table = routes();

const stats = { requests: 0, byStatus: new Map<number, number>(), startedAt: Date.now() };

function seedFor(title: string): number {
  return (BASE_SEED ^ createHash("sha256").update(title).digest().readInt32BE(0)) | 0;
}

/** Throws when the answer is unsafe: fast-check shrinks the request and the test fails with it (no expect per request: hardening.ts, findings). */
async function check(shop: Shop, request: RawRequest) {
  const response = await shop.send(request);
  stats.requests += 1;
  stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
  const problems = safeAnswerProblems(request, response);
  if (problems.length > 0) throw new Error(problems.join("\n\n"));
}

/** Runs the property; on failure, says how to replay it. */
async function holds(title: string, arbitrary: fc.Arbitrary<RawRequest>, numRuns: number, shop: Shop) {
  const seed = seedFor(title);
  try {
    await fc.assert(
      fc.asyncProperty(
        // Shown readably (and cut) when a request fails.
        arbitrary.map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) })),
        (request) => check(shop, request),
      ),
      {
        seed,
        numRuns: Math.round(numRuns * RUNS),
        interruptAfterTimeLimit: Math.max(2000, Math.min(PROPERTY_TIME_LIMIT_MS, stats.startedAt + FILE_BUDGET_MS - Date.now())),
      },
    );
  } catch (error) {
    console.error(`Para repetirlo: FUZZ_SEED=${BASE_SEED} npx playwright test tests/e2e/hardening-fuzz.spec.ts -g ${JSON.stringify(title)} (semilla de la propiedad ${seed})`);
    throw error;
  }
}

/** A concrete path of the route: valid parameters with probability `validShare`, hostile ones otherwise. */
function pathOf(route: RouteEntry, validShare: number, known: Record<string, string[]> = {}): fc.Arbitrary<string> {
  const params = [...route.path.matchAll(/:(\w+)\??|\*/g)].map((m) => ({ name: m[1] ?? "*", optional: m[0].endsWith("?") }));
  if (params.length === 0) return fc.constant(route.path);
  const valid = (name: string) => known[name] ?? VALID_PARAMS[name] ?? [];
  const value = (name: string, optional: boolean) => {
    const hostile = name === "*" ? splatValue(valid("*")) : paramValue(valid(name));
    const some = fc.oneof({ weight: Math.round(validShare * 10), arbitrary: fc.constantFrom(...(valid(name).length ? valid(name) : [""])) }, { weight: Math.round((1 - validShare) * 10), arbitrary: hostile });
    return optional ? fc.option(some, { freq: 4 }) : some.map((v): string | null => v);
  };
  return fc.tuple(...params.map((p) => value(p.name, p.optional))).map((values) => {
    let i = 0;
    return concretePath(route.path, () => values[i++] ?? null) || "/";
  });
}

/** React Router's data requests for the same route (/tienda.data, /_root.data). */
function withDataSuffix(path: string): string {
  return path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
}

/** Methods no page uses, that Node still parses (TRACE broke React Router: a 500 before it was refused). */
const ODD_METHODS = ["OPTIONS", "TRACE", "PROPFIND", "SEARCH", "QUERY", "LOCK", "MKCOL", "PURGE", "M-SEARCH", "SOURCE"];

/** The request target as written on the request line: mostly the path, sometimes the absolute or "*" form. */
const requestTarget: fc.Arbitrary<(path: string) => string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant((path: string) => path) },
  { weight: 1, arbitrary: fc.constantFrom("http://evil.example", "http://127.0.0.1", "//evil.example").map((prefix) => (path: string) => `${prefix}${path}`) },
  { weight: 1, arbitrary: fc.constant(() => "*") },
);

type Known = { params?: Record<string, string[]> };

function loaderRequests(route: RouteEntry, headers: fc.Arbitrary<Record<string, string>> = extraHeaders, known: Known = {}): fc.Arbitrary<RawRequest> {
  const keys = [...(QUERY_KEYS[route.file] ?? []), ...COMMON_QUERY_KEYS];
  return fc
    .record({
      method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom("GET", "HEAD") }, { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) }),
      path: pathOf(route, 0.3, known.params),
      data: fc.boolean(),
      query: queryString(keys, VALID_QUERY_VALUES),
      headers,
    })
    .chain((request) => requestTarget.map((target) => ({ ...request, target })))
    .map(({ method, path, target, data, query, headers }) => ({ method, path: target(`${data ? withDataSuffix(path) : path}${query}`), headers }));
}

function actionRequests(
  route: RouteEntry,
  shop: Shop,
  valid: Fields = VALID_FORMS[route.file] ?? [],
  cookie?: string,
  known: Known = {},
): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
      path: pathOf(route, 0.7, known.params),
      data: fc.boolean(),
      query: fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: queryString([...(QUERY_KEYS[route.file] ?? []), "index", "_routes"]) }),
      body: requestBody(mutatedFields(valid, EXTRA_FIELD_NAMES)),
      headers: extraHeaders,
      target: requestTarget,
    })
    .map(({ method, path, data, query, body, headers, target }) => ({
      method,
      path: target(`${data ? withDataSuffix(path) : path}${query}`),
      headers: {
        ...headers,
        ...(cookie ? { Cookie: cookie } : {}),
        Origin: shop.origin,
        ...(body.contentType !== undefined ? { "Content-Type": body.contentType } : {}),
      },
      body: body.body,
      chunked: body.chunked,
    }));
}

test.afterAll(() => {
  const seconds = ((Date.now() - stats.startedAt) / 1000).toFixed(1);
  const statuses = [...stats.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(", ");
  console.log(`[fuzz] ${stats.requests} peticiones en ${seconds} s (semilla ${BASE_SEED}); estados: ${statuses}`);
});

test("the fuzzer covers the whole route table", () => {
  expect(table.length).toBeGreaterThan(30);
  // Every action has a valid form to start from, so its fuzzing gets past the first check.
  const withoutForm = table.filter((route) => route.hasAction && !VALID_FORMS[route.file]).map((route) => route.file);
  expect(withoutForm).toEqual([]);
});

for (const route of table) {
  const dynamic = route.path.includes(":") || route.path.includes("*") || QUERY_KEYS[route.file] !== undefined;
  test(`${route.path} (${route.file}): random path parameters and query strings never get a 5xx`, async ({ shop }) => {
    await holds(test.info().title, loaderRequests(route), dynamic ? 60 : 15, shop);
  });
  test(`${route.path} (${route.file}): random bodies, types and sizes never get a 5xx`, async ({ shop }) => {
    await holds(test.info().title, actionRequests(route, shop), route.hasAction ? 60 : 8, shop);
  });
}

test.describe("signed in, with a basket and an order", () => {
  const state: { cookie: string; orderForm: Fields; orderNumber: string } = { cookie: "", orderForm: [], orderNumber: "" };

  test.beforeAll(async ({ shop }) => {
    const customer = new Customer(shop);
    await customer.registerAndSignIn(`fuzz-${Date.now()}@example.com`);
    await customer.addToBasket("termostatos", 14);
    state.orderNumber = await customer.placeOrder();
    await customer.addToBasket("calderas", 1, { instalacion: "SI", provincia: "madrid" });
    state.orderForm = await customer.orderForm();
    state.cookie = customer.cookieHeader();
  });

  const byFile = (file: string) => table.find((route) => route.file === file)!;
  const signedIn = () => ({ Cookie: state.cookie });

  test("/carrito/pedido: random query strings, signed in", async ({ shop }) => {
    await holds(test.info().title, loaderRequests(byFile("routes/orders/checkout.tsx"), fc.constant(signedIn())), 60, shop);
  });

  test("/carrito/pedido: random order forms, signed in", async ({ shop }) => {
    const route = byFile("routes/orders/checkout.tsx");
    await holds(test.info().title, actionRequests(route, shop, state.orderForm, state.cookie), 80, shop);
  });

  test("/login/pedidos/:number: random numbers and withdrawal forms, signed in", async ({ shop }) => {
    const route = byFile("routes/orders/order-detail.tsx");
    const known = { params: { number: [state.orderNumber] } };
    await holds(`${test.info().title} (GET)`, loaderRequests(route, fc.constant(signedIn()), known), 60, shop);
    await holds(`${test.info().title} (POST)`, actionRequests(route, shop, VALID_FORMS[route.file], state.cookie, known), 60, shop);
  });

  test("/login: every intent, signed in", async ({ shop }) => {
    const route = byFile("routes/accounts/login.tsx");
    const forms = fc.constantFrom("signin", "register", "forget", "google").map((intent): Fields => [["intent", intent], ...VALID_FORMS[route.file]!.slice(1)]);
    await holds(
      test.info().title,
      forms.chain((valid) => actionRequests(route, shop, valid, state.cookie)),
      40,
      shop,
    );
  });
});
