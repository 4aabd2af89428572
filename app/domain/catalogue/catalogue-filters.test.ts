import { describe, expect, it } from "vitest";
import {
  changeFilters,
  filterChips,
  filterProducts,
  paginate,
  parseCatalogueState,
  toSearch,
  type CatalogueState,
} from "./catalogue-filters";
import type { CatalogueProduct, Family } from "./product";

let nextId = 1;
function product(family: Family, fields: Partial<CatalogueProduct>): CatalogueProduct {
  const id = nextId++;
  return {
    id,
    family,
    slug: `p-${id}`,
    brand: "Baxi",
    model: `M${id}`,
    type: "Condensación",
    priceCents: 100000,
    previousPriceCents: null,
    promotion: false,
    promotionDiscountCents: null,
    deal: false,
    stock: 5,
    certification: null,
    description: "",
    description2: "",
    image: "",
    images: [],
    energyClass: null,
    powerKw: null,
    flowLpm: null,
    heatingPowerKw: null,
    accumulator: null,
    heatPump: null,
    wifi: null,
    mainsPowered: null,
    coolingCapacityFgh: null,
    noiseIndoorDb: null,
    noiseOutdoorDb: null,
    refrigerant: null,
    inverter: null,
    controller: null,
    dimensions: null,
    dimensionsOutdoor: null,
    dimensionsIndoor: null,
    dimensionsTank: null,
    seer: null,
    scop: null,
    soundPowerDb: null,
    eprelNumber: null,
    fgasNotSealed: false,
    ...fields,
  };
}

const state = (s: Partial<CatalogueState> = {}): CatalogueState => ({
  brands: [],
  sizes: [],
  order: null,
  page: 1,
  pageSize: 9,
  ...s,
});
const ids = (list: CatalogueProduct[]) => list.map((p) => p.id);
const parse = (family: Family, tipo: string | undefined, query = "") =>
  parseCatalogueState(family, tipo, new URLSearchParams(query));

describe("size ranges by power, borders in both ranges", () => {
  const boilers = [20, 24, 25, 30, 35].map((kw) => product("calderas", { powerKw: kw }));
  const inRange = (family: Family, list: CatalogueProduct[], size: string) =>
    filterProducts(family, list, state({ sizes: [size] })).map((p) => p.powerKw);

  it("boilers: 40-100 is (0, 24], 100-180 is [24, 30], +180 is [30, ∞)", () => {
    expect(inRange("calderas", boilers, "40-100")).toEqual([20, 24]);
    expect(inRange("calderas", boilers, "100-180")).toEqual([24, 25, 30]);
    expect(inRange("calderas", boilers, "mas-180")).toEqual([30, 35]);
  });

  it("air: 1-10 is (0, 3], 10-20 is [3, 4], +20 is [4, ∞)", () => {
    const air = [2.5, 3, 3.5, 4, 5].map((kw) => product("aires", { powerKw: kw }));
    expect(inRange("aires", air, "1-10")).toEqual([2.5, 3]);
    expect(inRange("aires", air, "10-20")).toEqual([3, 3.5, 4]);
    expect(inRange("aires", air, "mas-20")).toEqual([4, 5]);
  });

  it("aerothermal: (0, 10], [10, 15], [15, ∞)", () => {
    const aero = [8, 10, 12, 15, 16].map((kw) => product("aerotermia", { powerKw: kw }));
    expect(inRange("aerotermia", aero, "40-100")).toEqual([8, 10]);
    expect(inRange("aerotermia", aero, "100-180")).toEqual([10, 12, 15]);
    expect(inRange("aerotermia", aero, "mas-180")).toEqual([15, 16]);
  });

  it("a product without power is in no range", () => {
    const none = product("calderas", { powerKw: null });
    expect(filterProducts("calderas", [none], state({ sizes: ["40-100"] }))).toEqual([]);
  });
});

