import { describe, expect, it } from "vitest";
import { invoiceFiltersQuery, monthOf, parseInvoiceFilters } from "./invoice-filters";

const parse = (query: string, now = new Date("2026-11-23T10:00:00Z")) => parseInvoiceFilters(new URLSearchParams(query), now);

describe("invoice list filters", () => {
  it("shows the current month in Madrid by default", () => {
    expect(parse("")).toEqual({ ok: true, filters: { from: "2026-11-01", to: "2026-11-30", series: undefined, page: 1 } });
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(parse("", new Date("2026-12-31T23:30:00Z"))).toMatchObject({ filters: { from: "2027-01-01", to: "2027-01-31" } });
    expect(parse("desde=&hasta=&serie=&pagina=")).toMatchObject({ ok: true, filters: { from: "2026-11-01", to: "2026-11-30", page: 1 } });
  });

  it("knows how long each month is", () => {
    expect(monthOf("2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-02-28")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthOf("2026-12-05")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("takes a period, a series and a page", () => {
    expect(parse("desde=2026-01-01&hasta=2026-03-31&serie=r&pagina=3")).toEqual({
      ok: true,
      filters: { from: "2026-01-01", to: "2026-03-31", series: "R", page: 3 },
    });
    expect(parse("desde=2026-11-23&hasta=2026-11-23")).toMatchObject({ ok: true, filters: { from: "2026-11-23", to: "2026-11-23" } });
  });

  it("refuses what it does not understand, in Spanish", () => {
    for (const query of ["desde=2026-02-30", "hasta=ayer", "desde=2026-12-01&hasta=2026-11-01", "serie=X", "pagina=0", "pagina=-1", "pagina=dos", "pagina=99999999"]) {
      const parsed = parse(query);
      expect(parsed.ok, query).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/^(La|El) /);
    }
  });

  it("writes the view back as a query string", () => {
    const filters = { from: "2026-01-01", to: "2026-03-31", series: "F" as const, page: 1 };
    expect(invoiceFiltersQuery(filters)).toBe("?desde=2026-01-01&hasta=2026-03-31&serie=F");
    expect(invoiceFiltersQuery({ ...filters, series: undefined }, 2)).toBe("?desde=2026-01-01&hasta=2026-03-31&pagina=2");
    const again = parse(invoiceFiltersQuery(filters, 2).slice(1));
    expect(again).toEqual({ ok: true, filters: { ...filters, page: 2 } });
  });
});
