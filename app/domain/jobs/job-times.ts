import { addDays, longDay, madridClock } from "../dates/madrid-dates";

/*
 * Jobs' times are Madrid wall-clock times (issue 17): the owner types "2026-03-30, 09:00 to
 * 13:00" and means Madrid's clock on that day, summer time or not (app/domain/dates/madrid-dates.ts
 * turns it into the instant, whatever the server's own time zone is).
 */

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isHhmm(value: string): boolean {
  return HHMM.test(value);
}

/** The seven days of the week starting on a Monday. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** "lunes, 30 de marzo de 2026, de 09:00 a 13:00" (Madrid). */
export function describeSlot(startsAt: Date, endsAt: Date): string {
  const start = madridClock(startsAt);
  const end = madridClock(endsAt);
  const until = end.day === start.day ? end.time : `${longDay(end.day)}, ${end.time}`;
  return `${longDay(start.day)}, de ${start.time} a ${until}`;
}
