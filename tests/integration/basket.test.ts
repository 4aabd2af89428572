import { afterAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/basket/basket";
import { action as addAction } from "~/routes/catalogue/product-detail";
import { resetConfigForTests } from "~/server/config.server";
import { BASKET_RATE_LIMIT_MESSAGE } from "~/server/basket/basket-add.server";
import { loader as checkoutLoader } from "~/routes/orders/checkout";
import { loader as rootLoader } from "~/root";
import { setupTestDatabase } from "../db-utils";
import { signUp as signUpFrom } from "../support/auth-utils";
import {
  BOILER_ID,
  BOILER_WITH_SERVICES,
  basketLines,
  basketWith,
  productRow,
  THERMOSTAT_ID,
  updateProduct,
} from "../support/basket-utils";

const ready = setupTestDatabase();

let accounts = 0;
/** A new account's session cookie; each from its own address, clear of the sign-up rate limit. */
function signUp(email: string): Promise<string> {
  accounts += 1;
  return signUpFrom(email, "claveSegura123", "Cliente", `10.9.${accounts}.1`);
}

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const get = (path: string, cookie = "") => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (fields: Record<string, string>, cookie: string) =>
  new Request("http://localhost/carrito", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });

async function run<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the basket page (/carrito)", () => {
  it("prices every line from the catalogue and the service table; shipping per product; totals with and without VAT", async () => {
    await ready;
    const { cookie } = await basketWith(BOILER_WITH_SERVICES);
    const boiler = await productRow(BOILER_ID);
    const thermostat = await productRow(THERMOSTAT_ID);
    const basket = await loader(args(get("/carrito", cookie)));

    expect(basket.lines.map((line) => [line.title, line.priceCents, line.shippingCents])).toEqual([
      [`${boiler.brand} ${boiler.model}`, boiler.priceCents, 1995],
      ["Instalación de caldera", 30200, 0],
      ["Mantenimiento anual de caldera", 8500, 0],
      [`${thermostat.brand} ${thermostat.model}`, thermostat.priceCents, 795],
    ]);
    expect(basket.lines[0]).toMatchObject({ image: boiler.image, type: boiler.type, gas: "natural", problem: null });
    expect(basket.lines[1]).toMatchObject({ region: "madrid", kind: "installation" });
    const total = boiler.priceCents + 30200 + 8500 + thermostat.priceCents + 1995 + 795;
    expect(basket.totals).toMatchObject({ shippingCents: 2790, totalCents: total, withoutVatCents: Math.round(total / 1.21) });
    expect(basket.blocked).toBe(false);
    expect(basket.hasServices).toBe(true);
  });

  it("follows a catalogue price change at once", async () => {
    await ready;
    const { cookie } = await basketWith([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const before = await productRow(THERMOSTAT_ID);
    await updateProduct(THERMOSTAT_ID, { priceCents: 5555 });
    try {
      const basket = await loader(args(get("/carrito", cookie)));
      expect(basket.lines[0]!.priceCents).toBe(5555);
      expect(basket.totals.totalCents).toBe(5555 + 795);
    } finally {
      await updateProduct(THERMOSTAT_ID, { priceCents: before.priceCents });
    }
  });

  it("is empty without a basket cookie", async () => {
    await ready;
    const basket = await loader(args(get("/carrito")));
    expect(basket.lines).toEqual([]);
    expect(basket.totals.totalCents).toBe(0);
  });

  it("flags a product that left the catalogue, one out of stock and units beyond the stock", async () => {
    await ready;
    const gone = 7; // Ferroli, stock 1 in the seed
    const { cookie } = await basketWith([
      { id: 999, familia: "calderas", cantidad: 1 },
      { id: 2, familia: "termostatos", cantidad: 1 }, // id of a boiler under another family
      { id: gone, familia: "calderas", cantidad: 1, opcion: "natural" },
      { id: gone, familia: "calderas", cantidad: 1, opcion: "natural" },
      { id: 4, familia: "mantenimientos", cantidad: 1, provincia: "madrid" }, // thermostats have no maintenance
    ]);
    expect((await productRow(gone)).stock).toBe(1);
    const basket = await loader(args(get("/carrito", cookie)));
    expect(basket.lines.map((line) => line.problem?.kind ?? null)).toEqual(["missing", "missing", null, "sold-out", "missing"]);
    expect(basket.lines[3]!.problem?.message).toMatch(/^Solo queda 1 unidad/);
    expect(basket.blocked).toBe(true);
    // Flagged lines count for nothing.
    expect(basket.totals.totalCents).toBe(basket.lines[2]!.priceCents + 1995);

    await updateProduct(gone, { active: false });
    try {
      const later = await loader(args(get("/carrito", cookie)));
      expect(later.lines[2]!.problem?.kind).toBe("missing");
    } finally {
      await updateProduct(gone, { active: true });
    }
    await updateProduct(gone, { stock: 0 });
    try {
      const soldOut = await loader(args(get("/carrito", cookie)));
      expect(soldOut.lines[2]!.problem?.message).toMatch(/^Agotado/);
    } finally {
      await updateProduct(gone, { stock: 1 });
    }
  });
});

