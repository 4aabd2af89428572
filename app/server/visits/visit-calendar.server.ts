import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { freeSlots, type BusyInterval, type Slot, type SlotRules, type WeeklyRange } from "~/domain/visits/visit-slots";
import type { Database, Transaction } from "../db/client.server";
import { jobs } from "../jobs/jobs-schema.server";
import { blockedDays, bookingSettings, publicHolidays, visitHours, visits } from "./visits-schema.server";

/*
 * What the free slots are computed from (issue 17): the owner's availability, blocked days and
 * holidays, and the busy times (reserved visits, scheduled jobs). The rule itself is pure:
 * app/domain/visits/visit-slots.ts.
 */

type Reader = Pick<Database, "select">;

export type Availability = Omit<SlotRules, "busy">;

const DEFAULT_SETTINGS = { slotMinutes: 60, horizonDays: 14 };

export async function readAvailability(db: Reader): Promise<Availability> {
  const [settings, hours, blocked, holidays] = await Promise.all([
    db.select({ slotMinutes: bookingSettings.slotMinutes, horizonDays: bookingSettings.horizonDays }).from(bookingSettings).limit(1),
    db
      .select({ weekday: visitHours.weekday, startsAt: visitHours.startsAt, endsAt: visitHours.endsAt })
      .from(visitHours)
      .orderBy(asc(visitHours.weekday), asc(visitHours.startsAt)),
    db.select({ day: blockedDays.day }).from(blockedDays),
    db.select({ day: publicHolidays.day }).from(publicHolidays),
  ]);
  return {
    ...(settings[0] ?? DEFAULT_SETTINGS),
    hours: hours as WeeklyRange[],
    blockedDays: blocked.map((b) => b.day),
    holidays: holidays.map((h) => h.day),
  };
}

/** Reserved visits and scheduled or running jobs that end after `from`. */
export async function readBusy(db: Reader, from: Date): Promise<BusyInterval[]> {
  const [booked, scheduled] = await Promise.all([
    db
      .select({ start: visits.startsAt, end: visits.endsAt })
      .from(visits)
      .where(and(eq(visits.state, "reservada"), gt(visits.endsAt, from))),
    db
      .select({ start: jobs.startsAt, end: jobs.endsAt })
      .from(jobs)
      .where(and(inArray(jobs.status, ["programado", "en_curso"]), isNotNull(jobs.startsAt), gt(jobs.endsAt, from))),
  ]);
  return [...booked, ...scheduled].filter((b): b is BusyInterval => b.start !== null && b.end !== null);
}

/** The slots a customer can book now. */
export async function currentFreeSlots(db: Reader, now = new Date()): Promise<Slot[]> {
  const [availability, busy] = await Promise.all([readAvailability(db), readBusy(db, now)]);
  return freeSlots({ ...availability, busy }, now);
}

/** The current free slot that starts at `start`, or null. */
export async function freeSlotAt(db: Reader, start: string | Date, now = new Date()): Promise<Slot | null> {
  const at = new Date(start).getTime();
  if (Number.isNaN(at)) return null;
  return (await currentFreeSlots(db, now)).find((slot) => Date.parse(slot.start) === at) ?? null;
}

/**
 * Every booking of a slot by a customer (a free visit, the day of a plan's maintenance visit)
 * takes this lock in its transaction, then checks the slot again with freeSlotAt: two bookings of
 * one slot, of either kind, on any number of instances, go one after the other and the second
 * finds it taken. (Reserved visits between themselves are also kept apart by visits_no_overlap.)
 */
export async function holdSlotBookings(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('reservas-de-horas'))`);
}
