import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedIfEmpty } from "~/server/db/seed.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { flags } from "~/server/site/site-schema.server";
import { quoteTemplates } from "~/server/quotes/quotes-schema.server";
import { withoutVatCents } from "~/domain/money";
import { setupTestDatabase } from "../db-utils";

describe("demo seed", () => {
  const ready = setupTestDatabase();

  it("loads the demo catalogue with every family", async () => {
    const { db } = await ready;
    const rows = await db
      .select({ family: products.family, count: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.family);
    const counts = Object.fromEntries(rows.map((row) => [row.family, row.count]));
    expect(counts.calderas).toBeGreaterThanOrEqual(12);
    expect(counts.termostatos).toBeGreaterThanOrEqual(9);
    expect(counts.aires).toBeGreaterThanOrEqual(12);
    expect(counts.aerotermia).toBeGreaterThanOrEqual(9);
  });

  it("creates every flag, maintenance off and the reasons block on", async () => {
    const { db } = await ready;
    const rows = await db.select().from(flags);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
    expect(byName).toEqual({
      campaignCalderas: false,
      campaignAires: false,
      campaignAero: false,
      campaign: false,
      maintenance: false,
      showReasons: true,
    });
  });

  it("loads three quote templates whose catalogue lines name demo products at their price without VAT (issue 30)", async () => {
    const { db } = await ready;
    const templates = await db.select().from(quoteTemplates).orderBy(quoteTemplates.id);
    expect(templates.map((t) => t.name)).toEqual(["Sustitución de caldera de condensación", "Instalación de aire acondicionado 1x1", "Aerotermia para ACS"]);
    const catalogue = new Map((await db.select().from(products)).map((p) => [p.id, p]));
    for (const { draft } of templates) {
      const lines = draft.alternatives.flatMap((a) => a.lines);
      const fromCatalogue = lines.filter((line) => line.productId !== null);
      expect(fromCatalogue.length).toBeGreaterThan(0);
      for (const line of fromCatalogue) expect(line.unitCents).toBe(withoutVatCents(catalogue.get(line.productId!)!.priceCents));
      expect(lines.some((line) => line.kind === "servicio")).toBe(true);
      expect(draft).toMatchObject({ startOn: null, endOn: null });
    }
  });

  it("does nothing on a database that already has products", async () => {
    const { db } = await ready;
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(await seedIfEmpty(db)).toEqual({ seeded: false });
    const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a boiler without an energy class (the EU label must be shown)", async () => {
    const { db } = await ready;
    await expect(
      db.insert(products).values({
        family: "calderas",
        slug: "sin-etiqueta",
        brand: "Baxi",
        model: "Prueba",
        type: "Condensación",
        priceCents: 100000,
        description: "x",
        image: "/x.svg",
      }),
    ).rejects.toThrow();
  });
});
