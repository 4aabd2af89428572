import { describe, expect, it } from "vitest";
import { FAMILIES, type Family } from "../../domain/catalogue/product";
import { demoCatalogue, demoSlug } from "./demo-catalogue.server";
import type { NewProduct } from "./catalogue-schema.server";

const ofFamily = (family: Family): NewProduct[] => demoCatalogue.filter((p) => p.family === family);
const calderas = ofFamily("calderas");
const termostatos = ofFamily("termostatos");
const aires = ofFamily("aires");
const aerotermia = ofFamily("aerotermia");

/** Power of a product that must have one. */
function power(p: NewProduct): number {
  if (typeof p.powerKw !== "number") throw new Error(`${p.slug} has no powerKw`);
  return p.powerKw;
}
const powers = (list: NewProduct[]) => list.map(power);
const countWhere = (list: NewProduct[], test: (p: NewProduct) => boolean) => list.filter(test).length;

const BRANDS: Record<Family, string[]> = {
  calderas: ["Hermann", "Saunier Duval", "Ferroli", "Intergas", "Baxi"],
  termostatos: ["Honeywell", "Saunier Duval", "Orkli"],
  aires: ["Daikin", "Mitsubishi", "Saunier Duval", "Fujitsu"],
  aerotermia: ["Daikin", "Saunier Duval", "Junkers", "Mitsubishi"],
};

const PRICE_RANGE_EUR: Record<Family, [number, number]> = {
  calderas: [1100, 2600],
  termostatos: [35, 260],
  aires: [550, 1900],
  aerotermia: [3900, 9500],
};

const isDimensions = (d: unknown): boolean =>
  typeof d === "object" &&
  d !== null &&
  ["alto", "ancho", "fondo"].every((k) => {
    const v = (d as Record<string, unknown>)[k];
    return typeof v === "number" && v > 0;
  });

const FIELDS = [
  "heatingPowerKw",
  "flowLpm",
  "dimensions",
  "wifi",
  "mainsPowered",
  "coolingCapacityFgh",
  "noiseIndoorDb",
  "noiseOutdoorDb",
  "refrigerant",
  "inverter",
  "controller",
  "dimensionsOutdoor",
  "dimensionsIndoor",
  "dimensionsTank",
  "accumulator",
  "heatPump",
  "powerKw",
  "promotionDiscountCents",
  "seer",
  "scop",
  "soundPowerDb",
  "eprelNumber",
] as const satisfies readonly (keyof NewProduct)[];
type Field = (typeof FIELDS)[number];

/** Fields each family may carry; all others must be left undefined. */
const ALLOWED: Record<Family, Field[]> = {
  calderas: ["powerKw", "heatingPowerKw", "flowLpm", "dimensions", "accumulator", "heatPump", "promotionDiscountCents", "soundPowerDb", "eprelNumber"],
  termostatos: ["wifi", "mainsPowered"],
  aires: [
    "powerKw",
    "coolingCapacityFgh",
    "noiseIndoorDb",
    "noiseOutdoorDb",
    "refrigerant",
    "heatPump",
    "inverter",
    "dimensionsIndoor",
    "dimensionsOutdoor",
    "seer",
    "scop",
    "soundPowerDb",
    "eprelNumber",
  ],
  aerotermia: ["powerKw", "accumulator", "controller", "dimensionsOutdoor", "dimensionsIndoor", "dimensionsTank", "heatPump", "seer", "scop", "soundPowerDb", "eprelNumber"],
};

