import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QuoteAlternative, QuoteDocument, QuoteLine } from "./quote-content";
import { depositCents } from "./quote-deposit";
import { quoteDocumentText } from "./quote-document-text";
import { isExpired, validUntilOf } from "./quote-expiry";
import { parseQuantity, quantity } from "./quote-format";
import { isQuoteNumber, parseQuoteNumber, quoteNumber } from "./quote-number";
import { alternativeTotals, chargedTotals, lineBaseCents } from "./quote-totals";
import { acceptedVatRate, materialsWithinLimit, reducedVatPossible, vatRateFor } from "./quote-vat";

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  kind: "material",
  productId: null,
  description: "Tubo de cobre",
  quality: "",
  quantityMilli: 1000,
  unit: "ud",
  unitCents: 10000,
  used: false,
  ...over,
});

describe("quote numbers", () => {
  it("P, the year and six digits; read back", () => {
    expect(quoteNumber(2026, 123)).toBe("P2026-000123");
    expect(parseQuoteNumber("P2026-000123")).toEqual({ year: 2026, sequence: 123 });
    expect(isQuoteNumber("P2026-000000")).toBe(false);
    expect(isQuoteNumber("F2026-000001")).toBe(false);
    expect(() => quoteNumber(2026, 0)).toThrow();
  });
  it("round-trips every number", () => {
    fc.assert(fc.property(fc.integer({ min: 2000, max: 9999 }), fc.integer({ min: 1, max: 999_999 }), (y, n) => {
      expect(parseQuoteNumber(quoteNumber(y, n))).toEqual({ year: y, sequence: n });
    }));
  });
});

describe("line amounts", () => {
  it("round(quantityMilli * unitCents / 1000)", () => {
    expect(lineBaseCents({ quantityMilli: 1500, unitCents: 3333 })).toBe(5000); // 4999,5 -> 5000
    expect(lineBaseCents({ quantityMilli: 1000, unitCents: 12345 })).toBe(12345);
    expect(lineBaseCents({ quantityMilli: 333, unitCents: 1 })).toBe(0);
    expect(lineBaseCents({ quantityMilli: 500, unitCents: 1 })).toBe(1);
  });
  it("matches Math.round on exact integers for any quantity and price", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (q, p) => {
      const exact = (BigInt(q) * BigInt(p) * 2n + 1000n) / 2000n;
      expect(lineBaseCents({ quantityMilli: q, unitCents: p })).toBe(Number(exact));
    }));
  });
});

describe("alternative totals", () => {
  const alternative = (lines: QuoteLine[]): QuoteAlternative => ({ key: "A", title: "", lines });
  it("discounts subtract; VAT and total; materials are products and typed materials", () => {
    const totals = alternativeTotals(
      alternative([
        line({ kind: "producto", productId: 3, unitCents: 100000 }),
        line({ kind: "mano_de_obra", quantityMilli: 4000, unitCents: 4500, unit: "h" }),
        line({ kind: "servicio", unitCents: 20000 }),
        line({ kind: "descuento", unitCents: 8000 }),
      ]),
      false,
    );
    expect(totals.baseCents).toBe(100000 + 18000 + 20000 - 8000);
    expect(totals.materialsCents).toBe(100000);
    expect(totals.standard.taxes).toEqual([{ rate: 21, baseCents: 130000, vatCents: 27300 }]);
    expect(totals.standard.totalCents).toBe(157300);
    expect(totals.reduced).toBeNull();
  });
  it("offers the 10 % total next to the 21 % one when the materials pass", () => {
    const totals = alternativeTotals(alternative([line({ unitCents: 4000 }), line({ kind: "mano_de_obra", unitCents: 6000 })]), true);
    expect(totals.reducedPossible).toBe(true);
    expect(totals.materialsShareBasis).toBe(4000);
    expect(totals.reduced?.totalCents).toBe(11000);
    expect(chargedTotals(totals, false)).toMatchObject({ rate: 21, totalCents: 12100 });
    expect(chargedTotals(totals, true)).toMatchObject({ rate: 10, totalCents: 11000 });
  });
  it("the total is always base + VAT, and VAT is 21 % of the base to the cent", () => {
    const lines = fc.array(
      fc.record({
        kind: fc.constantFrom("producto", "servicio", "mano_de_obra", "material") as fc.Arbitrary<QuoteLine["kind"]>,
        quantityMilli: fc.integer({ min: 1, max: 100_000 }),
        unitCents: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(fc.property(lines, (typed) => {
      const totals = alternativeTotals(alternative(typed.map((t) => line(t))), true);
      const tax = totals.standard.taxes[0]!;
      expect(totals.standard.totalCents).toBe(totals.baseCents + tax.vatCents);
      expect(Math.abs(tax.vatCents * 100 - totals.baseCents * 21)).toBeLessThanOrEqual(50);
      expect(totals.materialsCents).toBeLessThanOrEqual(totals.baseCents);
    }));
  });
});

describe("the 10 % VAT (art. 91.Uno.2.10º LIVA)", () => {
  it("materials at exactly 40,00 % of the base pass; one cent over does not", () => {
    expect(materialsWithinLimit(40000, 100000)).toBe(true);
    expect(materialsWithinLimit(40001, 100000)).toBe(false);
    expect(materialsWithinLimit(2, 5)).toBe(true);
    expect(materialsWithinLimit(3, 5)).toBe(false);
  });
  it("a zero (or negative) base never gets 10 %", () => {
    expect(materialsWithinLimit(0, 0)).toBe(false);
    expect(reducedVatPossible({ dwellingRenovation: true, materialsCents: 0, baseCents: 0 })).toBe(false);
    expect(reducedVatPossible({ dwellingRenovation: true, materialsCents: 0, baseCents: -100 })).toBe(false);
  });
  const rateOf = (input: { dwellingRenovation: boolean; materialsCents: number; baseCents: number; customerConfirmed: boolean }) =>
    vatRateFor({ reducedPossible: reducedVatPossible(input), customerConfirmed: input.customerConfirmed });
  it("only dwelling renovation, only with the customer's confirmation", () => {
    const pass = { materialsCents: 100, baseCents: 1000 };
    expect(rateOf({ ...pass, dwellingRenovation: true, customerConfirmed: true })).toBe(10);
    expect(rateOf({ ...pass, dwellingRenovation: true, customerConfirmed: false })).toBe(21);
    expect(rateOf({ ...pass, dwellingRenovation: false, customerConfirmed: true })).toBe(21);
    expect(rateOf({ materialsCents: 401, baseCents: 1000, dwellingRenovation: true, customerConfirmed: true })).toBe(21);
  });
  it("never grants 10 % when materials are over 40 %, whatever the amounts", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (m, b) => {
      if (rateOf({ dwellingRenovation: true, materialsCents: m, baseCents: b, customerConfirmed: true }) === 10) expect(m / b).toBeLessThanOrEqual(0.4);
    }));
  });
  it("a stored acceptance is at 10 % exactly when it was granted (the flag is written from the rate)", () => {
    expect(acceptedVatRate(true)).toBe(10);
    expect(acceptedVatRate(false)).toBe(21);
  });
});

