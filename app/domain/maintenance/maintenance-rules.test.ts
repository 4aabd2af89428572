import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates/madrid-dates";
import { bookingOpensOn, nextRenewalOn, nextVisitDueOn, renewalNoticeOn, renewalOn, unpaidRenewalEndsOn } from "./plan-dates";
import { co2eTonnes, gwp, leakCheckMonths, REFRIGERANTS } from "./refrigerants";
import { RITE_EQUIPMENT, ritePeriodMonths } from "./rite-periods";

describe("the RITE's maintenance periods (IT 3.3, tabla 3.1)", () => {
  it("each line of the table for homes and for other uses", () => {
    expect(ritePeriodMonths("caldera-gas", 24)).toBe(24);
    expect(ritePeriodMonths("caldera-gas", 24, "otros")).toBe(12);
    expect(ritePeriodMonths("calentador-gas", 24.4)).toBe(60);
    expect(ritePeriodMonths("calentador-gas", 24.5)).toBe(24);
    expect(ritePeriodMonths("calefaccion-otra", 30)).toBe(12);
    expect(ritePeriodMonths("aire", 12)).toBe(48);
    expect(ritePeriodMonths("aire", 12.1)).toBe(24);
    expect(ritePeriodMonths("aire", 7, "otros")).toBe(24);
    expect(ritePeriodMonths("bomba-de-calor", 9)).toBe(48);
    expect(ritePeriodMonths("bomba-de-calor", 16)).toBe(24);
    expect(ritePeriodMonths("bomba-de-calor", 16, "otros")).toBe(12);
  });

  it("monthly above 70 kW, nothing under 5 kW, and never longer for more power", () => {
    expect(ritePeriodMonths("caldera-gas", 70.5)).toBe(1);
    expect(ritePeriodMonths("aire", 3.5)).toBeNull();
    fc.assert(
      fc.property(fc.constantFrom(...RITE_EQUIPMENT), fc.constantFrom("vivienda" as const, "otros" as const), fc.double({ min: 5, max: 200, noNaN: true }), fc.double({ min: 0, max: 50, noNaN: true }), (equipment, use, kw, more) => {
        const lower = ritePeriodMonths(equipment, kw, use)!;
        const higher = ritePeriodMonths(equipment, kw + more, use)!;
        expect(higher).toBeLessThanOrEqual(lower);
        expect(ritePeriodMonths(equipment, kw, "otros")!).toBeLessThanOrEqual(ritePeriodMonths(equipment, kw, "vivienda")!);
      }),
    );
  });
});

describe("refrigerants and leak checks (Regulation (EU) 2024/573)", () => {
  it("GWPs of the Annex and of the usual mixtures", () => {
    expect(gwp("R-32")).toBe(675);
    expect(gwp("R-410A")).toBe(2088);
    expect(gwp("R-407C")).toBe(1774);
    expect(gwp("R-290")).toBe(3);
    expect(co2eTonnes("R-32", 1.2)).toBe(0.81);
    expect(co2eTonnes("R-410A", 2.5)).toBe(5.22);
  });

  it("a home split needs none; a larger charge every 12 months, 24 with leak detection; sealed units under 10 t none", () => {
    expect(leakCheckMonths({ gas: "R-32", chargeKg: 1.2, hermeticallySealed: false, leakDetection: false })).toBeNull();
    expect(leakCheckMonths({ gas: "R-410A", chargeKg: 2.5, hermeticallySealed: false, leakDetection: false })).toBe(12);
    expect(leakCheckMonths({ gas: "R-410A", chargeKg: 2.5, hermeticallySealed: false, leakDetection: true })).toBe(24);
    expect(leakCheckMonths({ gas: "R-410A", chargeKg: 2.5, hermeticallySealed: true, leakDetection: false })).toBeNull();
    expect(leakCheckMonths({ gas: "R-410A", chargeKg: 30, hermeticallySealed: false, leakDetection: false })).toBe(6);
    expect(leakCheckMonths({ gas: "R-410A", chargeKg: 300, hermeticallySealed: false, leakDetection: false })).toBe(3);
    expect(leakCheckMonths({ gas: "R-290", chargeKg: 3000, hermeticallySealed: false, leakDetection: false })).toBeNull();
  });

  it("more gas never means fewer checks", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REFRIGERANTS), fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 500, noNaN: true }), fc.boolean(), fc.boolean(), (gas, kg, more, sealed, detection) => {
        const less = leakCheckMonths({ gas, chargeKg: kg, hermeticallySealed: sealed, leakDetection: detection });
        const most = leakCheckMonths({ gas, chargeKg: kg + more, hermeticallySealed: sealed, leakDetection: detection });
        if (less !== null) expect(most).not.toBeNull();
        if (less !== null && most !== null) expect(most).toBeLessThanOrEqual(less);
      }),
    );
  });
});

describe("a plan's calendar", () => {
  const days = fc.integer({ min: 0, max: 8 * 366 }).map((n) => addDays("2024-01-01", n));

  it("the yearly visit, sooner when the RITE asks, counted in months across leap years", () => {
    expect(nextVisitDueOn("2026-03-10", 24)).toBe("2027-03-10");
    expect(nextVisitDueOn("2026-03-10", 1)).toBe("2026-04-10");
    expect(nextVisitDueOn("2028-02-29", null)).toBe("2029-02-28");
    expect(bookingOpensOn("2027-03-10")).toBe("2027-01-27");
    expect(renewalOn("2028-02-29", 1)).toBe("2029-02-28");
    expect(renewalOn("2028-02-29", 4)).toBe("2032-02-29");
    expect(renewalNoticeOn("2027-03-01")).toBe("2027-01-30");
    expect(unpaidRenewalEndsOn("2027-03-01")).toBe("2027-03-31");
  });

  it("a visit is due between 28 days and a year after the last, and its booking opens six weeks before", () => {
    fc.assert(
      fc.property(days, fc.option(fc.constantFrom(1, 12, 24, 48, 60), { nil: null }), (last, rite) => {
        const due = nextVisitDueOn(last, rite);
        expect(due > last).toBe(true);
        expect(due <= addDays(last, 366)).toBe(true);
        expect(due >= addDays(last, 28)).toBe(true);
        expect(addDays(bookingOpensOn(due), 42)).toBe(due);
      }),
    );
  });

  it("the next renewal is on or after today, within a year, on the start's anniversary", () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 6 * 366 }), (start, later) => {
        const today = addDays(start, later);
        const next = nextRenewalOn(start, today);
        expect(next >= today && next > start).toBe(true);
        expect(next <= addDays(today, 366)).toBe(true);
        expect(next.slice(5, 7)).toBe(start.slice(5, 7));
      }),
    );
  });
});
