import type { CatalogueProduct, Family } from "./product";

/*
 * Catalogue filters, order and pages (spec sections 4 and 9). Pure: the loader parses the
 * URL into a state, filters first, then pages; the page renders links built from the state.
 * URL parameters (Spanish): marca, superficie (tipo for thermostats), orden, pagina, porPagina,
 * and potenciaMin / potenciaMax in kW (issue 15: the sizing advisor's link to the products that fit).
 */

export type PriceOrder = "ascendente" | "descendente";
export const PAGE_SIZES = [6, 9, 12, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 9;

export type CatalogueState = {
  brands: string[];
  /** Size range keys; for thermostats, the type keys (analogico, digital, wifi). */
  sizes: string[];
  order: PriceOrder | null;
  page: number;
  pageSize: PageSize;
  /** A power window in kW, both ends included; absent when the URL names none (thermostats never). */
  power?: PowerRange;
};

/** potenciaMin / potenciaMax: a third filter group, intersected with the others. */
export type PowerRange = { minKw: number | null; maxKw: number | null };

export const BRANDS: Record<Family, string[]> = {
  calderas: ["Hermann", "Saunier Duval", "Ferroli", "Intergas", "Baxi"],
  termostatos: ["Honeywell", "Saunier Duval", "Orkli"],
  aires: ["Daikin", "Mitsubishi", "Saunier Duval", "Fujitsu"],
  aerotermia: ["Daikin", "Saunier Duval", "Junkers", "Mitsubishi"],
};

/**
 * What a size filter selects, as data, so that the page's SQL (app/server/catalogue/catalogue.server.ts)
 * and sizeMatches below read the same borders: a power range in kW (a product without power is
 * in none), a thermostat type, or the thermostats with wifi.
 */
export type SizeRule =
  | { kind: "power"; fromKw: number; fromIncluded: boolean; toKw: number | null }
  | { kind: "type"; type: string }
  | { kind: "wifi" };

export type SizeOption = { key: string; label: string; rule: SizeRule };

/** Ranges by power in kW; the borders belong to both neighbouring ranges, as the spec writes them. */
function powerRanges(labels: [string, string, string], low: number, high: number): SizeOption[] {
  const range = (label: string, rule: Omit<Extract<SizeRule, { kind: "power" }>, "kind">): SizeOption => ({
    key: keyOf(label),
    label: `${label} m²`,
    rule: { kind: "power", ...rule },
  });
  return [
    range(labels[0], { fromKw: 0, fromIncluded: false, toKw: low }),
    range(labels[1], { fromKw: low, fromIncluded: true, toKw: high }),
    range(labels[2], { fromKw: high, fromIncluded: true, toKw: null }),
  ];
}

/** "+180" becomes "mas-180": a "+" in a query string would read as a space. */
function keyOf(label: string): string {
  return label.replace("+", "mas-");
}

export const SIZE_OPTIONS: Record<Family, SizeOption[]> = {
  calderas: powerRanges(["40-100", "100-180", "+180"], 24, 30),
  aires: powerRanges(["1-10", "10-20", "+20"], 3, 4),
  aerotermia: powerRanges(["40-100", "100-180", "+180"], 10, 15),
  termostatos: [
    { key: "analogico", label: "Analógico", rule: { kind: "type", type: "analogico" } },
    { key: "digital", label: "Digital", rule: { kind: "type", type: "digital" } },
    { key: "wifi", label: "Wifi", rule: { kind: "wifi" } },
  ],
};

export function sizeMatches(rule: SizeRule, product: Pick<CatalogueProduct, "powerKw" | "type" | "wifi">): boolean {
  switch (rule.kind) {
    case "power": {
      const kw = product.powerKw;
      if (kw === null) return false;
      return (rule.fromIncluded ? kw >= rule.fromKw : kw > rule.fromKw) && (rule.toKw === null || kw <= rule.toKw);
    }
    case "type":
      return product.type === rule.type;
    case "wifi":
      return product.wifi === true;
  }
}

/** The options a state has chosen, in the family's order. */
export function chosenSizes(family: Family, state: Pick<CatalogueState, "sizes">): SizeOption[] {
  return SIZE_OPTIONS[family].filter((option) => state.sizes.includes(option.key));
}

/** The name of the second filter group, in the URL and on screen. */
export function sizeParam(family: Family): "superficie" | "tipo" {
  return family === "termostatos" ? "tipo" : "superficie";
}

export function sizeGroupLabel(family: Family): string {
  return family === "termostatos" ? "Tipo" : family === "aires" ? "Superficie de la estancia" : "Superficie de la vivienda";
}

/** The filters the route's `tipo` pre-applies (spec section 2). Unknown: none. */
const PRESETS: Record<Family, Record<string, Partial<Pick<CatalogueState, "brands" | "sizes">>>> = {
  calderas: {
    "calderas-hermann": { brands: ["Hermann"] },
    "calderas-saunier-duval": { brands: ["Saunier Duval"] },
    "calderas-intergas": { brands: ["Intergas"] },
    "calderas-ferroli": { brands: ["Ferroli"] },
    "calderas-baxi": { brands: ["Baxi"] },
    "40m2": { sizes: ["40-100"] },
    "42m2": { sizes: ["100-180"] },
    "100m2": { sizes: ["100-180"] },
    "102m2": { sizes: ["mas-180"] },
    "180m2": { sizes: ["mas-180"] },
  },
  termostatos: {
    "termostatos-saunier-duval": { brands: ["Saunier Duval"] },
    "termostatos-honeywell": { brands: ["Honeywell"] },
    "termostatos-orkli": { brands: ["Orkli"] },
    "termostatos-analogicos": { sizes: ["analogico"] },
    "termostatos-digitales": { sizes: ["digital"] },
    "termostatos-wifi": { sizes: ["wifi"] },
  },
  aires: {
    "aire-acondicionado-fujitsu": { brands: ["Fujitsu"] },
    "aire-acondicionado-saunier-duval": { brands: ["Saunier Duval"] },
    "aire-acondicionado-mitsubishi": { brands: ["Mitsubishi"] },
    "aire-acondicionado-daikin": { brands: ["Daikin"] },
    "40m2": { sizes: ["1-10"] },
    "100m2": { sizes: ["10-20"] },
    "180m2": { sizes: ["mas-20"] },
  },
  aerotermia: {
    "aerotermia-daikin": { brands: ["Daikin"] },
    "aerotermia-saunier-duval": { brands: ["Saunier Duval"] },
    "aerotermia-junkers": { brands: ["Junkers"] },
    "aerotermia-mitsubishi": { brands: ["Mitsubishi"] },
    "40m2": { sizes: ["40-100"] },
    "100m2": { sizes: ["100-180"] },
    "180m2": { sizes: ["mas-180"] },
  },
};

export function presetFor(family: Family, tipo: string | undefined) {
  return (tipo && PRESETS[family][tipo.toLowerCase()]) || {};
}

const POWER_PARAMS = { min: "potenciaMin", max: "potenciaMax" } as const;
const FILTER_PARAMS = ["marca", "superficie", "tipo", "orden", POWER_PARAMS.min, POWER_PARAMS.max];

/** A power bound from the URL: a number of kW (a comma for decimals is accepted), else none. */
function powerBound(value: string | null): number | null {
  if (value === null || !/^\d{1,4}([.,]\d{1,3})?$/.test(value.trim())) return null;
  return Number(value.trim().replace(",", "."));
}

function parsePower(family: Family, search: URLSearchParams): PowerRange | undefined {
  if (family === "termostatos") return undefined;
  const minKw = powerBound(search.get(POWER_PARAMS.min));
  const maxKw = powerBound(search.get(POWER_PARAMS.max));
  return minKw === null && maxKw === null ? undefined : { minKw, maxKw };
}

/**
 * A product without power is outside every window, as it is outside every size range; a
 * window without either end filters nothing (the URL never gives one).
 */
export function powerMatches(range: PowerRange, product: Pick<CatalogueProduct, "powerKw">): boolean {
  if (range.minKw === null && range.maxKw === null) return true;
  const kw = product.powerKw;
  if (kw === null) return false;
  return (range.minKw === null || kw >= range.minKw) && (range.maxKw === null || kw <= range.maxKw);
}

const kwText = /* @__PURE__ */ new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });

