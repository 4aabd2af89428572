import { describe, expect, it } from "vitest";
import { filtersQuery, hasFilters, parseOrderFilters, prefixQuery } from "./order-filters";

const parse = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe("parseOrderFilters", () => {
  it("reads every filter of the URL", () => {
    expect(parse("estado=Pagado&pago=transferencia&desde=2026-03-01&hasta=2026-03-31&q=+garc%C3%ADa+&pagina=3")).toEqual({
      status: "Pagado",
      payMethod: "transferencia",
      from: "2026-03-01",
      to: "2026-03-31",
      text: "garcía",
      page: 3,
    });
  });

  it("reads the status with its accent and spaces", () => {
    expect(parse(`estado=${encodeURIComponent("Instalación programada")}`).status).toBe("Instalación programada");
  });

  it("ignores what it does not know instead of failing: no filter, first page", () => {
    expect(parse("estado=Perdido&pago=efectivo&desde=2026-02-30&hasta=ayer&pagina=-2")).toEqual({ text: "", page: 1 });
    expect(parse("pagina=abc").page).toBe(1);
    expect(parse("pagina=2.5").page).toBe(1);
    expect(parse("estado=&pago=&desde=&hasta=&q=").status).toBeUndefined();
  });

  it("cuts a very long search to 100 characters", () => {
    expect(parse(`q=${"a".repeat(300)}`).text).toHaveLength(100);
  });
});

describe("filtersQuery", () => {
  it("writes the filters back, and the page only past the first", () => {
    const filters = parse("estado=Pagado&q=ana lópez&pagina=4");
    expect(filtersQuery(filters)).toBe("?estado=Pagado&q=ana+l%C3%B3pez");
    expect(filtersQuery(filters, 2)).toBe("?estado=Pagado&q=ana+l%C3%B3pez&pagina=2");
    expect(parseOrderFilters(new URLSearchParams(filtersQuery(filters, 2)))).toEqual({ ...filters, page: 2 });
  });

  it("is empty with no filter", () => {
    expect(filtersQuery(parse(""))).toBe("");
    expect(hasFilters(parse("pagina=3"))).toBe(false);
    expect(hasFilters(parse("pago=bizum"))).toBe(true);
  });
});

describe("prefixQuery", () => {
  it("makes each word a required prefix, in lower case, accents folded", () => {
    expect(prefixQuery("García 1234")).toBe("'garcia':* & '1234':*");
  });

  it("quotes what the query language would read as syntax", () => {
    expect(prefixQuery("o'brien a&b|!c (x) <-> y:*")).toBe("'o''brien':* & 'a&b|!c':* & '(x)':* & 'y:*':*");
    expect(prefixQuery("a\\'b")).toBe("'a''b':*");
  });

  it("skips words without letters or digits, and is null when nothing is left", () => {
    expect(prefixQuery("  - & ' ")).toBeNull();
    expect(prefixQuery("")).toBeNull();
    expect(prefixQuery("- ana")).toBe("'ana':*");
  });
});
