import { describe, expect, it } from "vitest";
import { loader as demoImage } from "~/routes/images/demo-image";
import { products } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";

const ready = setupTestDatabase();

async function fetchImage(url: string) {
  const file = url.replace("/imagenes/demo/", "");
  return demoImage({ request: new Request(`http://localhost${url}`), params: { file }, context: {} } as never);
}

describe("demo images", () => {
  it("every product's main image and gallery (at least two more views) is a drawing of that product", async () => {
    const { db } = await ready;
    const rows = await db.select().from(products);
    for (const product of rows) {
      expect(product.images.length, product.slug).toBeGreaterThanOrEqual(3);
      for (const url of new Set([product.image, ...product.images])) {
        const response = await fetchImage(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
        const svg = await response.text();
        expect(svg, url).toContain('width="400" height="400"');
        expect(svg, url).toContain(product.brand.replace("&", "&amp;"));
      }
    }
  });

  it("answers 404 for an unknown product or view", async () => {
    for (const url of ["/imagenes/demo/no-existe-1.svg", "/imagenes/demo/baxi-platinum-compact-24-24f-eco-4.svg"]) {
      await expect(fetchImage(url)).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});
