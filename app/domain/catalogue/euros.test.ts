import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToInput, parseDecimal } from "./euros";

describe("parseDecimal", () => {
  it("reads a comma or a dot; refuses the rest", () => {
    expect(parseDecimal("11,5")).toBe(11.5);
    expect(parseDecimal(" 2.5 ")).toBe(2.5);
    expect(parseDecimal("24")).toBe(24);
    for (const bad of ["", "-1", "1,2,3", "abc", "1e3", "1.000,5"]) expect(parseDecimal(bad)).toBeNull();
  });

  it("round-trips through the field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (tenths) => {
        const value = tenths / 10;
        expect(parseDecimal(decimalToInput(value))).toBe(value);
      }),
    );
  });
});
