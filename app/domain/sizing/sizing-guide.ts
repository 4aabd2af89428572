import { SIZE_OPTIONS } from "../catalogue/catalogue-filters";
import { catalogueHref, type Family } from "../catalogue/product";

/*
 * The help pages' sizing tables (spec section 9, "Size ranges by power"): the surface the
 * catalogue's size filter names, the power it stands for, and the filtered catalogue view
 * (spec section 2, `tipo`). sizing-guide.test.ts checks these rows against SIZE_OPTIONS and
 * the route presets, so the help pages cannot drift from the catalogue.
 */
export type SizedFamily = Exclude<Family, "termostatos">;

type Range = { sizeKey: string; fromKw: number | null; toKw: number | null; tipo: string };

export const POWER_RANGES: Record<SizedFamily, Range[]> = {
  calderas: [
    { sizeKey: "40-100", fromKw: null, toKw: 24, tipo: "40m2" },
    { sizeKey: "100-180", fromKw: 24, toKw: 30, tipo: "42m2" },
    { sizeKey: "mas-180", fromKw: 30, toKw: null, tipo: "102m2" },
  ],
  aires: [
    { sizeKey: "1-10", fromKw: null, toKw: 3, tipo: "40m2" },
    { sizeKey: "10-20", fromKw: 3, toKw: 4, tipo: "100m2" },
    { sizeKey: "mas-20", fromKw: 4, toKw: null, tipo: "180m2" },
  ],
  aerotermia: [
    { sizeKey: "40-100", fromKw: null, toKw: 10, tipo: "40m2" },
    { sizeKey: "100-180", fromKw: 10, toKw: 15, tipo: "100m2" },
    { sizeKey: "mas-180", fromKw: 15, toKw: null, tipo: "180m2" },
  ],
};

export type SizingRow = { surface: string; power: string; href: string };

export function powerText(range: Pick<Range, "fromKw" | "toKw">): string {
  if (range.fromKw === null) return `hasta ${range.toKw} kW`;
  if (range.toKw === null) return `${range.fromKw} kW o más`;
  return `de ${range.fromKw} a ${range.toKw} kW`;
}

export function sizingGuide(family: SizedFamily): SizingRow[] {
  return POWER_RANGES[family].map((range) => {
    const option = SIZE_OPTIONS[family].find((candidate) => candidate.key === range.sizeKey);
    if (!option) throw new Error(`Sin filtro de tamaño ${range.sizeKey} en ${family}`);
    return { surface: option.label, power: powerText(range), href: catalogueHref(family, range.tipo) };
  });
}
