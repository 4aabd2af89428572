/*
 * The rules of a SEPA CORE direct debit mandate that a renewal needs (issue 31), from the
 * EPC's SDD Core rulebook: the mandate reference, the sequence type of each debit, the
 * pre-notification and when an unused mandate lapses. The dates are Madrid calendar days
 * ("YYYY-MM-DD"); the banks' business days are in sepa-calendar.ts.
 */
import { addDays, addMonths } from "../dates/madrid-dates";
import { isSepaIdentifier } from "./sepa-text";

/** AT-01, the unique mandate reference: at most 35 characters (Max35Text). */
export const MANDATE_REFERENCE_MAX_LENGTH = 35;

/** Why a mandate reference cannot be used, in Spanish for the back office, or null when it can. */
export function mandateReferenceError(reference: string): string | null {
  if (reference.length === 0) return "Falta la referencia del mandato.";
  if (reference.length > MANDATE_REFERENCE_MAX_LENGTH) return `La referencia del mandato tiene ${reference.length} caracteres; el máximo es ${MANDATE_REFERENCE_MAX_LENGTH}.`;
  if (!isSepaIdentifier(reference, MANDATE_REFERENCE_MAX_LENGTH)) {
    return "La referencia del mandato solo puede llevar letras sin acentos, cifras y / - ? : ( ) . , ' +, sin espacios ni // y sin / al principio o al final.";
  }
  return null;
}

/**
 * FRST the first debit of a recurrent mandate, RCUR the next ones, FNAL the last one, OOFF the
 * only debit of a one-off mandate. Since the 2016 rulebook a first debit may also go as RCUR;
 * we keep FRST, which every bank still takes and which tells the debtor's bank a mandate starts.
 */
export const SEQUENCE_TYPES = ["FRST", "RCUR", "FNAL", "OOFF"] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

/**
 * The sequence type of the next debit of a mandate. `usedBefore`: a debit of it was settled
 * (returned or refunded ones count; one rejected before settlement does not). `last`: no
 * debit will follow (the plan ends).
 */
export function sequenceTypeFor(mandate: { recurrent: boolean; usedBefore: boolean }, last = false): SequenceType {
  if (!mandate.recurrent) return "OOFF";
  if (!mandate.usedBefore) return "FRST";
  return last ? "FNAL" : "RCUR";
}

/**
 * The debtor is told the amount and day at least 14 calendar days before (rulebook, unless
 * the mandate agrees a shorter time). A plan's renewal notice goes 30 days before anyway
 * (RENEWAL_NOTICE_DAYS_BEFORE in maintenance/plan-dates.ts), so it is the pre-notification.
 */
export const PRE_NOTIFICATION_DAYS = 14;

/** The first day a debit pre-notified on `notifiedOn` may be collected. */
export function earliestCollectionOn(notifiedOn: string, agreedDays = PRE_NOTIFICATION_DAYS): string {
  return addDays(notifiedOn, agreedDays);
}

/**
 * A mandate with no debit presented for 36 months lapses (rulebook): a new one must be
 * signed. Counted from the last debit presented (even one returned), or from the signature.
 */
export const MANDATE_LAPSES_AFTER_MONTHS = 36;

/** The first day the mandate can no longer be used (the 36th anniversary itself, to be safe). */
export function mandateLapsesOn(lastPresentedOrSignedOn: string): string {
  return addMonths(lastPresentedOrSignedOn, MANDATE_LAPSES_AFTER_MONTHS);
}
