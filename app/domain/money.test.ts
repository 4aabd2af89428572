import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalEuros,
  decimalEuros,
  divideToCents,
  dotDecimalEuros,
  formatEuros,
  MAX_EUROS_CENTS,
  parseEuros,
  splitInclusive,
  territoryName,
  territoryOfPostcode,
  vatOfBase,
  withoutVatCents,
  withVat,
} from "./money";

const NBSP = "\u00a0";
/** The reference: what Intl prints for Spain with grouping from four digits (decision 0021). */
const intlEuros = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" } as Intl.NumberFormatOptions);
const amounts = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });

describe("formatEuros: what people read", () => {
  it("groups from four digits, with a decimal comma and the sign after a non-breaking space", () => {
    expect(formatEuros(123456)).toBe(`1.234,56${NBSP}€`);
    expect(formatEuros(1234567)).toBe(`12.345,67${NBSP}€`);
    expect(formatEuros(123456789)).toBe(`1.234.567,89${NBSP}€`);
    expect(formatEuros(99999)).toBe(`999,99${NBSP}€`);
    expect(formatEuros(5)).toBe(`0,05${NBSP}€`);
    expect(formatEuros(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(-500)).toBe(`-5,00${NBSP}€`);
    expect(formatEuros(-123456)).toBe(`-1.234,56${NBSP}€`);
  });

  it("prints exactly what Intl es-ES with useGrouping 'always' prints, for any amount", () => {
    fc.assert(
      fc.property(amounts, (cents) => {
        if (cents === 0) return; // Intl would print "-0,00 €" for -0; we never do.
        expect(formatEuros(cents)).toBe(intlEuros.format(cents / 100));
      }),
    );
  });

  it("differs from es-ES's default only by grouping four-digit amounts (the shop printed 1234,56 € before)", () => {
    const byDefault = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" });
    expect(byDefault.format(1234.56)).toBe(`1234,56${NBSP}€`);
    expect(byDefault.format(12345.67)).toBe(formatEuros(1234567));
  });
});

describe("the other ways an amount is written", () => {
  it("a signed canonical text keeps the ordinary space its stored hashes were made with", () => {
    expect(canonicalEuros(123456)).toBe("1.234,56 €");
    expect(canonicalEuros(-500)).toBe("-5,00 €");
    fc.assert(
      fc.property(amounts, (cents) => {
        expect(canonicalEuros(cents)).toBe(formatEuros(cents).replace(NBSP, " "));
      }),
    );
  });

  it("a spreadsheet cell or a form field: decimal comma, no grouping, no sign; null is empty", () => {
    expect(decimalEuros(123456)).toBe("1234,56");
    expect(decimalEuros(5)).toBe("0,05");
    expect(decimalEuros(-1995)).toBe("-19,95");
    expect(decimalEuros(null)).toBe("");
  });

  it("a machine: a dot and two decimals", () => {
    expect(dotDecimalEuros(123450)).toBe("1234.50");
    expect(dotDecimalEuros(-1210)).toBe("-12.10");
    expect(dotDecimalEuros(-5)).toBe("-0.05");
    expect(dotDecimalEuros(0)).toBe("0.00");
  });
});

describe("parseEuros: amounts people type", () => {
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
    expect(parseEuros(text)).toBe(expected);
  });

  it.each(["", " ", "abc", "-12,00", "12,345", "1,234,56", "1,234.56", "1.2345", ",50", "12,", "1..234", "1.23.456", "1.23.4,5", "1e3", "0x10", "Infinity", "12 , 50", "1.234 567"])(
    "refuses %j",
    (text) => {
      expect(parseEuros(text)).toBeNull();
    },
  );

  it("refuses amounts beyond what the column holds", () => {
    expect(parseEuros("999999,99")).toBe(99_999_999);
    expect(parseEuros("1000000")).toBeNull();
    expect(parseEuros("99999999999999999999")).toBeNull();
  });

  it("reads back every amount as people, programs, fields and pages write it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_EUROS_CENTS }), (value) => {
        expect(parseEuros(formatEuros(value))).toBe(value);
        expect(parseEuros(canonicalEuros(value))).toBe(value);
        expect(parseEuros(dotDecimalEuros(value))).toBe(value);
        expect(parseEuros(decimalEuros(value))).toBe(value);
      }),
    );
  });

  it("answers null or whole, non-negative cents for any text at all", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const result = parseEuros(text);
        expect(result === null || (Number.isSafeInteger(result) && result >= 0 && result <= MAX_EUROS_CENTS)).toBe(true);
      }),
    );
  });

  it("never reads more than two decimals", () => {
    fc.assert(
      fc.property(fc.nat(99999), fc.integer({ min: 100, max: 999 }), fc.constantFrom(",", "."), (whole, three, sep) => {
        // "12,345" would be a third decimal (refused); "12.345" is a thousands group (12 345 €).
        const result = parseEuros(`${whole}${sep}${three}`);
        if (sep === ",") expect(result).toBeNull();
        else expect(result).toBe(whole < 1000 ? (whole * 1000 + three) * 100 : null);
      }),
    );
  });
});