describe("groups: union inside, intersection across", () => {
  const baxi24 = product("calderas", { brand: "Baxi", powerKw: 24, priceCents: 150000 });
  const baxi35 = product("calderas", { brand: "Baxi", powerKw: 35, priceCents: 210000 });
  const ferroli20 = product("calderas", { brand: "Ferroli", powerKw: 20, priceCents: 120000 });
  const hermann28 = product("calderas", { brand: "Hermann", powerKw: 28, priceCents: 130000 });
  const all = [baxi24, baxi35, ferroli20, hermann28];

  it("two brands: either brand", () => {
    expect(ids(filterProducts("calderas", all, state({ brands: ["Baxi", "Ferroli"] })))).toEqual(
      ids([baxi24, baxi35, ferroli20]),
    );
  });

  it("two sizes: either size", () => {
    expect(ids(filterProducts("calderas", all, state({ sizes: ["40-100", "mas-180"] })))).toEqual(
      ids([baxi24, baxi35, ferroli20]),
    );
  });

  it("brand and size: both", () => {
    expect(ids(filterProducts("calderas", all, state({ brands: ["Baxi"], sizes: ["40-100"] })))).toEqual(ids([baxi24]));
  });

  it("no filter: the whole family, other families left out", () => {
    const thermostat = product("termostatos", {});
    expect(ids(filterProducts("calderas", [...all, thermostat], state()))).toEqual(ids(all));
  });

  it("orders by price, one order at a time", () => {
    expect(ids(filterProducts("calderas", all, state({ order: "ascendente" })))).toEqual(
      ids([ferroli20, hermann28, baxi24, baxi35]),
    );
    expect(ids(filterProducts("calderas", all, state({ order: "descendente" })))).toEqual(
      ids([baxi35, baxi24, hermann28, ferroli20]),
    );
    const url = new URLSearchParams("orden=ascendente&orden=descendente");
    expect(parseCatalogueState("calderas", undefined, url).order).toBe("ascendente");
  });
});

describe("thermostat type filters", () => {
  const analog = product("termostatos", { type: "analogico", wifi: false });
  const digital = product("termostatos", { type: "digital", wifi: false });
  const wifi = product("termostatos", { type: "digital", wifi: true });
  const all = [analog, digital, wifi];

  it("analógico, digital and wifi", () => {
    expect(ids(filterProducts("termostatos", all, state({ sizes: ["analogico"] })))).toEqual(ids([analog]));
    expect(ids(filterProducts("termostatos", all, state({ sizes: ["digital"] })))).toEqual(ids([digital, wifi]));
    expect(ids(filterProducts("termostatos", all, state({ sizes: ["wifi"] })))).toEqual(ids([wifi]));
    expect(ids(filterProducts("termostatos", all, state({ sizes: ["analogico", "wifi"] })))).toEqual(ids([analog, wifi]));
  });

  it("read from the tipo query parameter", () => {
    expect(parse("termostatos", undefined, "tipo=wifi&tipo=analogico").sizes).toEqual(["wifi", "analogico"]);
  });
});