describe("demo catalogue: whole list", () => {
  it("has enough products per family", () => {
    expect(calderas.length).toBeGreaterThanOrEqual(12);
    expect(termostatos.length).toBeGreaterThanOrEqual(9);
    expect(aires.length).toBeGreaterThanOrEqual(12);
    expect(aerotermia.length).toBeGreaterThanOrEqual(9);
    expect(demoCatalogue.length).toBe(calderas.length + termostatos.length + aires.length + aerotermia.length);
  });

  it("is ordered calderas, termostatos, aires, aerotermia (ids follow insertion order)", () => {
    const order = demoCatalogue.map((p) => FAMILIES.indexOf(p.family));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(demoCatalogue[0]?.family).toBe("calderas");
  });

  it("leaves id, timestamps and active to the database", () => {
    for (const p of demoCatalogue) {
      expect(p.id, p.slug).toBeUndefined();
      expect(p.createdAt, p.slug).toBeUndefined();
      expect(p.updatedAt, p.slug).toBeUndefined();
      expect(p.active, p.slug).toBeUndefined();
    }
  });

  it("has unique kebab-case slugs made of brand and model", () => {
    const slugs = demoCatalogue.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of demoCatalogue) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug).toBe(demoSlug(p.brand, p.model));
    }
    expect(demoSlug("Baxi", "Platinum Compact 24/24F ECO")).toBe("baxi-platinum-compact-24-24f-eco");
  });

  it("points image and images at the three demo pictures of the slug", () => {
    for (const p of demoCatalogue) {
      expect(p.image).toBe(`/imagenes/demo/${p.slug}-1.svg`);
      expect(p.images).toEqual([1, 2, 3].map((n) => `/imagenes/demo/${p.slug}-${n}.svg`));
    }
  });

  it("has integer cent prices inside the family's retail range", () => {
    for (const p of demoCatalogue) {
      const [min, max] = PRICE_RANGE_EUR[p.family];
      expect(Number.isInteger(p.priceCents), p.slug).toBe(true);
      expect(p.priceCents, p.slug).toBeGreaterThan(0);
      expect(p.priceCents, p.slug).toBeGreaterThanOrEqual(min * 100);
      expect(p.priceCents, p.slug).toBeLessThanOrEqual(max * 100);
    }
  });

  it("has a previous price above the price whenever one is set, and some are set", () => {
    const withPrevious = demoCatalogue.filter((p) => p.previousPriceCents != null);
    expect(withPrevious.length).toBeGreaterThanOrEqual(3);
    for (const p of withPrevious) {
      expect(Number.isInteger(p.previousPriceCents), p.slug).toBe(true);
      expect(p.previousPriceCents!, p.slug).toBeGreaterThan(p.priceCents);
    }
  });

  it("keeps every product in stock, with some running low", () => {
    for (const p of demoCatalogue) {
      expect(Number.isInteger(p.stock), p.slug).toBe(true);
      expect(p.stock!, p.slug).toBeGreaterThanOrEqual(1);
    }
    expect(countWhere(calderas, (p) => p.stock! <= 3)).toBeGreaterThanOrEqual(2);
    expect(countWhere(demoCatalogue, (p) => p.stock! <= 3)).toBeGreaterThanOrEqual(6);
  });

  it("has a certification, a type and Spanish descriptions on every product", () => {
    const descriptions = new Set<string>();
    for (const p of demoCatalogue) {
      expect(p.certification?.trim(), p.slug).toBeTruthy();
      expect(p.type.trim(), p.slug).toBeTruthy();
      expect(p.model.trim(), p.slug).toBeTruthy();
      expect(p.description.length, p.slug).toBeGreaterThan(80);
      expect(p.description2?.length ?? 0, p.slug).toBeGreaterThan(30);
      expect(p.description, p.slug).not.toMatch(/\blorem\b|\bipsum\b|\bTODO\b|\bFIXME\b/);
      descriptions.add(p.description);
      descriptions.add(p.description2!);
    }
    // No boilerplate repeated between products.
    expect(descriptions.size).toBe(demoCatalogue.length * 2);
  });

  it("has an energy class on every labelled product and none on thermostats", () => {
    for (const p of demoCatalogue) {
      if (p.family === "termostatos") expect(p.energyClass, p.slug).toBeNull();
      else expect(p.energyClass, p.slug).toBeTruthy();
    }
  });

  it("leaves fields of other families undefined", () => {
    for (const p of demoCatalogue) {
      for (const field of FIELDS) {
        if (!ALLOWED[p.family].includes(field)) expect(p[field], `${p.slug}.${field}`).toBeUndefined();
      }
    }
  });

  it("gives every labelled product its sound power and a unique EPREL number of digits, none to thermostats", () => {
    const labelled = [...calderas, ...aires, ...aerotermia];
    for (const p of labelled) {
      expect(p.eprelNumber, p.slug).toMatch(/^\d{6,7}$/);
      expect(p.soundPowerDb, p.slug).toBeGreaterThanOrEqual(30);
      expect(p.soundPowerDb, p.slug).toBeLessThanOrEqual(90);
    }
    expect(new Set(labelled.map((p) => p.eprelNumber)).size).toBe(labelled.length);
    for (const p of termostatos) expect([p.eprelNumber, p.soundPowerDb], p.slug).toEqual([undefined, undefined]);
  });

  it("gives SEER and SCOP in the label's ranges to air conditioners and aerothermal units only", () => {
    for (const p of [...aires, ...aerotermia]) {
      expect(p.seer!, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.seer!, p.slug).toBeLessThanOrEqual(15);
      expect(p.scop!, p.slug).toBeGreaterThanOrEqual(2);
      expect(p.scop!, p.slug).toBeLessThanOrEqual(7);
    }
  });

  it("marks as holding F-gas, not sealed, every air conditioner and bibloc heat pump (as migration 0013 does)", () => {
    for (const p of demoCatalogue) {
      const split = p.family === "aires" || (p.family === "aerotermia" && p.type.startsWith("Bibloc"));
      expect(p.fgasNotSealed ?? false, p.slug).toBe(split);
    }
    expect(countWhere(aerotermia, (p) => p.fgasNotSealed === true)).toBeGreaterThanOrEqual(3);
    expect(countWhere(aerotermia, (p) => !p.fgasNotSealed)).toBeGreaterThanOrEqual(2);
  });

  it("sets promotion and deal on boilers only", () => {
    for (const p of [...termostatos, ...aires, ...aerotermia]) {
      expect(p.promotion ?? false, p.slug).toBe(false);
      expect(p.deal ?? false, p.slug).toBe(false);
    }
  });
});

