import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { REGION_ERROR } from "~/domain/basket/basket";
import ProductDetail, { action, loader, meta } from "~/routes/catalogue/product-detail";
import { getBasketLines } from "~/server/basket/basket-store.server";
import { products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";

const ready = setupTestDatabase();

// Ids follow the seed order: calderas 1..13 (1 and 3 are Hermann), termostatos 14..22.
const HERMANN = { name: "calderas", id: "1" };
const SAUNIER_DUVAL = { name: "calderas", id: "4" };
const THERMOSTAT = { name: "termostatos", id: "14" };

type Thrown = { init?: ResponseInit; data?: unknown };
type Reply = { init?: ResponseInit & { headers?: Record<string, string> }; data: { ok: boolean; error?: string; count?: number } };

function detailUrl(params: { name: string; id: string }, search = "") {
  return `http://localhost/tienda/detalle/${params.name}/${params.id}${search}`;
}

async function load(params: { name: string; id: string }, search = "") {
  await ready;
  return loader({ request: new Request(detailUrl(params, search)), params, context: {} } as never);
}

async function loadStatus(params: { name: string; id: string }): Promise<number | undefined> {
  try {
    await load(params);
    return 200;
  } catch (thrown) {
    return (thrown as Thrown).init?.status;
  }
}

async function post(params: { name: string; id: string }, fields: Record<string, string>, cookie?: string) {
  await ready;
  const request = new Request(detailUrl(params), {
    method: "POST",
    body: new URLSearchParams({ kind: "producto", family: params.name, id: params.id, ...fields }),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return (await action({ request, params, context: {} } as never)) as unknown as Reply;
}

/** The basket the reply's cookie points to. */
async function basketOf(reply: Reply) {
  const cookie = reply.init?.headers?.["Set-Cookie"]?.split(";")[0] ?? "";
  expect(cookie).not.toBe("");
  return getBasketLines(new Request("http://localhost/carrito", { headers: { Cookie: cookie } }));
}

describe("product detail loader", () => {
  it("answers 404 for an unknown family, a non-numeric id, another family's id and an unknown id", async () => {
    expect(await loadStatus({ name: "lavadoras", id: "1" })).toBe(404);
    expect(await loadStatus({ name: "calderas", id: "abc" })).toBe(404);
    expect(await loadStatus({ name: "calderas", id: "1.5" })).toBe(404);
    expect(await loadStatus({ name: "calderas", id: "0" })).toBe(404);
    expect(await loadStatus({ name: "termostatos", id: "1" })).toBe(404);
    expect(await loadStatus({ name: "calderas", id: "999" })).toBe(404);
    expect(await loadStatus({ name: "calderas", id: "99999999999999999999" })).toBe(404);
  });

  it("returns the product with its service prices, gas options and pictures", async () => {
    const data = await load(HERMANN);
    expect(data.product).toMatchObject({ id: 1, family: "calderas", brand: "Hermann" });
    expect(data.product).not.toHaveProperty("createdAt");
    expect(data.installationPriceCents).toBe(30200);
    expect(data.maintenancePriceCents).toBe(8500);
    expect(data.gasOptions).toEqual(["natural"]);
    expect(data.images[0]).toBe(data.product.image);
    expect(data.images.length).toBeGreaterThan(1);
    expect(data.selectedImage).toBe(1);
  });

  it("a thermostat has its own installation price, no maintenance and no gas", async () => {
    const data = await load(THERMOSTAT);
    expect(data.product.family).toBe("termostatos");
    expect(data.installationPriceCents).toBe(8000);
    expect(data.maintenancePriceCents).toBeNull();
    expect(data.gasOptions).toEqual([]);
    expect((await load(SAUNIER_DUVAL)).gasOptions).toEqual(["natural", "propano"]);
  });

  it("selects the picture of ?imagen=N, and the first one for anything out of range", async () => {
    expect((await load(HERMANN, "?imagen=2")).selectedImage).toBe(2);
    expect((await load(HERMANN, "?imagen=9")).selectedImage).toBe(1);
    expect((await load(HERMANN, "?imagen=x")).selectedImage).toBe(1);
  });

  it("gives the page its title, description and canonical address", async () => {
    const loaderData = await load(HERMANN);
    const matches = [{ id: "root", loaderData: { shop: { name: "Tienda Prueba", baseUrl: "https://t.example" } } }];
    const tags = meta({ loaderData, matches } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ title: "Hermann Micracom Condens 20 | Caldera | Tienda Prueba" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://t.example/tienda/detalle/calderas/1" });
    const description = tags.find((tag) => tag.name === "description")?.content ?? "";
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(150);
  });
});

describe("product detail action", () => {
  it("refuses a service without a region: 400 and the spec's message", async () => {
    const reply = await post(HERMANN, { instalacion: "SI", provincia: "", gas: "natural" });
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toEqual({ ok: false, error: REGION_ERROR });
  });

  it("adds the boiler and its installation in Madrid to a new basket", async () => {
    const reply = await post(HERMANN, { instalacion: "SI", mantenimiento: "NO", provincia: "madrid", gas: "natural" });
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data).toMatchObject({ ok: true, count: 2 });
    expect(await basketOf(reply)).toEqual([
      { id: 1, familia: "calderas", cantidad: 1, opcion: "natural" },
      { id: 1, familia: "instalaciones", cantidad: 1, provincia: "madrid" },
    ]);
  });

  it("adds the maintenance line too when it is chosen", async () => {
    const reply = await post(SAUNIER_DUVAL, { instalacion: "NO", mantenimiento: "SI", provincia: "madrid", gas: "propano" });
    expect(await basketOf(reply)).toEqual([
      { id: 4, familia: "calderas", cantidad: 1, opcion: "propano" },
      { id: 1, familia: "mantenimientos", cantidad: 1, provincia: "madrid" },
    ]);
  });

  it("refuses propane for a Hermann boiler", async () => {
    const reply = await post(HERMANN, { instalacion: "NO", provincia: "madrid", gas: "propano" });
    expect(reply.init?.status).toBe(400);
    expect(reply.data.ok).toBe(false);
    expect(reply.data.error).toMatch(/gas natural/);
  });

  it("adds a thermostat without services even with an empty region", async () => {
    const reply = await post(THERMOSTAT, { instalacion: "NO", provincia: "" });
    expect(reply.data).toMatchObject({ ok: true, count: 1 });
    expect(await basketOf(reply)).toEqual([{ id: 14, familia: "termostatos", cantidad: 1 }]);
  });
});

describe("a sold-out product", () => {
  it("says Agotado, disables the button and cannot be added", async () => {
    const { db } = await ready;
    await db.update(products).set({ stock: 0, updatedAt: new Date() }).where(eq(products.id, 14));
    try {
      const loaderData = await load(THERMOSTAT);
      expect(loaderData.product.stock).toBe(0);

      const Stub = createRoutesStub([
        { id: "detail", path: "/tienda/detalle/:name/:id", Component: ProductDetail as never, loader: () => loaderData },
      ]);
      const html = renderToString(
        createElement(Stub, {
          initialEntries: ["/tienda/detalle/termostatos/14"],
          hydrationData: { loaderData: { detail: loaderData } },
        }),
      );
      expect(html).toContain("Agotado");
      expect(html).not.toContain("Quedan");
      expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Añadir al carrito<\/button>/);
      // Issue 15: the back-in-stock form, the same for every visitor, posting to its own action.
      expect(html).toContain("Avísame cuando vuelva a estar disponible");
      expect(html).toMatch(/<form [^>]*action="\/avisos-disponibilidad"/);

      const reply = await post(THERMOSTAT, { instalacion: "NO", provincia: "madrid" });
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error).toBe("Este producto está agotado.");
    } finally {
      await db.update(products).set({ stock: 10, updatedAt: new Date() }).where(eq(products.id, 14));
    }
  });
});