describe("the tipo route parameter pre-applies filters", () => {
  it.each([
    ["calderas", "calderas-Hermann", { brands: ["Hermann"] }],
    ["calderas", "calderas-saunier-duval", { brands: ["Saunier Duval"] }],
    ["calderas", "calderas-Intergas", { brands: ["Intergas"] }],
    ["calderas", "calderas-Ferroli", { brands: ["Ferroli"] }],
    ["calderas", "calderas-Baxi", { brands: ["Baxi"] }],
    ["calderas", "40m2", { sizes: ["40-100"] }],
    ["calderas", "42m2", { sizes: ["100-180"] }],
    ["calderas", "100m2", { sizes: ["100-180"] }],
    ["calderas", "102m2", { sizes: ["mas-180"] }],
    ["calderas", "180m2", { sizes: ["mas-180"] }],
    ["termostatos", "termostatos-saunier-duval", { brands: ["Saunier Duval"] }],
    ["termostatos", "termostatos-Honeywell", { brands: ["Honeywell"] }],
    ["termostatos", "termostatos-Orkli", { brands: ["Orkli"] }],
    ["termostatos", "termostatos-analogicos", { sizes: ["analogico"] }],
    ["termostatos", "termostatos-digitales", { sizes: ["digital"] }],
    ["termostatos", "termostatos-wifi", { sizes: ["wifi"] }],
    ["aires", "aire-acondicionado-Fujitsu", { brands: ["Fujitsu"] }],
    ["aires", "aire-acondicionado-saunier-duval", { brands: ["Saunier Duval"] }],
    ["aires", "aire-acondicionado-Mitsubishi", { brands: ["Mitsubishi"] }],
    ["aires", "aire-acondicionado-Daikin", { brands: ["Daikin"] }],
    ["aires", "40m2", { sizes: ["1-10"] }],
    ["aires", "100m2", { sizes: ["10-20"] }],
    ["aires", "180m2", { sizes: ["mas-20"] }],
    ["aerotermia", "aerotermia-Daikin", { brands: ["Daikin"] }],
    ["aerotermia", "aerotermia-saunier-duval", { brands: ["Saunier Duval"] }],
    ["aerotermia", "aerotermia-Junkers", { brands: ["Junkers"] }],
    ["aerotermia", "aerotermia-Mitsubishi", { brands: ["Mitsubishi"] }],
    ["aerotermia", "40m2", { sizes: ["40-100"] }],
    ["aerotermia", "100m2", { sizes: ["100-180"] }],
    ["aerotermia", "180m2", { sizes: ["mas-180"] }],
  ] as const)("%s/%s", (family, tipo, expected) => {
    expect(parse(family, tipo)).toEqual(state(expected as unknown as Partial<CatalogueState>));
  });

  it("an unknown or neutral tipo shows the whole family", () => {
    for (const tipo of ["calderas-condensacion", "no-existe", undefined]) {
      expect(parse("calderas", tipo)).toEqual(state());
    }
    expect(parse("aerotermia", "aerotermia-kits")).toEqual(state());
  });

  it("filters named in the query replace the preset; page and page size keep it", () => {
    expect(parse("calderas", "calderas-Baxi", "marca=Ferroli")).toEqual(state({ brands: ["Ferroli"] }));
    expect(parse("calderas", "calderas-Baxi", "pagina=2&porPagina=6")).toEqual(
      state({ brands: ["Baxi"], page: 2, pageSize: 6 }),
    );
  });
});

describe("URL parsing", () => {
  it("drops unknown brands and sizes, and counts a value once", () => {
    expect(parse("calderas", undefined, "marca=Baxi&marca=Baxi&marca=Acme&superficie=enorme").brands).toEqual(["Baxi"]);
    expect(parse("calderas", undefined, "superficie=enorme").sizes).toEqual([]);
  });

  it("page sizes 6, 9, 12 and all (100); default 9", () => {
    for (const size of [6, 9, 12, 100]) expect(parse("aires", undefined, `porPagina=${size}`).pageSize).toBe(size);
    for (const bad of ["7", "0", "x", ""]) expect(parse("aires", undefined, `porPagina=${bad}`).pageSize).toBe(9);
  });

  it("a page that is not a positive whole number is page 1", () => {
    for (const bad of ["0", "-1", "1.5", "dos"]) expect(parse("aires", undefined, `pagina=${bad}`).page).toBe(1);
  });

  it("round-trips through toSearch, leaving defaults out", () => {
    const s = state({ brands: ["Saunier Duval", "Baxi"], sizes: ["mas-180"], order: "descendente", page: 2, pageSize: 12 });
    const search = toSearch("calderas", s);
    expect(search).toBe("?marca=Saunier+Duval&marca=Baxi&superficie=mas-180&orden=descendente&porPagina=12&pagina=2");
    expect(parse("calderas", undefined, search.slice(1))).toEqual(s);
    expect(toSearch("calderas", state())).toBe("");
  });
});

describe("filter changes and chips", () => {
  it("changing a filter goes back to page 1", () => {
    expect(changeFilters(state({ page: 3 }), { brands: ["Baxi"] }).page).toBe(1);
  });

  it("one chip per filter, each removing only itself and resetting the page", () => {
    const s = state({ brands: ["Baxi", "Ferroli"], sizes: ["40-100"], order: "ascendente", page: 2 });
    const chips = filterChips("calderas", s);
    expect(chips.map((c) => c.label)).toEqual(["Baxi", "Ferroli", "40-100 m²", "Precio ascendente"]);
    expect(chips[0]!.state).toEqual({ ...s, brands: ["Ferroli"], page: 1 });
    expect(chips[2]!.state.sizes).toEqual([]);
    expect(chips[3]!.state.order).toBeNull();
  });
});