describe.each(Object.entries(BRANDS) as [Family, string[]][])("demo catalogue brands: %s", (family, brands) => {
  it("uses exactly the spec's brand filters, spelt the same, with two products or more each", () => {
    const list = ofFamily(family);
    expect(new Set(list.map((p) => p.brand))).toEqual(new Set(brands));
    for (const brand of brands) expect(countWhere(list, (p) => p.brand === brand), brand).toBeGreaterThanOrEqual(2);
  });
});

describe("demo catalogue: calderas", () => {
  it("fills every size range, with products on both borders", () => {
    const kw = powers(calderas);
    expect(kw.every((k) => k > 0)).toBe(true);
    expect(kw.filter((k) => k <= 24).length).toBeGreaterThanOrEqual(3);
    expect(kw.filter((k) => k < 24).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k === 24).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k >= 24 && k <= 30).length).toBeGreaterThanOrEqual(3);
    expect(kw.filter((k) => k > 24 && k < 30).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k === 30).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k > 30).length).toBeGreaterThanOrEqual(2);
  });

  it("carries the boiler fields", () => {
    for (const p of calderas) {
      expect(p.heatingPowerKw, p.slug).toBeGreaterThan(0);
      expect(p.flowLpm, p.slug).toBeGreaterThan(0);
      expect(isDimensions(p.dimensions), p.slug).toBe(true);
      expect(p.accumulator === null || (typeof p.accumulator === "string" && p.accumulator.length > 0), p.slug).toBe(true);
      expect(p.heatPump, p.slug).toBe(false);
      expect(["A+", "A", "B"]).toContain(p.energyClass);
      expect(["Condensación", "Mixta condensación", "Solo calefacción"]).toContain(p.type);
    }
    expect(countWhere(calderas, (p) => p.type === "Condensación")).toBeGreaterThan(calderas.length / 2);
    expect(countWhere(calderas, (p) => p.energyClass === "B")).toBeLessThanOrEqual(1);
  });

  it("has manufacturer promotions of 50 to 300 euros, deals and reduced prices", () => {
    const promoted = calderas.filter((p) => p.promotion);
    expect(promoted.length).toBeGreaterThanOrEqual(2);
    for (const p of promoted) {
      expect(Number.isInteger(p.promotionDiscountCents), p.slug).toBe(true);
      expect(p.promotionDiscountCents!, p.slug).toBeGreaterThanOrEqual(5000);
      expect(p.promotionDiscountCents!, p.slug).toBeLessThanOrEqual(30000);
    }
    for (const p of calderas.filter((c) => !c.promotion)) expect(p.promotionDiscountCents, p.slug).toBeUndefined();
    expect(countWhere(calderas, (p) => p.deal === true)).toBeGreaterThanOrEqual(1);
    expect(countWhere(calderas, (p) => p.previousPriceCents != null)).toBeGreaterThanOrEqual(2);
  });

  it("says that Hermann boilers take natural gas only", () => {
    for (const p of calderas.filter((c) => c.brand === "Hermann")) expect(p.description, p.slug).toMatch(/gas natural/);
  });
});

describe("demo catalogue: termostatos", () => {
  it("uses the filter values for type and booleans for wifi and 220 V supply", () => {
    for (const p of termostatos) {
      expect(["analogico", "digital"]).toContain(p.type);
      expect(typeof p.wifi, p.slug).toBe("boolean");
      expect(typeof p.mainsPowered, p.slug).toBe("boolean");
      expect(p.powerKw, p.slug).toBeUndefined();
      expect(p.energyClass, p.slug).toBeNull();
      if (p.wifi) expect(p.type, p.slug).toBe("digital");
    }
    expect(countWhere(termostatos, (p) => p.type === "analogico")).toBeGreaterThanOrEqual(3);
    expect(countWhere(termostatos, (p) => p.type === "digital")).toBeGreaterThanOrEqual(3);
    expect(countWhere(termostatos, (p) => p.wifi === true)).toBeGreaterThanOrEqual(3);
    expect(countWhere(termostatos, (p) => p.mainsPowered === true)).toBeGreaterThanOrEqual(1);
    expect(countWhere(termostatos, (p) => p.mainsPowered === false)).toBeGreaterThanOrEqual(1);
  });
});

