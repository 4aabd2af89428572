import { describe, expect, it } from "vitest";
import { buysAsConsumer, warrantyEnds } from "./warranty";

describe("warranty ends of an installed unit", () => {
  it("gives 6 months on labour, 2 years on parts and 3 years of legal guarantee to a consumer", () => {
    expect(warrantyEnds("2026-12-03", "12345678Z")).toEqual({ labourWarrantyUntil: "2027-06-03", partsWarrantyUntil: "2028-12-03", legalGuaranteeUntil: "2029-12-03" });
  });
  it("clamps to the month's end", () => {
    expect(warrantyEnds("2026-08-31", "12345678Z").labourWarrantyUntil).toBe("2027-02-28");
    expect(warrantyEnds("2027-08-31", "12345678Z").labourWarrantyUntil).toBe("2028-02-29");
  });
  it("gives a company (CIF) no consumer guarantee", () => {
    expect(buysAsConsumer("B12345674")).toBe(false);
    expect(warrantyEnds("2026-12-03", "B12345674").legalGuaranteeUntil).toBeNull();
    expect(buysAsConsumer("X1234567L")).toBe(true);
    expect(buysAsConsumer("")).toBe(true);
  });
});
