import { describe, expect, it } from "vitest";
import { phoneDigits, searchKindOf, searchTerms } from "./search-terms";

const terms = (typed: string) => {
  const parsed = searchTerms(typed);
  return parsed.ok ? parsed.terms : parsed.error;
};

describe("what the owner types, made into the one search's terms (issue 30)", () => {
  it("a phone however typed is its nine digits", () => {
    for (const typed of ["600 12 34 56", "600123456", "+34 600-12-34-56", "0034 600 123 456", "(+34) 600.123.456", "34600123456"]) {
      expect(terms(typed)).toEqual(["600123456"]);
    }
    expect(phoneDigits("+44 20 7946 0958")).toBe("442079460958");
    // A piece of a number is still a term: the last digits the owner remembers.
    expect(terms("34 56")).toEqual(["3456"]);
  });

  it("words lower case without accents; a word with digits loses its dashes, dots and slashes", () => {
    expect(terms("  Núñez  GARCÍA ")).toEqual(["nunez", "garcia"]);
    expect(terms("12345678-Z")).toEqual(["12345678z"]);
    expect(terms("F2026-000123")).toEqual(["f2026000123"]);
    expect(terms("2103-281126")).toEqual(["2103281126"]);
    expect(terms("B-12.345.678")).toEqual(["b12345678"]);
  });

  it("an e-mail stays whole, commas and quotes around words go", () => {
    expect(terms("lucia.perez2@example.com")).toEqual(["lucia.perez2@example.com"]);
    expect(terms("«García», Madrid.")).toEqual(["garcia", "madrid"]);
  });

  it("words under three characters are left out, and repeated words counted once", () => {
    expect(terms("calle de la paz 12")).toEqual(["calle", "paz"]);
    expect(terms("ana ana")).toEqual(["ana"]);
  });

  it("nothing to look for: a Spanish message", () => {
    expect(terms("   ")).toMatch(/^Escriba lo que busca/);
    expect(terms("de la")).toBe("Escriba al menos tres letras o cifras seguidas.");
    expect(terms("%%%")).toBe("Escriba al menos tres letras o cifras seguidas.");
    expect(terms("12")).toBe("Escriba al menos tres letras o cifras seguidas.");
  });

  it("the kind of ?tipo=, or every kind", () => {
    expect(searchKindOf("facturas")).toBe("facturas");
    expect(searchKindOf("nada")).toBeNull();
    expect(searchKindOf(null)).toBeNull();
  });
});
