import { describe, expect, it } from "vitest";
import { chartWeeks, monthPeriods, percentChange, winRate } from "./figures";

describe("the home's figures (issue 30)", () => {
  it("this month so far against the same days a year before, and that whole month", () => {
    expect(monthPeriods("2026-11-28")).toEqual({
      current: { from: "2026-11-01", to: "2026-11-28" },
      lastYear: { from: "2025-11-01", to: "2025-11-28" },
      lastYearMonth: { from: "2025-11-01", to: "2025-11-30" },
    });
    // 29 February: the year before has no such day.
    expect(monthPeriods("2028-02-29").lastYear).toEqual({ from: "2027-02-01", to: "2027-02-28" });
  });

  it("twelve weeks from Monday, the current one last", () => {
    const weeks = chartWeeks("2026-11-28");
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe("2026-11-23");
    expect(weeks[0]).toBe("2026-09-07");
  });

  it("a change in per cent, and the share of quotes accepted", () => {
    expect(percentChange(11200, 10000)).toBe("+12 %");
    expect(percentChange(9200, 10000)).toBe("−8 %");
    expect(percentChange(10000, 10000)).toBe("0 %");
    expect(percentChange(5000, 0)).toBeNull();
    expect(winRate(12, 30)).toBe("40 %");
    expect(winRate(0, 0)).toBeNull();
  });
});
