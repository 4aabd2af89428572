import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToEurosInput, decimalToInput, MAX_EUROS_CENTS, parseDecimal, parseEurosToCents } from "./euros";

const cents = fc.integer({ min: 0, max: MAX_EUROS_CENTS });

/** How a Spanish spreadsheet or person writes it: "1.234,56". */
const spanish = (value: number) =>
  new Intl.NumberFormat("es-ES", { minimumFractionDigits: 2, useGrouping: "always" }).format(value / 100);
/** How a plain program writes it: "1234.56". */
const plain = (value: number) => (value / 100).toFixed(2);

describe("parseEurosToCents", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234.56", 123456],
    ["1 234,56", 123456],
    ["1234", 123400],
    ["1.234", 123400],
    ["12,5", 1250],
    ["12.5", 1250],
    ["0,99", 99],
    ["  1.195,00 € ", 119500],
    ["€ 20", 2000],
    ["123.456,78", 12345678],
  ])("reads %j as %d cents", (text, expected) => {
    expect(parseEurosToCents(text)).toBe(expected);
  });

  it.each(["", " ", "abc", "-12,00", "12,345", "1,234,56", "1,234.56", "1.2345", ",50", "12,", "1..234", "1.23.456", "1e3", "0x10", "Infinity", "12 , 50", "1.234 567"])(
    "refuses %j",
    (text) => {
      expect(parseEurosToCents(text)).toBeNull();
    },
  );

  it("refuses amounts beyond what the column holds", () => {
    expect(parseEurosToCents("999999,99")).toBe(99_999_999);
    expect(parseEurosToCents("1000000")).toBeNull();
    expect(parseEurosToCents("99999999999999999999")).toBeNull();
  });

  it("reads back every amount written the Spanish way, the plain way and as the form shows it", () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(parseEurosToCents(spanish(value))).toBe(value);
        expect(parseEurosToCents(plain(value))).toBe(value);
        expect(parseEurosToCents(centsToEurosInput(value))).toBe(value);
      }),
    );
  });

  it("answers null or whole, non-negative cents for any text at all", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const result = parseEurosToCents(text);
        expect(result === null || (Number.isSafeInteger(result) && result >= 0 && result <= MAX_EUROS_CENTS)).toBe(true);
      }),
    );
  });

  it("never reads more than two decimals", () => {
    fc.assert(
      fc.property(fc.nat(99999), fc.integer({ min: 100, max: 999 }), fc.constantFrom(",", "."), (whole, three, sep) => {
        // "12,345" would be a third decimal (refused); "12.345" is a thousands group (12 345 €).
        const result = parseEurosToCents(`${whole}${sep}${three}`);
        if (sep === ",") expect(result).toBeNull();
        else expect(result).toBe(whole < 1000 ? (whole * 1000 + three) * 100 : null);
      }),
    );
  });
});

describe("centsToEurosInput", () => {
  it("writes cents with a decimal comma and no grouping", () => {
    expect(centsToEurosInput(123456)).toBe("1234,56");
    expect(centsToEurosInput(5)).toBe("0,05");
    expect(centsToEurosInput(null)).toBe("");
  });
});

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