/** "De 3,4 a 4,1 kW", "Desde 35 kW", "Hasta 10 kW": the chip of a power window. */
export function powerLabel(range: PowerRange): string {
  const kw = (value: number) => kwText.format(value);
  if (range.minKw !== null && range.maxKw !== null) return `De ${kw(range.minKw)} a ${kw(range.maxKw)} kW`;
  if (range.minKw !== null) return `Desde ${kw(range.minKw)} kW`;
  return `Hasta ${kw(range.maxKw ?? 0)} kW`;
}

/**
 * The state a URL shows. Filters come from the query when it names any; otherwise from the
 * route's preset. Unknown values are dropped; a brand or size counts once.
 */
export function parseCatalogueState(family: Family, tipo: string | undefined, search: URLSearchParams): CatalogueState {
  const fromQuery = FILTER_PARAMS.some((name) => search.has(name));
  const preset = fromQuery ? {} : presetFor(family, tipo);
  const brands = unique(fromQuery ? search.getAll("marca") : (preset.brands ?? [])).filter((b) =>
    BRANDS[family].includes(b),
  );
  const sizeKeys = SIZE_OPTIONS[family].map((option) => option.key);
  const sizes = unique(fromQuery ? search.getAll(sizeParam(family)) : (preset.sizes ?? [])).filter((s) =>
    sizeKeys.includes(s),
  );
  const orderValue = search.get("orden");
  const order = orderValue === "ascendente" || orderValue === "descendente" ? orderValue : null;
  const sizeValue = Number(search.get("porPagina"));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeValue) ? (sizeValue as PageSize) : DEFAULT_PAGE_SIZE;
  const pageValue = Number(search.get("pagina") ?? "1");
  const page = Number.isInteger(pageValue) && pageValue >= 1 ? pageValue : 1;
  const power = fromQuery ? parsePower(family, search) : undefined;
  return { brands, sizes, order, page, pageSize, ...(power ? { power } : {}) };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The order of a catalogue: by price when the visitor asks, otherwise as the products were
 * added; equal prices keep that order (oldest first, by id). The SQL sorts the same way.
 */
