import { describe, expect, it } from "vitest";
import { DOCUMENT_SERIES, documentNumber, parseDocumentNumber } from "./document-numbers";

describe("document numbers", () => {
  it("write every series the same way: letter, year, six digits", () => {
    expect(documentNumber("F", 2026, 123)).toBe("F2026-000123");
    expect(documentNumber("R", 2026, 1)).toBe("R2026-000001");
    expect(documentNumber("P", 2031, 999_999)).toBe("P2031-999999");
  });

  it("refuse a number the format cannot hold rather than write a seventh digit", () => {
    expect(() => documentNumber("F", 2026, 0)).toThrow();
    expect(() => documentNumber("F", 2026, 1_000_000)).toThrow();
    expect(() => documentNumber("R", 1999, 1)).toThrow();
    expect(() => documentNumber("P", 2026, 1.5)).toThrow();
  });

  it("read back what they write, and only in their own series", () => {
    for (const series of DOCUMENT_SERIES) {
      for (const [year, sequence] of [[2026, 1], [2030, 4567], [9999, 999_999]] as const) {
        expect(parseDocumentNumber(series, documentNumber(series, year, sequence))).toEqual({ year, sequence });
      }
    }
    expect(parseDocumentNumber("P", "F2026-000123")).toBeNull();
    expect(parseDocumentNumber("F", "F2026-000000")).toBeNull();
    expect(parseDocumentNumber("F", "F2026-12345")).toBeNull();
    expect(parseDocumentNumber("F", " F2026-000123")).toBeNull();
  });
});
