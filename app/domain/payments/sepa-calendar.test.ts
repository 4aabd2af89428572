import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates/madrid-dates";
import { earliestDueOn, easterSunday, isTargetDay, lastSubmissionDay, targetDayOnOrAfter, targetHolidays } from "./sepa-calendar";

/** Gauss's Easter, a different computation to check ours against (valid 1583 to 4099). */
function gaussEaster(year: number): string {
  const k = Math.floor(year / 100);
  const m = (15 - Math.floor((13 + 8 * k) / 25) + k - Math.floor(k / 4)) % 30;
  const n = (4 + k - Math.floor(k / 4)) % 7;
  const d = (19 * (year % 19) + m) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + n) % 7;
  let march = 22 + d + e;
  if (d === 29 && e === 6) march = 50; // 26 April becomes 19 April
  if (d === 28 && e === 6 && (11 * m + 11) % 30 < 19) march = 49; // 25 April becomes 18 April
  return march <= 31 ? `${year}-03-${String(march).padStart(2, "0")}` : `${year}-04-${String(march - 31).padStart(2, "0")}`;
}

const days = fc.integer({ min: 0, max: 365 * 30 }).map((n) => addDays("2020-01-01", n));

describe("Easter", () => {
  it.each([
    [1818, "1818-03-22"],
    [1943, "1943-04-25"],
    [2008, "2008-03-23"],
    [2011, "2011-04-24"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("%i: %s", (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });

  it("is a Sunday from 22 March to 25 April, the day Gauss's method gives, in every year from 1583 to 4099", () => {
    for (let year = 1583; year <= 4099; year++) {
      const easter = easterSunday(year);
      expect(new Date(`${easter}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(easter.slice(5) >= "03-22" && easter.slice(5) <= "04-25").toBe(true);
      expect(easter).toBe(gaussEaster(year));
    }
  });
});

describe("TARGET2 days", () => {
  it("close on New Year, Good Friday, Easter Monday, 1 May and Christmas", () => {
    expect(targetHolidays(2026)).toEqual(["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-12-25", "2026-12-26"]);
    expect(isTargetDay("2026-04-02")).toBe(true);
    expect(isTargetDay("2026-04-03")).toBe(false);
    expect(isTargetDay("2026-11-07")).toBe(false); // a Saturday
    expect(isTargetDay("2026-01-06")).toBe(true); // Reyes closes Spain, not TARGET2
  });

  it.each([
    ["2026-11-10", "2026-11-09", "a Tuesday: the Monday"],
    ["2026-11-09", "2026-11-06", "a Monday: the Friday"],
    ["2026-04-07", "2026-04-02", "after Easter: the Thursday before Good Friday"],
    ["2026-12-28", "2026-12-24", "after Christmas: Christmas Eve"],
    ["2027-01-04", "2026-12-31", "after New Year: New Year's Eve"],
    ["2026-11-08", "2026-11-06", "a Sunday, collected on Monday: the Friday"],
  ])("a debit due %s must be sent by %s (%s)", (dueOn, sentBy) => {
    expect(lastSubmissionDay(dueOn)).toBe(sentBy);
  });

  it.each([
    ["2026-11-09", "2026-11-10"],
    ["2026-11-07", "2026-11-10"],
    ["2026-04-02", "2026-04-07"],
    ["2026-12-24", "2026-12-28"],
  ])("a file sent on %s makes a due date of %s at the earliest", (sentOn, dueOn) => {
    expect(earliestDueOn(sentOn)).toBe(dueOn);
  });

  it("the last day to send is the latest TARGET2 day before the due date", () => {
    fc.assert(
      fc.property(days, (dueOn) => {
        const sentBy = lastSubmissionDay(dueOn);
        expect(isTargetDay(sentBy) && sentBy < dueOn).toBe(true);
        for (let day = addDays(sentBy, 1); day < dueOn; day = addDays(day, 1)) expect(isTargetDay(day)).toBe(false);
        expect(lastSubmissionDay(targetDayOnOrAfter(dueOn))).toBe(sentBy); // the due date moved to its TARGET2 day
      }),
    );
  });

  it("the earliest due date is the first TARGET2 day whose D-1 the file still makes", () => {
    fc.assert(
      fc.property(days, (sentOn) => {
        const dueOn = earliestDueOn(sentOn);
        expect(isTargetDay(dueOn)).toBe(true);
        expect(lastSubmissionDay(dueOn) >= sentOn).toBe(true);
        for (let day = sentOn; day < dueOn; day = addDays(day, 1)) {
          if (isTargetDay(day)) expect(lastSubmissionDay(day) < sentOn).toBe(true);
        }
      }),
    );
  });
});
