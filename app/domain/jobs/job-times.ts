import { TZDate } from "@date-fns/tz";
import { addDays, isYmd, madridInstant, TIME_ZONE } from "../dates/madrid-dates";

/*
 * Jobs' times are Madrid wall-clock times (issue 17): the owner types "2026-03-30, 09:00 to
 * 13:00" and means Madrid's clock on that day, summer time or not. @date-fns/tz does the
 * conversion, whatever the server's own time zone is.
 */

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isHhmm(value: string): boolean {
  return HHMM.test(value);
}

/** Madrid's day ("YYYY-MM-DD") and clock ("HH:MM") of an instant. */
export function madridClock(instant: Date): { day: string; time: string } {
  const t = new TZDate(instant.getTime(), TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return { day: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`, time: `${pad(t.getHours())}:${pad(t.getMinutes())}` };
}

/** The Monday of the week a Madrid day falls in. */
export function mondayOf(ymd: string): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return addDays(ymd, -((weekday + 6) % 7));
}

/** The seven days of the week starting on a Monday. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

const LONG_DAY = new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
const SHORT_DAY = new Intl.DateTimeFormat("es-ES", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

const utcNoon = (ymd: string) => new Date(`${ymd}T12:00:00Z`);

/** "lunes, 30 de marzo de 2026". */
export function longDay(ymd: string): string {
  return LONG_DAY.format(utcNoon(ymd));
}

/** "lun, 30 mar". */
export function shortDay(ymd: string): string {
  return SHORT_DAY.format(utcNoon(ymd));
}

/** "lunes, 30 de marzo de 2026, de 09:00 a 13:00" (Madrid). */
export function describeSlot(startsAt: Date, endsAt: Date): string {
  const start = madridClock(startsAt);
  const end = madridClock(endsAt);
  const until = end.day === start.day ? end.time : `${longDay(end.day)}, ${end.time}`;
  return `${longDay(start.day)}, de ${start.time} a ${until}`;
}

export { addDays, isYmd, madridInstant };
