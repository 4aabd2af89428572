import { describe, expect, it } from "vitest";
import { gasInspectionDueOn, hasGasUnit, isGasInspectionDay } from "./gas-inspection";

describe("the five-yearly gas inspection", () => {
  it("falls five years after the last one, on the same day (29 February moves to 28)", () => {
    expect(gasInspectionDueOn("2024-03-15")).toBe("2029-03-15");
    expect(gasInspectionDueOn("2024-02-29")).toBe("2029-02-28");
    expect(gasInspectionDueOn(null)).toBeNull();
  });

  it("applies to plans with a gas boiler or water heater, not to air conditioning or heat pumps", () => {
    expect(hasGasUnit([{ equipment: "caldera-gas" }])).toBe(true);
    expect(hasGasUnit([{ equipment: "aire" }, { equipment: "calentador-gas" }])).toBe(true);
    expect(hasGasUnit([{ equipment: "bomba-de-calor" }])).toBe(false);
    expect(hasGasUnit([])).toBe(false);
  });

  it("accepts a last inspection from the last five years, never ahead of today", () => {
    expect(isGasInspectionDay("2026-11-29", "2026-11-29")).toBe(true);
    expect(isGasInspectionDay("2021-11-30", "2026-11-29")).toBe(true);
    expect(isGasInspectionDay("2021-11-29", "2026-11-29")).toBe(false);
    expect(isGasInspectionDay("2026-11-30", "2026-11-29")).toBe(false);
    expect(isGasInspectionDay("2026-02-30", "2026-11-29")).toBe(false);
    expect(isGasInspectionDay("ayer", "2026-11-29")).toBe(false);
  });
});
