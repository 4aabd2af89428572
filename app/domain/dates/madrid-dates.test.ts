import { addMonths as dateFnsAddMonths, format, parseISO } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, addMonths, formatDate, formatDateTime, formatYmd, isYmd, longDay, madridClock, madridDay, madridInstant, madridTime, monthAndYear, nextMadridTime, shortDay, spanishCalendarDay, spanishDay } from "./madrid-dates";

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

describe("Madrid dates as the shop prints them (one home, issue 29)", () => {
  // The formatters this module replaced (my-orders, visit-format, job-times, admin home), kept here to prove the output is unchanged.
  const before = {
    date: new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", day: "2-digit", month: "2-digit", year: "numeric" }),
    dateTime: new Intl.DateTimeFormat("es-ES", { timeZone: "Europe/Madrid", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }),
    time: new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Europe/Madrid" }),
  };
  // Every hour of a winter day, a summer day and both clock changes, and the turn of the year.
  const instants = ["2026-01-15", "2026-03-28", "2026-03-29", "2026-07-31", "2026-10-25", "2026-12-31"].flatMap((day) =>
    Array.from({ length: 24 }, (_, hour) => new Date(`${day}T${String(hour).padStart(2, "0")}:07:00Z`)),
  );

  it("writes dates, dates with time and times as before, in Madrid", () => {
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(before.date.format(instant));
      expect(formatDateTime(instant)).toBe(before.dateTime.format(instant));
      expect(madridTime(instant)).toBe(before.time.format(instant));
    }
    expect(formatDateTime(new Date("2026-01-01T23:05:00Z"))).toBe("02/01/2026, 00:05");
  });

  it("reads the day and the clock of an instant together", () => {
    expect(madridClock(new Date("2026-03-30T07:00:00Z"))).toEqual({ day: "2026-03-30", time: "09:00" });
    expect(madridClock(new Date("2026-12-31T23:30:00Z"))).toEqual({ day: "2027-01-01", time: "00:30" });
  });

  it("names days in Spanish", () => {
    expect(spanishCalendarDay("2026-12-01")).toBe("martes 1 de diciembre");
    expect(spanishDay(new Date("2026-11-30T23:30:00Z"))).toBe("martes 1 de diciembre");
    expect(longDay("2026-03-30")).toBe("lunes, 30 de marzo de 2026");
    expect(shortDay("2026-03-30")).toBe("lun, 30 mar");
  });

  it("does not depend on the server's own time zone", () => {
    const original = process.env.TZ;
    try {
      for (const zone of ["America/New_York", "Asia/Tokyo", "UTC"]) {
        process.env.TZ = zone;
        expect(formatDateTime(new Date("2026-07-31T22:30:00Z"))).toBe("01/08/2026, 00:30");
        expect(spanishDay("2026-07-31T22:30:00Z")).toBe("sábado 1 de agosto");
      }
    } finally {
      process.env.TZ = original;
    }
  });
});

describe("a month in words", () => {
  it("the month and year of a calendar day, whatever the day", () => {
    expect(monthAndYear("2026-11-01")).toBe("noviembre de 2026");
    expect(monthAndYear("2026-12-31")).toBe("diciembre de 2026");
  });
});

describe("the next time of day in Madrid (scheduled tasks, decision 0034)", () => {
  it("today's when it is still ahead, else tomorrow's, across the clock changes", () => {
    expect(nextMadridTime(new Date("2026-11-29T06:00:00Z"), "08:00").toISOString()).toBe("2026-11-29T07:00:00.000Z");
    expect(nextMadridTime(new Date("2026-11-29T07:00:00Z"), "08:00").toISOString()).toBe("2026-11-30T07:00:00.000Z");
    // Saturday 28 March 2026, 09:00 in Madrid: Sunday's 08:00 is already summer time (UTC+2).
    expect(nextMadridTime(new Date("2026-03-28T08:00:00Z"), "08:00").toISOString()).toBe("2026-03-29T06:00:00.000Z");
    // Saturday 24 October 2026: Sunday's 08:00 is winter time again (UTC+1).
    expect(nextMadridTime(new Date("2026-10-24T08:00:00Z"), "08:00").toISOString()).toBe("2026-10-25T07:00:00.000Z");
  });

  it("on a weekday: this week's when still ahead, else next week's (weekly tasks)", () => {
    // Monday 30 November 2026, 09:00 in Madrid: Sunday 6 December at 05:00 (UTC+1).
    expect(nextMadridTime(new Date("2026-11-30T08:00:00Z"), "05:00", 7).toISOString()).toBe("2026-12-06T04:00:00.000Z");
    // That Sunday, 05:00 exactly: the next Sunday's.
    expect(nextMadridTime(new Date("2026-12-06T04:00:00Z"), "05:00", 7).toISOString()).toBe("2026-12-13T04:00:00.000Z");
    // Sunday 6 December, 04:59: still today's.
    expect(nextMadridTime(new Date("2026-12-06T03:59:00Z"), "05:00", 7).toISOString()).toBe("2026-12-06T04:00:00.000Z");
    // A Monday at 08:00, asked on Tuesday: the next Monday's.
    expect(nextMadridTime(new Date("2026-12-01T10:00:00Z"), "08:00", 1).toISOString()).toBe("2026-12-07T07:00:00.000Z");
    const instants = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, fc.integer({ min: 1, max: 7 }), (now, weekday) => {
        const next = nextMadridTime(now, "05:00", weekday);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
        expect((new Date(`${madridDay(next)}T12:00:00Z`).getUTCDay() + 6) % 7).toBe(weekday - 1);
        expect(madridTime(next)).toBe("05:00");
      }),
    );
  });

  it("is always later, at most a day and an hour away, and reads the time asked on Madrid's clock", () => {
    const times = fc.tuple(fc.integer({ min: 0, max: 23 }).filter((h) => h !== 2), fc.integer({ min: 0, max: 59 }));
    const instants = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2031, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, times, (now, [h, m]) => {
        const time = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
        const next = nextMadridTime(now, time);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
        expect(madridTime(next)).toBe(time);
      }),
      { numRuns: 500 },
    );
  });
});

describe("months later", () => {
  it("keeps the day, or the month's last day when it has none", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2028-02-29", 48)).toBe("2032-02-29");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("agrees with date-fns's addMonths on every day of a leap cycle", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 * 366 }), fc.integer({ min: -60, max: 60 }), (offset, months) => {
        const day = addDays("2027-01-01", offset);
        expect(addMonths(day, months)).toBe(format(dateFnsAddMonths(parseISO(day), months), "yyyy-MM-dd"));
      }),
      { numRuns: 1000 },
    );
  });
});
