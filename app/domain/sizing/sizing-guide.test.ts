import { describe, expect, it } from "vitest";
import { SIZE_OPTIONS, presetFor, sizeMatches } from "../catalogue/catalogue-filters";
import type { CatalogueProduct } from "../catalogue/product";
import { POWER_RANGES, sizingGuide, type SizedFamily } from "./sizing-guide";

const withPower = (powerKw: number): Pick<CatalogueProduct, "powerKw" | "type" | "wifi"> => ({ powerKw, type: "", wifi: null });
const families = Object.keys(POWER_RANGES) as SizedFamily[];

describe("sizing guide of the help pages", () => {
  it.each(families)("%s: each row's power range is what the catalogue's size filter matches", (family) => {
    for (const range of POWER_RANGES[family]) {
      const option = SIZE_OPTIONS[family].find((o) => o.key === range.sizeKey)!;
      const from = range.fromKw ?? 0;
      const to = range.toKw ?? from + 20;
      for (const kw of [from + 0.1, (from + to) / 2, to]) expect(sizeMatches(option.rule, withPower(kw)), `${kw} kW`).toBe(true);
      if (range.toKw !== null) expect(sizeMatches(option.rule, withPower(range.toKw + 0.5))).toBe(false);
      if (range.fromKw !== null) expect(sizeMatches(option.rule, withPower(range.fromKw - 0.5))).toBe(false);
    }
  });

  it.each(families)("%s: each link opens the catalogue filtered by that size", (family) => {
    for (const range of POWER_RANGES[family]) expect(presetFor(family, range.tipo).sizes).toEqual([range.sizeKey]);
  });

  it("reads like the spec: surfaces, powers and filtered views", () => {
    expect(sizingGuide("calderas")).toEqual([
      { surface: "40-100 m²", power: "hasta 24 kW", href: "/tienda/calderas/40m2" },
      { surface: "100-180 m²", power: "de 24 a 30 kW", href: "/tienda/calderas/42m2" },
      { surface: "+180 m²", power: "30 kW o más", href: "/tienda/calderas/102m2" },
    ]);
    expect(sizingGuide("aires").map((row) => `${row.surface}: ${row.power}`)).toEqual([
      "1-10 m²: hasta 3 kW",
      "10-20 m²: de 3 a 4 kW",
      "+20 m²: 4 kW o más",
    ]);
    expect(sizingGuide("aerotermia").map((row) => row.power)).toEqual(["hasta 10 kW", "de 10 a 15 kW", "15 kW o más"]);
  });
});
