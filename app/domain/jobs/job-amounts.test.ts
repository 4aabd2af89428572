import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QuoteAlternative, QuoteLine } from "../quotes/quote-content";
import { splitInclusive } from "../money";
import { EXTRAS_BREAK_REDUCED_VAT, finalBalance, jobAmounts } from "./job-amounts";
import type { ExtraWorkLine } from "./work-report-content";

const line = (kind: QuoteLine["kind"], unitCents: number, quantityMilli = 1000, description = "Línea"): QuoteLine => ({
  kind,
  productId: kind === "producto" ? 7 : null,
  description,
  quality: "",
  quantityMilli,
  unit: kind === "mano_de_obra" ? "h" : "ud",
  unitCents,
  used: false,
});

const extra = (kind: "mano_de_obra" | "material", unitCents: number, quantityMilli = 1000): ExtraWorkLine => ({
  ...line(kind, unitCents, quantityMilli, kind === "material" ? "Tubo de cobre 15 mm" : "Hora de oficial"),
  kind,
  productId: null,
  used: false,
});

/** A boiler replacement: 400 € of materials and 600 € of labour (materials exactly 40 % of the base). */
const boiler: QuoteAlternative = {
  key: "B",
  title: "Caldera de condensación",
  lines: [line("producto", 30_000, 1000, "Caldera Saunier Duval"), line("material", 10_000, 1000, "Kit de evacuación"), line("mano_de_obra", 15_000, 4000, "Instalación")],
};

describe("jobAmounts: the job at the acceptance's rate, with the report's extras", () => {
  it("without extras it is the accepted alternative's total", () => {
    const result = jobAmounts(boiler, 21, []);
    expect(result).toEqual({ ok: true, amounts: { rate: 21, baseCents: 100_000, vatCents: 21_000, totalCents: 121_000, extrasBaseCents: 0, extrasTotalCents: 0 } });
  });

  it("at 10 %, materials at exactly 40 % of the base with the extras counted keep the reduced rate", () => {
    // 400 + 40 materials over 1000 + 40 + 60 base: 440 / 1100 = 40,00 %.
    const result = jobAmounts(boiler, 10, [extra("material", 4_000), extra("mano_de_obra", 6_000)]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.amounts).toEqual({ rate: 10, baseCents: 110_000, vatCents: 11_000, totalCents: 121_000, extrasBaseCents: 10_000, extrasTotalCents: 11_000 });
  });

  it("at 10 %, extras that take the materials one cent past 40 % are refused with the reason", () => {
    const result = jobAmounts(boiler, 10, [extra("material", 1)]);
    expect(result).toEqual({ ok: false, message: EXTRAS_BREAK_REDUCED_VAT });
  });

  it("at 21 % the materials test does not apply: any extras are taken", () => {
    const result = jobAmounts(boiler, 21, [extra("material", 50_000)]);
    expect(result.ok && result.amounts).toMatchObject({ rate: 21, baseCents: 150_000, vatCents: 31_500, totalCents: 181_500, extrasTotalCents: 60_500 });
  });

  it("extras of labour only never break the test (they raise the base, not the materials)", () => {
    const result = jobAmounts(boiler, 10, [extra("mano_de_obra", 4_500, 1500)]);
    expect(result.ok && result.amounts.extrasBaseCents).toBe(6_750);
  });

  it("discounts lower the base", () => {
    const discounted: QuoteAlternative = { ...boiler, lines: [...boiler.lines, line("descuento", 5_000)] };
    const result = jobAmounts(discounted, 21, []);
    expect(result.ok && result.amounts).toMatchObject({ baseCents: 95_000, vatCents: 19_950, totalCents: 114_950 });
  });
});

describe("splitInclusive: a deposit (VAT included) into base and VAT", () => {
  it("splits a 30 % deposit of 1.210,00 € at 21 %", () => {
    expect(splitInclusive(36_300, 21)).toEqual({ baseCents: 30_000, vatCents: 6_300 });
  });

  it("rounds the base to the cent and gives the VAT the rest, so both add up to what was paid", () => {
    expect(splitInclusive(10_000, 21)).toEqual({ baseCents: 8_264, vatCents: 1_736 });
    expect(splitInclusive(1, 21)).toEqual({ baseCents: 1, vatCents: 0 });
    expect(splitInclusive(33_333, 10)).toEqual({ baseCents: 30_303, vatCents: 3_030 });
  });

  it("always adds up, and the VAT is within a cent of the rate applied to the base", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.constantFrom(10 as const, 21 as const), (deposit, rate) => {
        const { baseCents, vatCents } = splitInclusive(deposit, rate);
        expect(baseCents + vatCents).toBe(deposit);
        expect(Math.abs(vatCents - (baseCents * rate) / 100)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe("finalBalance: the whole job minus the deposit's base already invoiced", () => {
  it("deducts a 30 % deposit from a 1.210,00 € job", () => {
    const job = { rate: 21 as const, baseCents: 100_000 };
    expect(finalBalance(job, splitInclusive(36_300, 21).baseCents)).toEqual({ baseCents: 70_000, vatCents: 14_700, totalCents: 84_700 });
  });

  it("with extras the final invoice carries them whole", () => {
    const checked = jobAmounts(boiler, 21, [extra("mano_de_obra", 5_000)]);
    if (!checked.ok) throw new Error(checked.message);
    expect(finalBalance(checked.amounts, 30_000)).toEqual({ baseCents: 75_000, vatCents: 15_750, totalCents: 90_750 });
  });

  it("is zero when the deposit was the whole job", () => {
    expect(finalBalance({ rate: 10, baseCents: 110_000 }, splitInclusive(121_000, 10).baseCents)).toEqual({ baseCents: 0, vatCents: 0, totalCents: 0 });
  });

  it("deposit plus balance is the job's total within a cent of rounding", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), fc.constantFrom(10 as const, 21 as const), (base, percent, rate) => {
        const total = base + Math.round((base * rate) / 100);
        const deposit = Math.round((total * percent) / 100);
        const split = splitInclusive(deposit, rate);
        const balance = finalBalance({ rate, baseCents: base }, split.baseCents);
        expect(split.baseCents + balance.baseCents).toBe(base);
        expect(Math.abs(deposit + balance.totalCents - total)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
