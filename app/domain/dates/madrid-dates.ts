/*
 * Calendar days of the shop (Madrid), as "YYYY-MM-DD", whatever the server's time zone: the
 * back office's date filters and the installation visits are Madrid days.
 */

export const TIME_ZONE = "Europe/Madrid";

const ymdFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const wallClock = new Intl.DateTimeFormat("en-CA", {
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

/** Madrid's calendar day of an instant. */
export function madridDay(instant: Date): string {
  return ymdFormat.format(instant);
}

/** The day after (or before, with a negative count). */
export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Minutes Madrid's clock is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function madridOffsetMinutes(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
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

/** "28/03/2026" from "2026-03-28". */
export function formatYmd(ymd: string): string {
  const [y, m, d] = ymd.split("-");
  return `${d}/${m}/${y}`;
}