describe("demo catalogue: aires", () => {
  it("fills every size range, with products on both borders", () => {
    const kw = powers(aires);
    expect(kw.every((k) => k > 0)).toBe(true);
    expect(kw.filter((k) => k < 3).length).toBeGreaterThanOrEqual(2);
    expect(kw.filter((k) => k === 3).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k === 3.5).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k === 4).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k > 4).length).toBeGreaterThanOrEqual(2);
  });

  it("carries the air-conditioning fields", () => {
    for (const p of aires) {
      expect(Number.isInteger(p.coolingCapacityFgh), p.slug).toBe(true);
      expect(Math.abs(p.coolingCapacityFgh! - power(p) * 860), p.slug).toBeLessThanOrEqual(power(p) * 30);
      expect(p.noiseIndoorDb, p.slug).toBeGreaterThan(0);
      expect(p.noiseOutdoorDb!, p.slug).toBeGreaterThan(p.noiseIndoorDb!);
      expect(p.refrigerant, p.slug).toMatch(/^R-\d+$/);
      expect(p.heatPump, p.slug).toBe(true);
      expect(p.inverter, p.slug).toBe(true);
      expect(isDimensions(p.dimensionsIndoor), p.slug).toBe(true);
      expect(isDimensions(p.dimensionsOutdoor), p.slug).toBe(true);
      expect(["A+++", "A++", "A+"]).toContain(p.energyClass);
    }
    expect(countWhere(aires, (p) => p.refrigerant === "R-32")).toBeGreaterThan(aires.length / 2);
    // Regulation (EU) 626/2011: cooling class A+++ from SEER 8.5, A++ from 6.1, A+ from 5.6.
    for (const p of aires) {
      const seer = p.seer!;
      const expected = seer >= 8.5 ? "A+++" : seer >= 6.1 ? "A++" : seer >= 5.6 ? "A+" : "A";
      expect(p.energyClass, p.slug).toBe(expected);
      // The label's sound power is above the outdoor unit's sound pressure at 1 m.
      expect(p.soundPowerDb!, p.slug).toBeGreaterThan(p.noiseOutdoorDb!);
    }
    expect(countWhere(aires, (p) => p.energyClass === "A+")).toBeLessThanOrEqual(1);
  });
});

describe("demo catalogue: aerotermia", () => {
  it("fills every size range, with products on both borders", () => {
    const kw = powers(aerotermia);
    expect(kw.every((k) => k > 0)).toBe(true);
    expect(kw.filter((k) => k < 10).length).toBeGreaterThanOrEqual(2);
    expect(kw.filter((k) => k === 10).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k > 10 && k < 15).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k === 15).length).toBeGreaterThanOrEqual(1);
    expect(kw.filter((k) => k > 15).length).toBeGreaterThanOrEqual(1);
  });

  it("carries the aerothermal fields", () => {
    for (const p of aerotermia) {
      expect(p.accumulator?.trim(), p.slug).toBeTruthy();
      expect(p.controller?.trim(), p.slug).toBeTruthy();
      expect(p.heatPump, p.slug).toBe(true);
      expect(isDimensions(p.dimensionsOutdoor), p.slug).toBe(true);
      expect(["A+++", "A++"]).toContain(p.energyClass);
      expect(["Monobloc", "Bibloc", "Bibloc con depósito integrado"]).toContain(p.type);
      // Only a monobloc may lack an indoor unit.
      if (p.type === "Monobloc") expect(p.dimensionsIndoor === null || isDimensions(p.dimensionsIndoor), p.slug).toBe(true);
      else expect(isDimensions(p.dimensionsIndoor), p.slug).toBe(true);
      // Tank dimensions exactly when there is a tank.
      const hasTank = p.accumulator !== "Sin acumulador";
      if (hasTank) expect(isDimensions(p.dimensionsTank), p.slug).toBe(true);
      else expect(p.dimensionsTank, p.slug).toBeNull();
      if (p.type === "Bibloc con depósito integrado") expect(hasTank, p.slug).toBe(true);
    }
  });
});
