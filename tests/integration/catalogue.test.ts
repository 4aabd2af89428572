import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { action, loader } from "~/routes/catalogue/catalogue";
import { getBasketLines } from "~/server/basket/basket-store.server";
import { products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";

const ready = setupTestDatabase();

type Reply = { data: { ok: boolean; error?: string; count?: number }; init: ResponseInit | null };

async function load(path: string, tipo?: string) {
  const result = (await loader({ request: new Request(`http://localhost${path}`), params: { tipo }, context: {} } as never)) as unknown as {
    data: { page: { items: { brand: string }[]; total: number }; loadError: boolean };
    init: ResponseInit;
  };
  return result;
}

async function add(fields: Record<string, string>, cookie = "") {
  const request = new Request("http://localhost/tienda/calderas/x", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return (await action({ request, params: {}, context: {} } as never)) as unknown as Reply;
}

describe("catalogue loader", () => {
  it("lists the family with the preset of the route applied", async () => {
    await ready;
    const all = await load("/tienda/calderas/calderas-condensacion?porPagina=100");
    expect(all.data.page.total).toBe(13);
    const baxi = await load("/tienda/calderas/calderas-Baxi", "calderas-Baxi");
    expect(baxi.data.page.items.map((p) => p.brand)).toEqual(Array(baxi.data.page.total).fill("Baxi"));
  });

  it("answers 404 outside the four families", async () => {
    await ready;
    await expect(load("/tienda/lavadoras/x")).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("add to basket action", () => {
  it("adds a boiler with installation and maintenance in Madrid and sets the basket cookie", async () => {
    await ready;
    const reply = await add({ kind: "producto", family: "calderas", id: "2", instalacion: "SI", mantenimiento: "SI", provincia: "madrid", gas: "natural" });
    expect(reply.data).toEqual({ ok: true, count: 3, added: 3 });
    const cookie = new Headers(reply.init?.headers).get("Set-Cookie")!.split(";")[0]!;
    const lines = await getBasketLines(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(lines.map((l) => l.familia)).toEqual(["calderas", "instalaciones", "mantenimientos"]);
    const again = await add({ kind: "producto", family: "termostatos", id: "14" }, cookie);
    expect(again.data).toMatchObject({ ok: true, count: 4 });
  });

  it("refuses what breaks a rule, with a 4xx and a Spanish message", async () => {
    await ready;
    expect(await add({ kind: "producto", family: "aires", id: "23", instalacion: "SI", provincia: "" })).toMatchObject({
      data: { ok: false, error: "Debe seleccionar una Comunidad.Actualmente solo ofrecemos servicio en Madrid" },
      init: { status: 400 },
    });
    // Product 1 is a boiler: asking for it as an air conditioner finds nothing.
    expect(await add({ kind: "producto", family: "aires", id: "1" })).toMatchObject({ init: { status: 404 } });
    expect(await add({ kind: "producto", family: "calderas", id: "abc" })).toMatchObject({ init: { status: 400 } });
    expect(await add({ kind: "otra-cosa" })).toMatchObject({ init: { status: 400 } });
  });

  it("refuses a product that is out of stock", async () => {
    const { db } = await ready;
    await db.update(products).set({ stock: 0, updatedAt: new Date() }).where(eq(products.id, 3));
    expect(await add({ kind: "producto", family: "calderas", id: "3" })).toMatchObject({
      data: { ok: false, error: "Este producto está agotado." },
      init: { status: 400 },
    });
  });
});

// Last: it closes this file's database.
describe("a catalogue that cannot be read", () => {
  it("shows a Spanish message with status 503, not an empty page", async () => {
    const handle = await ready;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await handle.close();
    const result = await load("/tienda/aires/aires");
    expect(result.init.status).toBe(503);
    expect(result.data.loadError).toBe(true);
    expect(errors).toHaveBeenCalled();
  });
});
