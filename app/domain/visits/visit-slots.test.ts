import { describe, expect, it } from "vitest";
import { madridInstant } from "../dates/madrid-dates";
import { capitalize, visitWhen } from "./visit-format";
import { parseRanges } from "./visit-forms";
import {
  bookingWindow,
  daySlots,
  freeSlots,
  nextSlotsAfter,
  nextWorkingDay,
  slotsByDay,
  yearsWithoutHolidays,
  type SlotRules,
  type WeeklyRange,
} from "./visit-slots";

/** The shop's published hours, as migration 0015 seeds them: Monday to Friday 10:00-14:00 and 15:00-18:30. */
const SHOP_HOURS: WeeklyRange[] = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startsAt: "10:00", endsAt: "14:00" },
  { weekday, startsAt: "15:00", endsAt: "18:30" },
]);

const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  slotMinutes: 60,
  horizonDays: 14,
  hours: SHOP_HOURS,
  blockedDays: [],
  holidays: ["2026-12-07", "2026-12-08", "2026-12-25"],
  busy: [],
  ...over,
});

/** A Madrid wall-clock instant. */
const madrid = (day: string, clock: string) => madridInstant(day, clock);

const startsOn = (slots: { start: string; day: string }[], day: string) => slots.filter((s) => s.day === day).map((s) => s.start);