describe("the deposit", () => {
  it("a percentage rounded to the cent, an amount, never above the total", () => {
    expect(depositCents({ kind: "porcentaje", percent: 30 }, 157300)).toBe(47190);
    expect(depositCents({ kind: "porcentaje", percent: 30 }, 1001)).toBe(300); // 300,3
    expect(depositCents({ kind: "porcentaje", percent: 30 }, 1005)).toBe(302); // 301,5
    expect(depositCents({ kind: "importe", cents: 50000 }, 30000)).toBe(30000);
    expect(depositCents({ kind: "importe", cents: 20000 }, 30000)).toBe(20000);
    expect(depositCents({ kind: "ninguno" }, 30000)).toBe(0);
    expect(depositCents({ kind: "porcentaje", percent: 100 }, 0)).toBe(0);
  });
  it("is between 0 and the total", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 1e9 }), (p, t) => {
      const d = depositCents({ kind: "porcentaje", percent: p }, t);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(t);
    }));
  });
});

describe("validity (Madrid days, inclusive)", () => {
  it("valid through the last day at 23:59 Madrid, expired at 00:00", () => {
    expect(validUntilOf("2026-03-01", 30)).toBe("2026-03-31");
    // 31 March 23:59 in Madrid (summer time: UTC+2) is 21:59 UTC.
    expect(isExpired("2026-03-31", new Date("2026-03-31T21:59:00Z"))).toBe(false);
    expect(isExpired("2026-03-31", new Date("2026-03-31T22:00:00Z"))).toBe(true);
    // Winter: 23:30 on 15 January in Madrid is 22:30 UTC, still that day.
    expect(isExpired("2027-01-15", new Date("2027-01-15T22:30:00Z"))).toBe(false);
    expect(isExpired("2027-01-15", new Date("2027-01-15T23:00:00Z"))).toBe(true);
    expect(isExpired(null, new Date())).toBe(false);
  });
});

describe("Spanish amounts", () => {
  it("formats and reads quantities (amounts: money.test.ts)", () => {
    expect(quantity(1500)).toBe("1,5");
    expect(quantity(2000)).toBe("2");
    expect(parseQuantity("1,5")).toBe(1500);
    expect(parseQuantity("0,0001")).toBeNull();
  });
});

describe("the canonical text", () => {
  const doc: QuoteDocument = {
    number: "P2026-000001",
    version: 1,
    issuedOn: "2026-11-26",
    validUntil: "2026-12-26",
    seller: { legalName: "Termoclima Madrid S.L.", nif: "B12345674", address: "Calle de Alcalá 100, 28009 Madrid", phone: "912 345 678", email: "info@termoclima.example", industrialRegistry: "28-EI-1234" },
    customer: { name: "Ana Pérez", nif: "", email: "ana@example.com", phone: "600 000 000", address: "Calle Mayor 1", postcode: "28013", town: "Madrid", province: "Madrid" },
    workPlace: { address: "Calle Mayor 1", postcode: "28013", town: "Madrid", province: "Madrid" },
    description: "Cambio de caldera",
    alternatives: [{ key: "A", title: "Caldera X", lines: [line({ used: true, quality: "cobre 18 mm" })] }],
    startOn: null,
    endOn: null,
    guarantee: "2 años",
    validityDays: 30,
    deposit: { kind: "porcentaje", percent: 30 },
    dwellingRenovation: true,
    notes: "",
  };
  it("is the same for the same facts, whatever the order of the keys", () => {
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(doc).reverse()))) as QuoteDocument;
    expect(quoteDocumentText(reordered)).toBe(quoteDocumentText(doc));
  });
  it("carries every required item and changes with any of them", () => {
    const text = quoteDocumentText(doc);
    for (const fact of ["P2026-000001", "B12345674", "28-EI-1234", "Ana Pérez", "Calle Mayor 1", "cobre 18 mm", "100,00 €", "26/12/2026", "2 años", "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS", "Autoriza a la utilización de materiales usados"]) {
      expect(text).toContain(fact);
    }
    expect(quoteDocumentText({ ...doc, guarantee: "3 años" })).not.toBe(text);
  });
});