export function compareProducts(order: PriceOrder | null) {
  const sign = order === "descendente" ? -1 : 1;
  return (a: Pick<CatalogueProduct, "id" | "priceCents">, b: Pick<CatalogueProduct, "id" | "priceCents">) =>
    (order ? sign * (a.priceCents - b.priceCents) : 0) || a.id - b.id;
}

/**
 * Same group: union; different groups: intersection; then the order. The rule the shop's SQL
 * follows (app/server/catalogue/catalogue.server.ts); its tests compare the two on random catalogues.
 */
export function filterProducts(family: Family, products: CatalogueProduct[], state: CatalogueState): CatalogueProduct[] {
  const sizeOptions = chosenSizes(family, state);
  return products
    .filter(
      (product) =>
        product.family === family &&
        (state.brands.length === 0 || state.brands.includes(product.brand)) &&
        (sizeOptions.length === 0 || sizeOptions.some((option) => sizeMatches(option.rule, product))) &&
        (!state.power || powerMatches(state.power, product)),
    )
    .sort(compareProducts(state.order));
}

export type Page<T> = {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  /** Pagination shows only when the filtered list is longer than a page (spec section 4). */
  showPagination: boolean;
};

/** The page shown of `total` items: one outside 1..pageCount is ignored (the first page shows). */
export function pageWindow(page: number, total: number, pageSize: number): Omit<Page<never>, "items"> & { offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = page >= 1 && page <= pageCount ? page : 1;
  return { page: current, pageCount, total, showPagination: total > pageSize, offset: (current - 1) * pageSize };
}

/** Splits the filtered list (the SQL reads only the page's rows, with pageWindow). */
export function paginate<T>(items: T[], page: number, pageSize: number): Page<T> {
  const { offset, ...window } = pageWindow(page, items.length, pageSize);
  return { ...window, items: items.slice(offset, offset + pageSize) };
}

/** Query string of a state; page 1 and the default page size are left out. */
export function toSearch(family: Family, state: CatalogueState): string {
  const params = new URLSearchParams();
  for (const brand of state.brands) params.append("marca", brand);
  for (const size of state.sizes) params.append(sizeParam(family), size);
  if (state.power?.minKw != null) params.set(POWER_PARAMS.min, String(state.power.minKw));
  if (state.power?.maxKw != null) params.set(POWER_PARAMS.max, String(state.power.maxKw));
  if (state.order) params.set("orden", state.order);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("porPagina", String(state.pageSize));
  if (state.page > 1) params.set("pagina", String(state.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function withoutPower(state: CatalogueState): CatalogueState {
  const { power: _power, ...rest } = state;
  return rest;
}

/** A state after a filter change: always back to page 1. */
export function changeFilters(state: CatalogueState, change: Partial<Omit<CatalogueState, "page">>): CatalogueState {
  return { ...state, ...change, page: 1 };
}

export type Chip = { label: string; state: CatalogueState };

/** The removable chips under "Filtros:", each with the state it leaves when removed. */
export function filterChips(family: Family, state: CatalogueState): Chip[] {
  const sizeLabel = (key: string) => SIZE_OPTIONS[family].find((o) => o.key === key)?.label ?? key;
  return [
    ...state.brands.map((brand) => ({
      label: brand,
      state: changeFilters(state, { brands: state.brands.filter((b) => b !== brand) }),
    })),
    ...state.sizes.map((size) => ({
      label: sizeLabel(size),
      state: changeFilters(state, { sizes: state.sizes.filter((s) => s !== size) }),
    })),
    ...(state.power ? [{ label: powerLabel(state.power), state: withoutPower(changeFilters(state, {})) }] : []),
    ...(state.order
      ? [{ label: state.order === "ascendente" ? "Precio ascendente" : "Precio descendente", state: changeFilters(state, { order: null }) }]
      : []),
  ];
}
