import { describe, expect, it } from "vitest";
import { addDays, formatYmd, isYmd, madridDay, madridInstant } from "./madrid-dates";

describe("Madrid days", () => {
  it("knows real calendar days", () => {
    expect(isYmd("2028-02-29")).toBe(true);
    expect(isYmd("2026-02-29")).toBe(false);
    expect(isYmd("2026-13-01")).toBe(false);
    expect(isYmd("26-01-01")).toBe(false);
  });

  it("reads an instant's day in Madrid, not UTC", () => {
    expect(madridDay(new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-02");
    expect(madridDay(new Date("2026-07-31T21:59:00Z"))).toBe("2026-07-31");
    expect(madridDay(new Date("2026-07-31T22:00:00Z"))).toBe("2026-08-01");
  });

  it("turns a Madrid wall-clock time into the instant, on both sides of the clock changes", () => {
    expect(madridInstant("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(madridInstant("2026-03-29", "09:00").toISOString()).toBe("2026-03-29T07:00:00.000Z");
    expect(madridInstant("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(madridInstant("2026-10-25", "09:00").toISOString()).toBe("2026-10-25T08:00:00.000Z");
  });

  it("counts days across months and years, and writes them the Spanish way", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(formatYmd("2026-03-09")).toBe("09/03/2026");
  });
});
