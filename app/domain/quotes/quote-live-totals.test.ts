import { describe, expect, it } from "vitest";
import { liveTotals } from "./quote-live-totals";

describe("the quote editor's running totals (issue 30)", () => {
  const fields = {
    "A-0-kind": "producto",
    "A-0-description": "Caldera",
    "A-0-quantity": "1",
    "A-0-price": "1.200,00",
    "A-1-kind": "mano_de_obra",
    "A-1-quantity": "4,5",
    "A-1-price": "40",
    "A-2-kind": "descuento",
    "A-2-quantity": "1",
    "A-2-price": "50",
    "A-3-description": "Sin precio todavía",
    "B-0-kind": "material",
    "B-0-quantity": "2",
    "B-0-price": "10,5",
    depositKind: "porcentaje",
    depositPercent: "30",
  };

  it("each option's base, VAT at 21 %, total and deposit from what is typed; an incomplete line counts as nothing", () => {
    // 1200 + 4.5 × 40 − 50 = 1330,00 € base; 279,30 € VAT; 1609,30 €; 30 %: 482,79 €.
    expect(liveTotals(fields, "A")).toEqual({ key: "A", lines: 3, baseCents: 133000, vatRate: 21, vatCents: 27930, totalCents: 160930, depositCents: 48279, reducedTotalCents: null });
    expect(liveTotals(fields, "B")).toMatchObject({ lines: 1, baseCents: 2100, totalCents: 2541, depositCents: 762 });
    expect(liveTotals(fields, "C")).toMatchObject({ lines: 0, baseCents: 0, totalCents: 0, depositCents: 0 });
  });

  it("a line marked to be removed leaves the total; a dwelling's renovation shows the total at 10 % when materials allow it", () => {
    expect(liveTotals({ ...fields, "A-0-remove": "on" }, "A")).toMatchObject({ baseCents: 13000 });
    const labour = { "A-0-kind": "mano_de_obra", "A-0-quantity": "10", "A-0-price": "40", "A-1-kind": "material", "A-1-quantity": "1", "A-1-price": "100", dwellingRenovation: "on" };
    expect(liveTotals(labour, "A")).toMatchObject({ baseCents: 50000, totalCents: 60500, reducedTotalCents: 55000 });
  });

  it("a deposit not yet complete asks nothing; a fixed one is capped at the total", () => {
    expect(liveTotals({ ...fields, depositPercent: "" }, "A").depositCents).toBe(0);
    expect(liveTotals({ ...fields, depositKind: "importe", depositAmount: "5000" }, "B").depositCents).toBe(2541);
  });
});
