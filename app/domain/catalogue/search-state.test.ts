import { describe, expect, it } from "vitest";
import { changeSearch, cleanQueryText, parseSearchState, searchBrands, searchChips, searchHref } from "./search-state";

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe("the search page's URL", () => {
  it("reads the query, the catalogue's parameters and a family; drops what it does not know", () => {
    expect(parse("q=daikin&familia=aires&marca=Daikin&marca=Baxi&orden=ascendente&porPagina=12&pagina=2")).toEqual({
      q: "daikin",
      family: "aires",
      // Baxi makes no air conditioners.
      brands: ["Daikin"],
      order: "ascendente",
      page: 2,
      pageSize: 12,
    });
    expect(parse("q=%20%20&familia=neveras&marca=Nadie&orden=x&porPagina=7&pagina=-1")).toEqual({
      q: "",
      family: null,
      brands: [],
      order: null,
      page: 1,
      pageSize: 9,
    });
    expect(parse("marca=Baxi&marca=Baxi").brands).toEqual(["Baxi"]);
  });

  it("writes the state back, page 1 and the default size left out, and any filter change returns to page 1", () => {
    const state = parse("q=aire 3000 fg&familia=aires&marca=Daikin&pagina=3");
    expect(searchHref(state)).toBe("/buscar?q=aire+3000+fg&familia=aires&marca=Daikin&pagina=3");
    expect(parse(searchHref(state).split("?")[1]!)).toEqual(state);
    expect(changeSearch(state, { order: "descendente" }).page).toBe(1);
    expect(searchHref(parse("q=x"))).toBe("/buscar?q=x");
  });

  it("offers chips that each remove one filter (the family takes its brands with it)", () => {
    const chips = searchChips(parse("q=x&familia=aires&marca=Daikin&orden=descendente"));
    expect(chips.map((chip) => [chip.label, searchHref(chip.state)])).toEqual([
      ["Aires acondicionados", "/buscar?q=x&orden=descendente"],
      ["Daikin", "/buscar?q=x&familia=aires&orden=descendente"],
      ["Precio descendente", "/buscar?q=x&familia=aires&marca=Daikin"],
    ]);
  });

  it("lists each family's brands once", () => {
    expect(searchBrands(["calderas", "termostatos"])).toEqual(["Hermann", "Saunier Duval", "Ferroli", "Intergas", "Baxi", "Honeywell", "Orkli"]);
    expect(cleanQueryText("\tcaldera\u0000 baxi\n")).toBe("caldera baxi");
  });
});
