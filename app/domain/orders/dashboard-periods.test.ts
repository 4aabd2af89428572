import { describe, expect, it } from "vitest";
import { mondayOf } from "../dates/madrid-dates";
import { dashboardPeriods } from "./dashboard-periods";

describe("the home page's periods, on Madrid's calendar", () => {
  it("weeks start on Monday; a Sunday belongs to the week before", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // Sunday
    expect(mondayOf("2026-11-18")).toBe("2026-11-16");
    expect(mondayOf("2027-01-02")).toBe("2026-12-28"); // across the new year
  });

  it("late at night in UTC it is already tomorrow in Madrid", () => {
    // 23:30 UTC on Sunday 22 November is 00:30 on Monday 23 in Madrid (UTC+1).
    const p = dashboardPeriods(new Date("2026-11-22T23:30:00Z"), 3);
    expect(p.today).toBe("2026-11-23");
    expect(p.weekStart).toBe("2026-11-23");
    expect(p.todayFrom.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(p.tomorrowFrom.toISOString()).toBe("2026-11-23T23:00:00.000Z");
    expect(p.agendaUntil).toBe("2026-11-30");
    expect(p.lateUntil).toBe("2026-11-20");
    expect(p.lateBefore.toISOString()).toBe("2026-11-20T23:00:00.000Z");
  });

  it("summer time: midnight in Madrid is 22:00 UTC", () => {
    const p = dashboardPeriods(new Date("2026-07-15T10:00:00Z"), 3);
    expect(p.weekFrom.toISOString()).toBe("2026-07-12T22:00:00.000Z");
    expect(p.todayFrom.toISOString()).toBe("2026-07-14T22:00:00.000Z");
  });
});
