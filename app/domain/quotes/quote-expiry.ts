import { addDays, madridDay } from "../dates/madrid-dates";

/*
 * A sent quote is valid through its validUntil day inclusive, in Madrid's calendar (issue 17):
 * sent on 1 March with 30 days, it can be accepted until 31 March at 23:59 Madrid time.
 */

export const DEFAULT_VALIDITY_DAYS = 30;

/** A sent quote "por caducar": still valid, its last day within this many days (the owner may call the customer). */
export const EXPIRING_SOON_DAYS = 7;

export function validUntilOf(issuedOn: string, validityDays: number): string {
  return addDays(issuedOn, validityDays);
}

export function isExpired(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && madridDay(now) > validUntil;
}