describe("pagination: filter first, then page", () => {
  const list = Array.from({ length: 20 }, (_, i) => i + 1);

  it("splits into pages of the chosen size", () => {
    expect(paginate(list, 1, 9)).toMatchObject({ items: list.slice(0, 9), pageCount: 3, total: 20, showPagination: true });
    expect(paginate(list, 3, 9).items).toEqual([19, 20]);
  });

  it("shows pagination only when the list is longer than a page", () => {
    expect(paginate(list.slice(0, 9), 1, 9).showPagination).toBe(false);
    expect(paginate(list.slice(0, 10), 1, 9).showPagination).toBe(true);
    expect(paginate(list, 1, 100).showPagination).toBe(false);
  });

  it("ignores a page outside 1..pages", () => {
    expect(paginate(list, 4, 9).page).toBe(1);
    expect(paginate(list, 0, 9).page).toBe(1);
    expect(paginate([], 1, 9)).toMatchObject({ items: [], page: 1, pageCount: 1, showPagination: false });
  });

  it("pages the filtered list, not the whole family", () => {
    const boilers = Array.from({ length: 12 }, (_, i) => product("calderas", { brand: i % 2 ? "Baxi" : "Ferroli", powerKw: 20 }));
    const filtered = filterProducts("calderas", boilers, state({ brands: ["Baxi"] }));
    expect(paginate(filtered, 1, 9)).toMatchObject({ total: 6, showPagination: false });
  });
});

describe("power window (issue 15: the sizing advisor's link)", () => {
  const air = [2, 2.5, 3.5, 4, 5].map((kw) => product("aires", { powerKw: kw }));
  const none = product("aires", { powerKw: null });

  it("reads potenciaMin and potenciaMax in kW, both ends included", () => {
    const s = parse("aires", "aires", "potenciaMin=3.4&potenciaMax=4");
    expect(s.power).toEqual({ minKw: 3.4, maxKw: 4 });
    expect(filterProducts("aires", [...air, none], s).map((p) => p.powerKw)).toEqual([3.5, 4]);
  });

  it("one end is enough; a comma is a decimal point; a bad value is dropped", () => {
    expect(parse("calderas", undefined, "potenciaMin=34,9").power).toEqual({ minKw: 34.9, maxKw: null });
    expect(parse("calderas", undefined, "potenciaMax=24").power).toEqual({ minKw: null, maxKw: 24 });
    expect(parse("calderas", undefined, "potenciaMin=mucha&potenciaMax=-1").power).toBeUndefined();
    expect(parse("calderas", undefined, "potenciaMin=1e3").power).toBeUndefined();
  });

  it("intersects with the other groups, and replaces the route's preset like any filter", () => {
    const daikin = product("aires", { brand: "Daikin", powerKw: 3.5 });
    const fujitsu = product("aires", { brand: "Fujitsu", powerKw: 3.5 });
    const s = parse("aires", "aire-acondicionado-Daikin", "potenciaMin=3&potenciaMax=4");
    expect(s.brands).toEqual([]);
    expect(ids(filterProducts("aires", [daikin, fujitsu], { ...s, brands: ["Daikin"] }))).toEqual(ids([daikin]));
  });

  it("thermostats have no power: the parameters are ignored there", () => {
    expect(parse("termostatos", undefined, "potenciaMin=1").power).toBeUndefined();
  });

  it("round-trips through toSearch; a chip removes the window and only it", () => {
    const s = state({ brands: ["Daikin"], power: { minKw: 3.4, maxKw: 4.1 }, page: 2 });
    const search = toSearch("aires", s);
    expect(search).toBe("?marca=Daikin&potenciaMin=3.4&potenciaMax=4.1&pagina=2");
    expect(parse("aires", undefined, search.slice(1))).toEqual(s);
    const chip = filterChips("aires", s).find((c) => c.label === "De 3,4 a 4,1 kW")!;
    expect(chip.state).toEqual(state({ brands: ["Daikin"] }));
    expect(filterChips("calderas", state({ power: { minKw: 35, maxKw: null } })).map((c) => c.label)).toEqual(["Desde 35 kW"]);
  });

  it("URLs without the parameters read as before", () => {
    expect(parse("aires", "100m2")).toEqual(state({ sizes: ["10-20"] }));
    expect("power" in parse("aires", undefined, "marca=Daikin")).toBe(false);
  });
});
