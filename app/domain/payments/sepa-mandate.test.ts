import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates/madrid-dates";
import { renewalNoticeOn } from "../maintenance/plan-dates";
import { earliestCollectionOn, mandateLapsesOn, mandateReferenceError, PRE_NOTIFICATION_DAYS, sequenceTypeFor } from "./sepa-mandate";

describe("mandate reference", () => {
  it("takes our references", () => {
    expect(mandateReferenceError("PLAN-000123-2026")).toBeNull();
    expect(mandateReferenceError("X".repeat(35))).toBeNull();
  });

  it.each([
    ["", "Falta la referencia del mandato."],
    ["X".repeat(36), "La referencia del mandato tiene 36 caracteres; el máximo es 35."],
    ["PLAN 123", expect.stringContaining("sin espacios")],
    ["PLAN-ÑÚ-1", expect.stringContaining("sin acentos")],
    ["/PLAN-1", expect.stringContaining("al principio o al final")],
    ["PLAN//1", expect.stringContaining("//")],
  ])("refuses %j", (reference, message) => {
    expect(mandateReferenceError(reference)).toEqual(message);
  });
});

describe("sequence type of the next debit", () => {
  it("is FRST for a recurrent mandate's first, RCUR after, FNAL for its last, OOFF for a one-off", () => {
    expect(sequenceTypeFor({ recurrent: true, usedBefore: false })).toBe("FRST");
    expect(sequenceTypeFor({ recurrent: true, usedBefore: true })).toBe("RCUR");
    expect(sequenceTypeFor({ recurrent: true, usedBefore: true }, true)).toBe("FNAL");
    expect(sequenceTypeFor({ recurrent: true, usedBefore: false }, true)).toBe("FRST");
    expect(sequenceTypeFor({ recurrent: false, usedBefore: false })).toBe("OOFF");
  });
});

describe("pre-notification", () => {
  it("lets a debit be collected 14 calendar days after the notice, or after the days agreed", () => {
    expect(earliestCollectionOn("2026-12-20")).toBe("2027-01-03");
    expect(earliestCollectionOn("2026-02-20", 5)).toBe("2026-02-25");
  });

  it("is met by a plan's renewal notice, whatever the renewal day", () => {
    const days = fc.integer({ min: 0, max: 3650 }).map((n) => addDays("2026-01-01", n));
    fc.assert(
      fc.property(days, (renewsOn) => {
        expect(earliestCollectionOn(renewalNoticeOn(renewsOn)) <= renewsOn).toBe(true);
        expect(earliestCollectionOn(renewalNoticeOn(renewsOn))).toBe(addDays(renewsOn, PRE_NOTIFICATION_DAYS - 30));
      }),
    );
  });
});

describe("an unused mandate lapses after 36 months", () => {
  it("counts months as the shop does, clamped to the month's end", () => {
    expect(mandateLapsesOn("2026-11-15")).toBe("2029-11-15");
    expect(mandateLapsesOn("2028-02-29")).toBe("2031-02-28");
  });
});
