/*
 * The shop's days and clocks (Madrid), whatever the server's or the browser's time zone: the
 * one home of every date the shop computes or prints (issue 29). A calendar day is written
 * "YYYY-MM-DD"; an instant is a Date. Printed forms: "05/03/2026", "05/03/2026, 14:07",
 * "14:07", "martes 1 de diciembre", "lunes, 30 de marzo de 2026", "lun, 30 mar".
 */

export const TIME_ZONE = "Europe/Madrid";

// The formatters are marked pure: a page that only imports a day check from here (isYmd)
// does not carry them (the bundler may drop a module whose top level has no side effects).
const wallClock = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written "YYYY-MM-DD" (not "2026-02-30"). */
export function isYmd(value: string): boolean {
  const match = YMD.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Madrid's wall clock at an instant, field by field. */
function wallParts(instant: Date | number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** Madrid's day ("YYYY-MM-DD") and clock ("HH:MM", 00:00 to 23:59) of an instant. */
export function madridClock(instant: Date): { day: string; time: string } {
  const p = wallParts(instant);
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Madrid's calendar day of an instant. */
export function madridDay(instant: Date): string {
  return madridClock(instant).day;
}

/** "10:00": Madrid's clock at an instant. */
export function madridTime(instant: Date | string): string {
  return madridClock(new Date(instant)).time;
}

/** The day after (or before, with a negative count). */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The same day `months` later (or earlier), clamped to the month's end: 31 August + 6 months
 * is 28 February (29 in a leap year), 29 February 2028 + 12 months is 28 February 2029.
 * Warranties, maintenance periods and plan renewals count months this way.
 */
export function addMonths(ymd: string, months: number): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** The Monday of the week a Madrid day "YYYY-MM-DD" falls in (weeks start on Monday; a Sunday belongs to the week before). */
export function mondayOf(ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(ymd, -((weekday + 6) % 7));
}

/** Minutes Madrid's clock is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function madridOffsetMinutes(instant: number): number {
  const p = wallParts(instant);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - instant) / 60_000);
}

/**
 * The instant of a Madrid wall-clock time on a day ("2026-03-29", "09:00"). Checked twice
 * because the offset may change between the guess and the answer (the clocks move at 02:00
 * or 03:00; no time of ours is near that).
 */
export function madridInstant(ymd: string, time = "00:00"): Date {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - madridOffsetMinutes(wall) * 60_000;
  instant = wall - madridOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

/**
 * The first instant after `now` at which Madrid's clock reads `time` ("08:00"): today's, or
 * tomorrow's once today's has passed; with `weekday` (1 Monday ... 7 Sunday), that day's of
 * this week or the next. For the scheduled tasks that run at a time of day (decision 0034);
 * times between 02:00 and 03:00 are not used (on the last Sunday of March Madrid's clock skips
 * them).
 */
export function nextMadridTime(now: Date, time: string, weekday?: number): Date {
  const today = madridDay(now);
  if (weekday !== undefined) {
    // That weekday of this week (1 Monday ... 7 Sunday), or of the next one once it is past.
    const thisWeeks = madridInstant(addDays(mondayOf(today), weekday - 1), time);
    return thisWeeks.getTime() > now.getTime() ? thisWeeks : madridInstant(addDays(mondayOf(today), weekday + 6), time);
  }
  const todays = madridInstant(today, time);
  return todays.getTime() > now.getTime() ? todays : madridInstant(addDays(today, 1), time);
}

/** "28/03/2026" from "2026-03-28" (no Intl: a quote's hashed text must not change with ICU). */
export function formatYmd(ymd: string): string {
  const [y, m, d] = ymd.split("-");
  return `${d}/${m}/${y}`;
}

/** "05/03/2026": an instant's Madrid day. */
export function formatDate(instant: Date): string {
  return formatYmd(madridDay(instant));
}

/** "05/03/2026, 14:07": an instant in Madrid. */
export function formatDateTime(instant: Date): string {
  const { day, time } = madridClock(instant);
  return `${formatYmd(day)}, ${time}`;
}

/* Words of a calendar day: read at noon UTC, which no time zone moves to another day. */
const noon = (ymd: string) => new Date(`${ymd}T12:00:00Z`);
const WORDS = /* @__PURE__ */ new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
const LONG_DAY = /* @__PURE__ */ new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const SHORT_DAY = /* @__PURE__ */ new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
const MONTH_YEAR = /* @__PURE__ */ new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", month: "long", year: "numeric" });

/** "martes 1 de diciembre" of a Madrid calendar day. */
export function spanishCalendarDay(ymd: string): string {
  const parts = WORDS.formatToParts(noon(ymd));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} de ${part("month")}`;
}

/** "martes 1 de diciembre": the Madrid day of an instant. */
export function spanishDay(instant: Date | string): string {
  return spanishCalendarDay(madridDay(new Date(instant)));
}

/** "lunes, 30 de marzo de 2026". */
export function longDay(ymd: string): string {
  return LONG_DAY.format(noon(ymd));
}

/** "noviembre de 2026": the month of a Madrid calendar day. */
export function monthAndYear(ymd: string): string {
  return MONTH_YEAR.format(noon(ymd));
}

/** "lun, 30 mar". */
export function shortDay(ymd: string): string {
  return SHORT_DAY.format(noon(ymd));
}
