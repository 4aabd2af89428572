import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BRANDS,
  filterProducts,
  paginate,
  PAGE_SIZES,
  SIZE_OPTIONS,
  type CatalogueState,
} from "~/domain/catalogue/catalogue-filters";
import { ENERGY_CLASSES, FAMILIES, type Family } from "~/domain/catalogue/product";
import { cataloguePage, toCatalogueProduct } from "~/server/catalogue/catalogue.server";
import { products, type NewProduct } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";

/*
 * The shop's catalogue page comes from SQL (app/server/catalogue/catalogue.server.ts); the rule it must
 * follow is the domain's (filterProducts, then paginate). On random catalogues (powers on and
 * around the size ranges' borders, many equal prices, hidden rows, brands outside the filter
 * list) and random states, both give the same page: the same products in the same order, the
 * same page number, page count, total and pagination.
 */

const ready = setupTestDatabase();

/** The kW borders of a family's size ranges, from the filter's own rules (thermostats: only 0). */
const borders = (family: Family) => [
  0,
  ...SIZE_OPTIONS[family].flatMap((option) => (option.rule.kind === "power" ? [option.rule.fromKw, option.rule.toKw ?? 0] : [])),
];

/** Powers on the borders of the family's ranges, just beside them, none, zero, and any. */
const power = (family: Family) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...borders(family)) },
    { weight: 1, arbitrary: fc.constantFrom(...borders(family).flatMap((kw) => [kw - 0.01, kw + 0.01])) },
    { weight: 1, arbitrary: fc.constantFrom(null, 0) },
    { weight: 1, arbitrary: fc.double({ min: -1, max: 40, noNaN: true, noDefaultInfinity: true }) },
  );

/** A row, most often of the family whose page is asked for. */
const row = (family: Family) =>
  fc.record({
    family: fc.oneof({ weight: 4, arbitrary: fc.constant(family) }, { weight: 1, arbitrary: fc.constantFrom(...FAMILIES) }),
    brandIndex: fc.nat({ max: 5 }),
    type: fc.constantFrom("analogico", "digital", "Condensación"),
    wifi: fc.constantFrom(true, false, null),
    powerKw: power(family),
    // Few distinct prices: ties are the rule, not the exception.
    priceCents: fc.integer({ min: 0, max: 6 }).map((n) => n * 10_000),
    // One in four hidden, as discontinued models are.
    active: fc.constantFrom(true, true, true, false),
  });

type Row = typeof row extends (family: Family) => fc.Arbitrary<infer T> ? T : never;

function newProduct(r: Row, n: number): NewProduct {
  const brands = [...BRANDS[r.family], "Otra marca"];
  return {
    family: r.family,
    slug: `prueba-${n}`,
    brand: brands[r.brandIndex % brands.length]!,
    model: `Modelo ${n}`,
    type: r.type,
    priceCents: r.priceCents,
    description: "",
    image: `/imagenes/demo/prueba-${n}-1.svg`,
    energyClass: r.family === "termostatos" ? null : ENERGY_CLASSES[n % 3]!,
    powerKw: r.powerKw,
    wifi: r.wifi,
    active: r.active,
  };
}

/** A power bound (issue 15, potenciaMin / potenciaMax): on a border, beside one, or none. */
const bound = (family: Family) =>
  fc.oneof(fc.constant(null), fc.constantFrom(...borders(family)), fc.double({ min: 0, max: 40, noNaN: true, noDefaultInfinity: true }));

const state = (family: Family) =>
  fc
    .record({
      brands: fc.subarray([...BRANDS[family], "Otra marca"]),
      sizes: fc.subarray(SIZE_OPTIONS[family].map((option) => option.key)),
      order: fc.constantFrom(null, "ascendente" as const, "descendente" as const),
      page: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.constantFrom(0, 99) }),
      pageSize: fc.constantFrom(...PAGE_SIZES),
      power: fc.option(fc.record({ minKw: bound(family), maxKw: bound(family) }), { nil: undefined }),
    })
    .map(({ power, ...rest }) => (power ? { ...rest, power } : rest)) satisfies fc.Arbitrary<CatalogueState>;

const catalogueAndState = fc
  .constantFrom(...FAMILIES)
  .chain((family) =>
    fc.tuple(fc.constant(family), fc.array(row(family), { maxLength: 30 }), fc.array(state(family), { minLength: 5, maxLength: 5 })),
  );

describe("catalogue page in SQL", () => {
  it("gives the page filterProducts and paginate give, on random catalogues and states", async () => {
    const { db } = await ready;
    await fc.assert(
      fc.asyncProperty(catalogueAndState, async ([family, rows, states]) => {
        await db.execute(sql`delete from products`);
        // Ids grow in insertion order: the order's ties follow them.
        if (rows.length > 0) await db.insert(products).values(rows.map(newProduct));
        const shown = (await db.select().from(products)).filter((p) => p.active).map(toCatalogueProduct);
        for (const chosen of states) {
          const expected = paginate(filterProducts(family, shown, chosen), chosen.page, chosen.pageSize);
          const page = await cataloguePage(family, chosen);
          expect(page.items.map((p) => p.id)).toEqual(expected.items.map((p) => p.id));
          expect({ ...page, items: [] }).toEqual({ ...expected, items: [] });
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