describe("removing and emptying", () => {
  it("removes the boiler and its installation line; the maintenance and the thermostat stay", async () => {
    await ready;
    const { id, cookie } = await basketWith(BOILER_WITH_SERVICES);
    const response = (await run(() => action(args(post({ intent: "eliminar", familia: "calderas", id: String(BOILER_ID) }, cookie))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/carrito");
    expect(await basketLines(id)).toEqual([BOILER_WITH_SERVICES[2], BOILER_WITH_SERVICES[3]]);
    const root = await rootLoader(args(get("/", cookie)));
    expect(root.basketCount).toBe(2);
  });

  it("removes the first match only; the installation stays while a boiler remains", async () => {
    await ready;
    const [boiler, installation] = BOILER_WITH_SERVICES as [never, never];
    const { id, cookie } = await basketWith([boiler, installation, boiler, installation]);
    await run(() => action(args(post({ intent: "eliminar", familia: "calderas", id: String(BOILER_ID) }, cookie))));
    expect(await basketLines(id)).toEqual([installation, boiler, installation]);
    await run(() => action(args(post({ intent: "eliminar", familia: "calderas", id: String(BOILER_ID) }, cookie))));
    expect(await basketLines(id)).toEqual([]);
  });

  it("removes a service line on its own", async () => {
    await ready;
    const { id, cookie } = await basketWith(BOILER_WITH_SERVICES);
    await run(() => action(args(post({ intent: "eliminar", familia: "mantenimientos", id: "1" }, cookie))));
    expect((await basketLines(id)).map((line) => line.familia)).toEqual(["calderas", "instalaciones", "termostatos"]);
  });

  it("'Vaciar' empties the basket", async () => {
    await ready;
    const { id, cookie } = await basketWith(BOILER_WITH_SERVICES);
    const response = (await run(() => action(args(post({ intent: "vaciar" }, cookie))))) as Response;
    expect(response.status).toBe(302);
    expect(await basketLines(id)).toEqual([]);
    expect((await rootLoader(args(get("/", cookie)))).basketCount).toBe(0);
  });

  it("answers 400, not 500, to a malformed removal", async () => {
    await ready;
    const { id, cookie } = await basketWith(BOILER_WITH_SERVICES);
    const malformed: Record<string, string>[] = [{ intent: "eliminar", familia: "lavadoras", id: "1" }, { intent: "eliminar", familia: "calderas", id: "x" }, { intent: "otra" }];
    for (const fields of malformed) {
      const reply = (await action(args(post(fields, cookie)))) as unknown as { init?: ResponseInit; data: { error: string } };
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error).toMatch(/eliminar/);
    }
    expect(await basketLines(id)).toEqual(BOILER_WITH_SERVICES);
  });
});

describe("the order screen's guard (/carrito/pedido)", () => {
  it("sends anonymous visitors to /login and back here afterwards", async () => {
    await ready;
    const { cookie } = await basketWith(BOILER_WITH_SERVICES);
    const response = (await run(() => checkoutLoader(args(get("/carrito/pedido", cookie))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcarrito%2Fpedido");
  });

  it("sends a signed-in customer with an empty basket, or a flagged line, back to the basket", async () => {
    await ready;
    const session = await signUp("guardia@example.com");
    const empty = (await run(() => checkoutLoader(args(get("/carrito/pedido", session))))) as Response;
    expect(empty.headers.get("Location")).toBe("/carrito");
    const { cookie } = await basketWith([{ id: 999, familia: "calderas", cantidad: 1 }]);
    const flagged = (await run(() => checkoutLoader(args(get("/carrito/pedido", `${session}; ${cookie}`))))) as Response;
    expect(flagged.headers.get("Location")).toBe("/carrito");
  });

  it("offers only Madrid when a service for Madrid is in the basket, and all 50 provinces otherwise", async () => {
    await ready;
    const session = await signUp("provincias@example.com");
    const withService = await basketWith(BOILER_WITH_SERVICES);
    const page = await checkoutLoader(args(get("/carrito/pedido", `${session}; ${withService.cookie}`)));
    if (page.mode !== "editing") throw new Error("se esperaba el formulario");
    expect(page.provinces).toEqual(["Madrid"]);
    expect(page.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const goodsOnly = await basketWith([{ id: THERMOSTAT_ID, familia: "termostatos", cantidad: 1 }]);
    const other = await checkoutLoader(args(get("/carrito/pedido", `${session}; ${goodsOnly.cookie}`)));
    if (other.mode !== "editing") throw new Error("se esperaba el formulario");
    expect(other.provinces).toHaveLength(50);
    expect(other.idempotencyKey).not.toBe(page.idempotencyKey);
  });
});

describe("adding to the basket is rate limited per client address (issue 10)", () => {
  afterAll(() => {
    delete process.env.CART_RATE_LIMIT;
    resetConfigForTests();
  });

  type AddReply = { init?: ResponseInit & { headers?: Record<string, string> }; data: { ok: boolean; error?: string; count?: number } };
  const add = async (from: string, cookie = "") =>
    (await addAction({
      request: new Request("http://localhost/tienda/detalle/termostatos/14", {
        method: "POST",
        body: new URLSearchParams({ kind: "producto", family: "termostatos", id: String(THERMOSTAT_ID), instalacion: "NO", mantenimiento: "NO" }),
        headers: { "x-forwarded-for": from, ...(cookie ? { Cookie: cookie } : {}) },
      }),
      params: { name: "termostatos", id: String(THERMOSTAT_ID) },
      context: {},
    } as never)) as unknown as AddReply;

  it("over CART_RATE_LIMIT adds a minute: 429 with a Spanish message, the basket unchanged; other addresses go on", async () => {
    await ready;
    process.env.CART_RATE_LIMIT = "3";
    resetConfigForTests();
    const { id, cookie } = await basketWith([]);
    for (let i = 1; i <= 3; i++) {
      const reply = await add("203.0.113.7", cookie);
      expect(reply.data).toMatchObject({ ok: true, count: i });
    }
    const refused = await add("203.0.113.7", cookie);
    expect(refused.init?.status).toBe(429);
    expect(refused.init?.headers).toMatchObject({ "Retry-After": "60" });
    expect(refused.data).toEqual({ ok: false, error: BASKET_RATE_LIMIT_MESSAGE });
    expect(BASKET_RATE_LIMIT_MESSAGE).toBe("Ha añadido muchos artículos en muy poco tiempo. Espere un minuto y vuelva a intentarlo.");
    expect(await basketLines(id)).toHaveLength(3);
    // Another address has a count of its own.
    const other = await add("203.0.113.8", cookie);
    expect(other.data).toMatchObject({ ok: true, count: 4 });
  });

  it("defaults to 60 adds a minute", async () => {
    delete process.env.CART_RATE_LIMIT;
    resetConfigForTests();
    const { basketRateLimit } = await import("~/server/basket/basket-add.server");
    expect(basketRateLimit()).toEqual({ prefix: "carrito", max: 60, windowMs: 60_000 });
  });
});