describe("rounding to the cent", () => {
  it("halves go away from zero, so a negative amount mirrors the positive one", () => {
    expect(divideToCents(1050, 100)).toBe(11);
    expect(divideToCents(-1050, 100)).toBe(-11);
    expect(divideToCents(1049, 100)).toBe(10);
    expect(divideToCents(-1049, 100)).toBe(-10);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1000 }), (n, d) => {
        expect(divideToCents(-n, d) + divideToCents(n, d)).toBe(0);
      }),
    );
  });

  it("is the nearest whole number, exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1000 }), (n, d) => {
        const result = divideToCents(n, d);
        expect(Math.abs(result * d - n) * 2).toBeLessThanOrEqual(d);
      }),
    );
  });
});

describe("base and VAT", () => {
  it("a price with 21 % VAT: base to the cent, VAT the rest", () => {
    expect(withoutVatCents(121)).toBe(100);
    expect(withoutVatCents(195890)).toBe(161893); // 1.958,90 / 1,21 = 1.618,925... -> 1.618,93
    expect(splitInclusive(36_300, 21)).toEqual({ baseCents: 30_000, vatCents: 6_300 });
    expect(splitInclusive(33_333, 10)).toEqual({ baseCents: 30_303, vatCents: 3_030 });
    expect(splitInclusive(-4900)).toEqual({ baseCents: -4050, vatCents: -850 });
  });

  it("base and VAT always add up to the price, and the base is the price / (1 + rate) within half a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.constantFrom(21, 10), (price, rate) => {
        const { baseCents, vatCents } = splitInclusive(price, rate);
        expect(baseCents + vatCents).toBe(price);
        expect(Math.abs(baseCents * (100 + rate) - price * 100)).toBeLessThanOrEqual((100 + rate) / 2);
      }),
    );
  });

  it("the VAT of a base, and the total", () => {
    expect(vatOfBase(130000, 21)).toBe(27300);
    expect(vatOfBase(50, 21)).toBe(11); // 10,5 cents
    expect(vatOfBase(-50, 21)).toBe(-11); // the mirror (Math.round gave -10)
    expect(withVat(70_000, 21)).toEqual({ vatCents: 14_700, totalCents: 84_700 });
  });
});

describe("where Spanish VAT applies (decision 0009)", () => {
  it("by the delivery postcode, and how a sentence names it", () => {
    expect(["35001", "38600", "51001", "52006", "28009", "07001", " 35017 "].map(territoryOfPostcode)).toEqual([
      "canarias",
      "canarias",
      "ceuta",
      "melilla",
      "peninsula-baleares",
      "peninsula-baleares",
      "canarias",
    ]);
    expect(territoryName("canarias")).toBe("Canarias");
    expect(territoryName("peninsula-baleares")).toBe("la Península y Baleares");
  });
});
