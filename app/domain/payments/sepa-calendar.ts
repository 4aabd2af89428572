/*
 * The banks' days for a SEPA CORE direct debit (issue 31). Since the 2016 rulebook every
 * CORE debit, first or not, must reach the debtor's bank one inter-bank business day before
 * its due date (D-1); the days are those of TARGET2, the ECB's settlement system: every
 * weekday but 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. Our bank
 * takes the file by its own cut-off hour of that day, or earlier if its contract says so.
 * Days are "YYYY-MM-DD".
 */
import { addDays } from "../dates/madrid-dates";

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** TARGET2's closing days of a year, weekends aside. */
export function targetHolidays(year: number): string[] {
  const easter = easterSunday(year);
  return [`${year}-01-01`, addDays(easter, -2), addDays(easter, 1), `${year}-05-01`, `${year}-12-25`, `${year}-12-26`];
}

export function isTargetDay(ymd: string): boolean {
  const weekday = new Date(`${ymd}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !targetHolidays(Number(ymd.slice(0, 4))).includes(ymd);
}

/** The day itself when TARGET2 is open, else the next day it is (where a due date falls). */
export function targetDayOnOrAfter(ymd: string): string {
  let day = ymd;
  while (!isTargetDay(day)) day = addDays(day, 1);
  return day;
}

/** D-1: the last day the file of a debit due on `dueOn` can reach the bank (the TARGET2 day before). */
export function lastSubmissionDay(dueOn: string): string {
  let day = addDays(dueOn, -1);
  while (!isTargetDay(day)) day = addDays(day, -1);
  return day;
}

/** The first due date (a TARGET2 day) that a file sent on `sentOn` can still make. */
export function earliestDueOn(sentOn: string): string {
  return targetDayOnOrAfter(addDays(targetDayOnOrAfter(sentOn), 1));
}
