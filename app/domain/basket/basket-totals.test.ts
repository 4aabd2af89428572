import { describe, expect, it } from "vitest";
import { basketTotals, hasProblems, hasServiceLines, lineShippingCents, type PricedLine } from "./basket-totals";

const line = (priceCents: number, shippingCents: number, problem: PricedLine["problem"] = null) => ({
  priceCents,
  shippingCents,
  problem,
});

describe("shipping per line (spec section 9)", () => {
  it("19.95 for each boiler, air conditioner or aerothermal unit, 7.95 for thermostats", () => {
    expect(lineShippingCents("product", "calderas")).toBe(1995);
    expect(lineShippingCents("product", "aires")).toBe(1995);
    expect(lineShippingCents("product", "aerotermia")).toBe(1995);
    expect(lineShippingCents("product", "termostatos")).toBe(795);
  });

  it("nothing for installation and maintenance lines", () => {
    expect(lineShippingCents("installation", "calderas")).toBe(0);
    expect(lineShippingCents("maintenance", "aires")).toBe(0);
    expect(lineShippingCents("installation", "termostatos")).toBe(0);
  });
});

describe("basket totals", () => {
  it("adds lines and shipping; the total without VAT is total / 1.21, rounded to the cent", () => {
    // A boiler with installation and maintenance, and a thermostat.
    const totals = basketTotals([line(149500, 1995), line(30200, 0), line(8500, 0), line(4900, 795)]);
    expect(totals.linesCents).toBe(193100);
    expect(totals.shippingCents).toBe(2790);
    expect(totals.totalCents).toBe(195890);
    // 1958.90 / 1.21 = 1618.925... -> 1618.93
    expect(totals.withoutVatCents).toBe(161893);
    expect(totals.vatCents).toBe(195890 - 161893);
  });

  it("rounds half up and down as arithmetic says", () => {
    expect(basketTotals([line(100, 0)]).withoutVatCents).toBe(83); // 0.8264 -> 0.83
    expect(basketTotals([line(12100, 0)]).withoutVatCents).toBe(10000); // exact
    expect(basketTotals([line(795, 0)]).withoutVatCents).toBe(657); // 6.5702 -> 6.57
    expect(basketTotals([line(1995, 0)]).withoutVatCents).toBe(1649); // 16.4876 -> 16.49
  });

  it("is zero for an empty basket", () => {
    expect(basketTotals([])).toEqual({ linesCents: 0, shippingCents: 0, totalCents: 0, withoutVatCents: 0, vatCents: 0 });
  });

  it("leaves flagged lines out and reports them", () => {
    const flagged = line(149500, 1995, { kind: "sold-out", message: "Agotado" });
    const totals = basketTotals([flagged, line(4900, 795)]);
    expect(totals.totalCents).toBe(5695);
    expect(hasProblems([flagged])).toBe(true);
    expect(hasProblems([line(1, 0)])).toBe(false);
  });
});

describe("the shipping address limited to the service area", () => {
  it("when an installation or maintenance line is in the basket", () => {
    expect(hasServiceLines([{ familia: "calderas" }, { familia: "instalaciones" }])).toBe(true);
    expect(hasServiceLines([{ familia: "mantenimientos" }])).toBe(true);
    expect(hasServiceLines([{ familia: "calderas" }, { familia: "termostatos" }])).toBe(false);
    expect(hasServiceLines([])).toBe(false);
  });
});