describe("free slots", () => {
  it("start on the next working day, never today, and cover the horizon from there", () => {
    const now = madrid("2026-11-26", "12:00"); // a Thursday
    const slots = freeSlots(rules(), now);
    expect(slots[0]).toEqual({ start: "2026-11-27T09:00:00.000Z", end: "2026-11-27T10:00:00.000Z", day: "2026-11-27" });
    expect(startsOn(slots, "2026-11-26")).toEqual([]);
    expect(bookingWindow(now, rules())).toEqual({ first: "2026-11-27", last: "2026-12-10" });
    expect(slots.at(-1)?.day).toBe("2026-12-10");
    // Weekends have no hours; 7 and 8 December are public holidays.
    expect(new Set(slots.map((s) => s.day))).toEqual(
      new Set(["2026-11-27", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-09", "2026-12-10"]),
    );
  });

  it("keep only whole slots of a range that does not divide evenly", () => {
    const times = (slotMinutes: number) => daySlots("2026-12-01", { hours: SHOP_HOURS, slotMinutes }).map((s) => s.start);
    // 15:00-18:30 in hours: 15, 16 and 17; the half hour left is not a slot.
    expect(times(60)).toEqual(
      ["10:00", "11:00", "12:00", "13:00", "15:00", "16:00", "17:00"].map((t) => madrid("2026-12-01", t).toISOString()),
    );
    expect(times(90).map((iso) => new Date(iso).toISOString())).toEqual(
      ["10:00", "11:30", "15:00", "16:30"].map((t) => madrid("2026-12-01", t).toISOString()),
    );
    expect(daySlots("2026-12-01", { hours: [{ weekday: 2, startsAt: "10:00", endsAt: "10:59" }], slotMinutes: 60 })).toEqual([]);
  });

  it("leave out holidays and blocked days, and the next working day skips them", () => {
    const now = madrid("2026-12-04", "09:00"); // Friday; Monday 7 and Tuesday 8 are holidays
    expect(nextWorkingDay("2026-12-04", rules())).toBe("2026-12-09");
    const blocked = rules({ blockedDays: ["2026-12-09"] });
    expect(nextWorkingDay("2026-12-04", blocked)).toBe("2026-12-10");
    const slots = freeSlots(blocked, now);
    expect(slots[0]?.day).toBe("2026-12-10");
    expect(startsOn(slots, "2026-12-09")).toEqual([]);
    expect(startsOn(slots, "2026-12-25")).toEqual([]);
    expect(startsOn(freeSlots(rules(), now), "2026-12-11")).toHaveLength(7);
  });

  it("leave out every slot that a visit or a job overlaps, and keep those that only touch one", () => {
    const day = "2026-12-01";
    const busy = [
      { start: madrid(day, "10:30"), end: madrid(day, "11:30") }, // overlaps 10:00 and 11:00
      { start: madrid(day, "12:00"), end: madrid(day, "13:00") }, // exactly the 12:00 slot
      { start: madrid(day, "14:00"), end: madrid(day, "15:00") }, // touches 13:00 and 15:00 only
    ];
    const slots = freeSlots(rules({ busy }), madrid("2026-11-30", "18:00"));
    expect(startsOn(slots, day)).toEqual(["13:00", "15:00", "16:00", "17:00"].map((t) => madrid(day, t).toISOString()));
  });

  it("an empty week has no slots and no next working day", () => {
    expect(freeSlots(rules({ hours: [] }), madrid("2026-11-26", "12:00"))).toEqual([]);
    expect(nextWorkingDay("2026-11-26", rules({ hours: [] }))).toBeNull();
  });

  it("a week with one day of hours books that weekday only", () => {
    const slots = freeSlots(rules({ hours: [{ weekday: 3, startsAt: "09:00", endsAt: "11:00" }] }), madrid("2026-11-26", "12:00"));
    expect([...new Set(slots.map((s) => s.day))]).toEqual(["2026-12-02", "2026-12-09"]);
    expect(bookingWindow(madrid("2026-11-26", "12:00"), rules({ hours: [{ weekday: 3, startsAt: "09:00", endsAt: "11:00" }] }))).toEqual({
      first: "2026-12-02",
      last: "2026-12-15",
    });
  });
});

describe("summer-time changes: a 10:00 slot is 10:00 in Madrid on both sides", () => {
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startsAt: "10:00", endsAt: "12:00" }));
  const cases = [
    // [day before, change day, UTC of 10:00 before, UTC of 10:00 after]
    ["2026-03-28", "2026-03-29", "2026-03-28T09:00:00.000Z", "2026-03-29T08:00:00.000Z"],
    ["2026-10-24", "2026-10-25", "2026-10-24T08:00:00.000Z", "2026-10-25T09:00:00.000Z"],
    ["2027-03-27", "2027-03-28", "2027-03-27T09:00:00.000Z", "2027-03-28T08:00:00.000Z"],
  ] as const;

  for (const [before, change, utcBefore, utcAfter] of cases) {
    it(`${change}`, () => {
      const slots = freeSlots(rules({ hours: everyDay, holidays: [] }), madrid(addDay(before, -1), "20:00"));
      const first = (day: string) => slots.find((s) => s.day === day);
      expect(first(before)?.start).toBe(utcBefore);
      expect(first(change)?.start).toBe(utcAfter);
      // The slot lasts an hour of real time across the change too.
      expect(Date.parse(first(change)!.end) - Date.parse(first(change)!.start)).toBe(3_600_000);
      expect(capitalize(visitWhen(first(change)!.start, first(change)!.end))).toMatch(/^Domingo \d+ de (marzo|octubre), de 10:00 a 11:00$/);
    });
  }


  it("whatever the server's own time zone", () => {
    const saved = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(new Date(2026, 2, 29, 10).getTimezoneOffset()).toBe(240); // the zone really changed
      const slots = freeSlots(rules({ hours: everyDay, holidays: [] }), madrid("2026-03-27", "20:00"));
      expect(slots.find((s) => s.day === "2026-03-29")?.start).toBe("2026-03-29T08:00:00.000Z");
      expect(visitWhen("2026-03-29T08:00:00.000Z", "2026-03-29T09:00:00.000Z")).toBe("domingo 29 de marzo, de 10:00 a 11:00");
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe("helpers", () => {
  it("groups slots per day and offers the next free ones after a lost slot", () => {
    const slots = freeSlots(rules(), madrid("2026-11-26", "12:00"));
    const days = slotsByDay(slots);
    expect(days[0]?.day).toBe("2026-11-27");
    expect(days[0]?.slots).toHaveLength(7);
    const lost = slots[6]!; // the last slot of Friday
    expect(nextSlotsAfter(slots, lost.start, 2).map((s) => s.start)).toEqual([slots[7]!.start, slots[8]!.start]);
  });

  it("names the years of the horizon without holidays", () => {
    expect(yearsWithoutHolidays(madrid("2026-12-20", "10:00"), rules({ holidays: ["2026-12-25"] }))).toEqual([2027]);
    expect(yearsWithoutHolidays(madrid("2026-12-20", "10:00"), rules({ holidays: ["2026-12-25", "2027-01-01"] }))).toEqual([]);
    expect(yearsWithoutHolidays(madrid("2026-06-01", "10:00"), rules({ holidays: [] }))).toEqual([2026]);
  });

  it("reads the back office's ranges, refusing overlaps and reversed times", () => {
    expect(parseRanges("15:00-18:30, 9:00 - 14:00", 1)).toEqual({
      ok: true,
      ranges: [
        { weekday: 1, startsAt: "09:00", endsAt: "14:00" },
        { weekday: 1, startsAt: "15:00", endsAt: "18:30" },
      ],
    });
    expect(parseRanges("", 6)).toEqual({ ok: true, ranges: [] });
    expect(parseRanges("10:00-14:00, 13:00-15:00", 2)).toEqual({ ok: false, error: "Los tramos del martes se solapan: revíselos." });
    expect(parseRanges("14:00-10:00", 3).ok).toBe(false);
    expect(parseRanges("mañanas", 4)).toMatchObject({ ok: false, error: expect.stringContaining("«mañanas» del jueves") });
  });
});

function addDay(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
