import { addDays, addMonths } from "../dates/madrid-dates";

/*
 * The calendar of a maintenance plan (issue 31), in Madrid calendar days ("YYYY-MM-DD"):
 * - the next visit is due a year after the last maintenance (or after the unit's installation,
 *   or the plan's start, when none was done yet), or sooner when the RITE asks for it sooner
 *   (rite-periods.ts);
 * - six weeks before, the visit's job is made and the customer e-mailed free slots; 14 days
 *   later without a choice, a reminder; 14 more, the owner's list;
 * - the plan renews every year on its start's anniversary; 30 days before, the customer is told
 *   the price and how it will be paid; 30 days unpaid after the renewal, the plan ends.
 * Months are counted as addMonths counts them (29 February + 1 year is 28 February).
 */

export const PLAN_VISIT_MONTHS = 12;
export const BOOKING_OPENS_DAYS_BEFORE = 42;
export const BOOKING_REMINDER_AFTER_DAYS = 14;
export const OWNER_LIST_AFTER_DAYS = 28;
export const RENEWAL_NOTICE_DAYS_BEFORE = 30;
export const UNPAID_RENEWAL_ENDS_AFTER_DAYS = 30;

/** The day the next maintenance visit is due. `riteMonths`: the legal period, when one applies. */
export function nextVisitDueOn(lastMaintenanceOn: string, riteMonths: number | null): string {
  return addMonths(lastMaintenanceOn, Math.min(PLAN_VISIT_MONTHS, riteMonths ?? PLAN_VISIT_MONTHS));
}

/** When the customer is offered slots for a visit due on `dueOn` (six weeks before). */
export function bookingOpensOn(dueOn: string): string {
  return addDays(dueOn, -BOOKING_OPENS_DAYS_BEFORE);
}

/** The plan's renewal days: its start's anniversaries. `n`: 1 for the first renewal. */
export function renewalOn(startedOn: string, n: number): string {
  return addMonths(startedOn, 12 * n);
}

/** The first renewal day after `today` (today's, when it falls today). */
export function nextRenewalOn(startedOn: string, today: string): string {
  let n = 1;
  while (renewalOn(startedOn, n) < today) n++;
  return renewalOn(startedOn, n);
}

export function renewalNoticeOn(renewsOn: string): string {
  return addDays(renewsOn, -RENEWAL_NOTICE_DAYS_BEFORE);
}

export function unpaidRenewalEndsOn(renewsOn: string, payBy: string | null = null): string {
  const ends = addDays(renewsOn, UNPAID_RENEWAL_ENDS_AFTER_DAYS);
  return payBy !== null && payBy > ends ? payBy : ends;
}

/** A debit returned after it was credited (up to 8 weeks later): the customer has this many days from the return to pay by transfer. */
export const RETURNED_DEBIT_PAY_DAYS = 14;
