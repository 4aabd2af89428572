import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AddToBasketReply } from "~/domain/basket/add-to-basket-form";
import { FAMILIES, catalogueHref, detailHref } from "~/domain/catalogue/product";
import { action as maintenanceAction } from "~/routes/catalogue/maintenance-offer";
import { loader as robotsLoader } from "~/routes/site/robots";
import { loader as shopIndexLoader } from "~/routes/catalogue/shop-index";
import { loader as sitemapLoader } from "~/routes/site/sitemap";
import { getBasketLines } from "~/server/basket/basket-store.server";
import { publicShopInfo } from "~/server/config.server";
import { products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";

const ready = setupTestDatabase();

async function activeProducts() {
  const { db } = await ready;
  return db.select().from(products).where(eq(products.active, true));
}

describe("/sitemap.xml", () => {
  it("lists every product page with its date, the catalogues and the content pages", async () => {
    const rows = await activeProducts();
    const response = await sitemapLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);

    const base = publicShopInfo().baseUrl;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((loc) => loc?.startsWith(`${base}/`))).toBe(true);

    const detailLocs = locs.filter((loc) => loc?.includes("/tienda/detalle/"));
    expect(rows.length).toBeGreaterThan(30);
    expect(detailLocs).toHaveLength(rows.length);
    for (const row of rows) {
      const date = row.updatedAt.toISOString().slice(0, 10);
      expect(xml).toContain(`<url><loc>${base}${detailHref(row)}</loc><lastmod>${date}</lastmod></url>`);
    }
    for (const family of FAMILIES) expect(locs).toContain(`${base}${catalogueHref(family)}`);
    for (const path of ["/", "/tienda", "/tienda/mantenimientos", "/contacto", "/aviso-legal", "/calderas-info", "/que-potencia-necesito"]) {
      expect(locs).toContain(`${base}${path}`);
    }
  });
});

describe("/robots.txt", () => {
  it("keeps private pages out and points to the sitemap", async () => {
    const response = robotsLoader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/carrito/pedido", "/login", "/cookies", "/healthz"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${publicShopInfo().baseUrl}/sitemap.xml`);
  });
});

describe("/tienda", () => {
  it("gives four cards in the spec's order, each with its count and its cheapest model's image", async () => {
    const rows = await activeProducts();
    const { cards } = await shopIndexLoader();
    expect(cards.map((card) => card.family)).toEqual(["calderas", "aerotermia", "aires", "termostatos"]);
    for (const card of cards) {
      const ofFamily = rows.filter((row) => row.family === card.family);
      const cheapest = Math.min(...ofFamily.map((row) => row.priceCents));
      expect(card.count).toBe(ofFamily.length);
      expect(ofFamily.find((row) => row.image === card.image)?.priceCents).toBe(cheapest);
    }
  });
});

type ActionResult = { init: ResponseInit | null; data: AddToBasketReply };

async function addMaintenance(family: string, cookie?: string) {
  const request = new Request("http://localhost/tienda/mantenimientos", {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams({ kind: "mantenimiento", family }),
  });
  return (await maintenanceAction({ request, params: {}, context: {} } as never)) as unknown as ActionResult;
}

describe("/tienda/mantenimientos action", () => {
  const cases = [
    { family: "calderas", id: 1 },
    { family: "aires", id: 2 },
    { family: "aerotermia", id: 3 },
  ];
  for (const { family, id } of cases) {
    it(`adds the yearly maintenance of ${family} as service line ${id} in Madrid`, async () => {
      await ready;
      const result = await addMaintenance(family);
      expect(result.init?.status ?? 200).toBe(200);
      expect(result.data).toEqual({ ok: true, count: 1, added: 1 });
      const cookie = new Headers(result.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
      expect(cookie).toMatch(/^carrito=/);
      const lines = await getBasketLines(new Request("http://localhost/carrito", { headers: { Cookie: cookie } }));
      expect(lines).toEqual([{ id, familia: "mantenimientos", cantidad: 1, provincia: "madrid" }]);
    });
  }

  it("adds to the same basket when the visitor already has one", async () => {
    await ready;
    const first = await addMaintenance("calderas");
    const cookie = new Headers(first.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
    const second = await addMaintenance("aires", cookie);
    expect(second.data).toEqual({ ok: true, count: 2, added: 1 });
    const lines = await getBasketLines(new Request("http://localhost/carrito", { headers: { Cookie: cookie } }));
    expect(lines.map((line) => line.id)).toEqual([1, 2]);
  });

  it("answers 400 in Spanish for thermostats, which have no maintenance", async () => {
    await ready;
    const result = await addMaintenance("termostatos");
    expect(result.init?.status).toBe(400);
    expect(result.data.ok).toBe(false);
    expect(result.data).toHaveProperty("error", expect.stringMatching(/añadir/));
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toBeNull();
  });
});
