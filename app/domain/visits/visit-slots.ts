import { addDays, isYmd, madridDay, madridInstant } from "../dates/madrid-dates";

export { addDays, isYmd, madridDay };

/*
 * The free visit's free slots (issue 17, decision 0015): pure rules, no I/O. Every time is a
 * Madrid wall-clock time turned into an instant by the shop's one Madrid clock (madrid-dates), so a 10:00 slot is 10:00 in
 * Madrid on both sides of a summer-time change, whatever the server's own time zone.
 */

/** One range of the owner's weekly availability: ISO weekday (1 Monday .. 7 Sunday), "HH:MM" Madrid times. */
export type WeeklyRange = { weekday: number; startsAt: string; endsAt: string };

/** A time already taken: a reserved visit or a scheduled job. */
export type BusyInterval = { start: Date; end: Date };

export type SlotRules = {
  slotMinutes: number;
  horizonDays: number;
  hours: readonly WeeklyRange[];
  /** Madrid calendar days ("YYYY-MM-DD") without visits: the owner's blocked days. */
  blockedDays: readonly string[];
  /** Public holidays ("YYYY-MM-DD"). */
  holidays: readonly string[];
  busy: readonly BusyInterval[];
};

/** A bookable slot: its instants (ISO, UTC) and its Madrid day. Plain strings: it travels to the browser. */
export type Slot = { start: string; end: string; day: string };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of "HH:MM" (24:00 allowed as the end of a day), or null. */
export function parseClock(value: string): number | null {
  if (value === "24:00") return 24 * 60;
  const match = CLOCK.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** ISO weekday of a calendar day: 1 Monday .. 7 Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

type DayRules = Pick<SlotRules, "hours" | "blockedDays" | "holidays">;

/** A day visits can happen on: its weekday has hours, and it is neither a holiday nor blocked. */
export function isWorkingDay(day: string, rules: DayRules): boolean {
  const weekday = isoWeekday(day);
  return rules.hours.some((r) => r.weekday === weekday) && !rules.holidays.includes(day) && !rules.blockedDays.includes(day);
}

/** The first working day after `today`, looking a year ahead; null when there is none (an empty week). */
export function nextWorkingDay(today: string, rules: DayRules): string | null {
  if (rules.hours.length === 0) return null;
  for (let day = addDays(today, 1), n = 0; n < 366; day = addDays(day, 1), n++) {
    if (isWorkingDay(day, rules)) return day;
  }
  return null;
}

/** The Madrid days that can be booked: `horizonDays` calendar days from the next working day. */
export function bookingWindow(now: Date, rules: DayRules & Pick<SlotRules, "horizonDays">): { first: string; last: string } | null {
  const first = nextWorkingDay(madridDay(now), rules);
  return first ? { first, last: addDays(first, rules.horizonDays - 1) } : null;
}

/** The whole slots of one day, in order, before taking out the busy times. */
export function daySlots(day: string, rules: Pick<SlotRules, "hours" | "slotMinutes">): Slot[] {
  const weekday = isoWeekday(day);
  const ranges = rules.hours
    .filter((r) => r.weekday === weekday)
    .map((r) => ({ from: parseClock(r.startsAt), to: parseClock(r.endsAt) }))
    .filter((r): r is { from: number; to: number } => r.from !== null && r.to !== null && r.from < r.to)
    .sort((a, b) => a.from - b.from);
  const slots: Slot[] = [];
  let taken = 0;
  for (const { from, to } of ranges) {
    // A range that does not divide evenly keeps only its whole slots; overlapping ranges never give overlapping slots.
    for (let start = Math.max(from, taken); start + rules.slotMinutes <= to; start += rules.slotMinutes) {
      slots.push({ start: madridInstant(day, formatClock(start)).toISOString(), end: madridInstant(day, formatClock(start + rules.slotMinutes)).toISOString(), day });
      taken = start + rules.slotMinutes;
    }
  }
  return slots;
}

const overlaps = (slot: Slot, busy: BusyInterval) => Date.parse(slot.start) < busy.end.getTime() && busy.start.getTime() < Date.parse(slot.end);

/** Every free slot from the next working day over the horizon, minus blocked days, holidays and busy times. */
export function freeSlots(rules: SlotRules, now: Date): Slot[] {
  const window = bookingWindow(now, rules);
  if (!window) return [];
  const slots: Slot[] = [];
  for (let day = window.first; day <= window.last; day = addDays(day, 1)) {
    if (!isWorkingDay(day, rules)) continue;
    for (const slot of daySlots(day, rules)) {
      if (Date.parse(slot.start) <= now.getTime()) continue;
      if (rules.busy.some((busy) => overlaps(slot, busy))) continue;
      slots.push(slot);
    }
  }
  return slots;
}

/** The slots grouped by Madrid day, in order: the booking page's list of days. */
export function slotsByDay(slots: readonly Slot[]): { day: string; slots: Slot[] }[] {
  const days: { day: string; slots: Slot[] }[] = [];
  for (const slot of slots) {
    const last = days.at(-1);
    if (last?.day === slot.day) last.slots.push(slot);
    else days.push({ day: slot.day, slots: [slot] });
  }
  return days;
}

/** The first `count` free slots after a given instant: what a customer who lost a slot is offered. */
export function nextSlotsAfter(slots: readonly Slot[], after: string, count = 3): Slot[] {
  const from = Date.parse(after);
  const later = slots.filter((s) => Date.parse(s.start) > from);
  return (later.length > 0 ? later : slots).slice(0, count);
}

/** The years of the booking window that have no public holiday listed (the back office warns). */
export function yearsWithoutHolidays(now: Date, rules: DayRules & Pick<SlotRules, "horizonDays">): number[] {
  const today = madridDay(now);
  const last = bookingWindow(now, rules)?.last ?? addDays(today, rules.horizonDays);
  const years = new Set<number>();
  for (let year = Number(today.slice(0, 4)); year <= Number(last.slice(0, 4)); year++) years.add(year);
  return [...years].filter((year) => !rules.holidays.some((day) => day.startsWith(`${year}-`)));
}
