import { addDays, madridDay, madridInstant, mondayOf } from "../dates/madrid-dates";

/*
 * The periods of the back office's home page (issue 11: "today and this week at a glance"),
 * on Madrid's calendar whatever the server's time zone: today, the week from Monday, the
 * agenda of today and the next seven days, and the day from which an unpaid transfer is late.
 */

export type DashboardPeriods = {
  /** "YYYY-MM-DD" */
  today: string;
  /** Monday of this week, "YYYY-MM-DD". */
  weekStart: string;
  /** Instants: [todayFrom, tomorrowFrom) is today; [weekFrom, tomorrowFrom) this week so far. */
  todayFrom: Date;
  weekFrom: Date;
  tomorrowFrom: Date;
  /** The agenda (issue 30): today and the next seven days, to this day included. */
  agendaUntil: string;
  /**
   * The last Madrid day whose unpaid transfers count as late: placed TRANSFER_REMINDER_DAYS
   * calendar days ago or earlier. Calendar days, so that the figure and the order list
   * filtered with hasta=<this day> show the same orders.
   */
  lateUntil: string;
  lateBefore: Date;
};

export function dashboardPeriods(now: Date, reminderDays: number): DashboardPeriods {
  const today = madridDay(now);
  const weekStart = mondayOf(today);
  const lateUntil = addDays(today, -reminderDays);
  return {
    today,
    weekStart,
    todayFrom: madridInstant(today),
    weekFrom: madridInstant(weekStart),
    tomorrowFrom: madridInstant(addDays(today, 1)),
    agendaUntil: addDays(today, 7),
    lateUntil,
    lateBefore: madridInstant(addDays(lateUntil, 1)),
  };
}
