import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import { nextSlotsAfter, type Slot } from "~/domain/visits/visit-slots";
import type { VisitContact } from "~/domain/visits/visit-forms";
import { audit, type Actor } from "../audit.server";
import type { Database } from "../db/client.server";
import { EXCLUSION_VIOLATION, isRetryable, pgErrorCode } from "../db/pg-errors.server";
import { contactRequests } from "../quotes/quotes-schema.server";
import { visits } from "./visits-schema.server";
import { currentFreeSlots, freeSlotAt, holdSlotBookings } from "./visit-calendar.server";
import { enqueueVisitMails } from "./visit-emails.server";
import { factsOfContact } from "~/domain/customers/customer-sources";
import { customerFor } from "../customers/customer-records.server";

/*
 * Booking, changing and cancelling the free visit (issue 17, decision 0015). Two reserved
 * visits never overlap: the exclusion constraint visits_no_overlap (migration 0015) refuses the
 * second of two customers racing for one slot, on any number of instances, with SQLSTATE
 * 23P01; that customer is offered the next free slots instead of an error. Each change writes
 * its e-mails to the outbox in the same transaction.
 */

export type Visit = typeof visits.$inferSelect;

export type BookingResult =
  | { ok: true; visit: Visit }
  /** "taken": someone booked it a moment ago; "not-free": it is not a current free slot (old page, forged value). */
  | { ok: false; reason: "taken" | "not-free"; next: Slot[] };

/** True when the error (or the driver's error that Drizzle wraps) is the overlap constraint's. */
export function isOverlapRefusal(error: unknown): boolean {
  return pgErrorCode(error) === EXCLUSION_VIOLATION;
}

/**
 * Runs a booking's transaction, again when PostgreSQL cancelled it as a deadlock's victim: two
 * inserts racing into the exclusion constraint each wait for the other's uncommitted row, and
 * PostgreSQL cancels one of them (40P01). Run again, it meets the winner's committed row and
 * gets the constraint's own refusal (23P01), or books if the winner rolled back.
 */
async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

export function newVisitToken(): string {
  return randomBytes(24).toString("base64url");
}

export function isVisitToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

async function refusal(db: Database, reason: "taken" | "not-free", slotStart: string, now: Date): Promise<BookingResult> {
  return { ok: false, reason, next: nextSlotsAfter(await currentFreeSlots(db, now), slotStart) };
}

/** A slot missing from the free ones: "taken" when a reserved visit holds its start (booked since the page was read). */
async function notFree(db: Database, slotStart: string, now: Date): Promise<BookingResult> {
  const start = new Date(slotStart);
  if (Number.isNaN(start.getTime())) return refusal(db, "not-free", now.toISOString(), now);
  const [held] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.state, "reservada"), lte(visits.startsAt, start), gt(visits.endsAt, start)))
    .limit(1);
  return refusal(db, held ? "taken" : "not-free", slotStart, now);
}

/** Books a current free slot for the customer; the confirmation e-mail goes with it. */
export async function bookVisit(
  db: Database,
  input: { slotStart: string; contact: VisitContact; contactRequestId: number | null; staff?: { email: string; customerId: number | null } },
  now = new Date(),
): Promise<BookingResult> {
  const slot = (await currentFreeSlots(db, now)).find((s) => Date.parse(s.start) === Date.parse(input.slotStart));
  if (!slot) return notFree(db, input.slotStart, now);
  const { contact } = input;
  try {
    const visit = await withDeadlockRetry(() => db.transaction(async (tx) => {
      await holdSlotBookings(tx);
      // Taken since it was read (a plan's maintenance visit, a job scheduled): the same refusal as the constraint's.
      if (!(await freeSlotAt(tx, slot.start, now))) return null;
      // Booked by the owner from a customer record: the visit stays on it while it is the same customer.
      const customerId = await customerFor(tx, factsOfContact(contact), input.staff?.customerId ?? null);
      const [row] = await tx
        .insert(visits)
        .values({
          customerId,
          contactRequestId: input.contactRequestId,
          token: newVisitToken(),
          startsAt: new Date(slot.start),
          endsAt: new Date(slot.end),
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          address: contact.address,
          town: contact.town,
          notes: contact.notes,
        })
        .returning();
      await enqueueVisitMails(tx, row!, "reservada");
      if (input.staff) await audit(tx, input.staff, { action: "reservar visita", entity: "visita", entityId: row!.id, after: { cliente: customerId, hora: slot.start } });
      return row!;
    }));
    return visit ? { ok: true, visit } : refusal(db, "taken", slot.start, now);
  } catch (error) {
    if (isOverlapRefusal(error)) return refusal(db, "taken", slot.start, now);
    throw error;
  }
}

export type ChangeResult = BookingResult | { ok: false; reason: "closed" };

/** Moves a reserved visit to another free slot: the old time is freed and the new one taken in one transaction. */
export async function changeVisit(db: Database, token: string, slotStart: string, now = new Date()): Promise<ChangeResult> {
  const slot = (await currentFreeSlots(db, now)).find((s) => Date.parse(s.start) === Date.parse(slotStart));
  if (!slot) return notFree(db, slotStart, now);
  try {
    const visit = await withDeadlockRetry(() => db.transaction(async (tx) => {
      await holdSlotBookings(tx);
      if (!(await freeSlotAt(tx, slot.start, now))) return "taken" as const;
      const [current] = await tx.select().from(visits).where(eq(visits.token, token)).for("update");
      if (!current || !isOpen(current, now)) return null;
      // The same row, so the customer's link and the calendar entry (its UID) stay the same.
      const [row] = await tx
        .update(visits)
        .set({ startsAt: new Date(slot.start), endsAt: new Date(slot.end), reminderSentAt: null, updatedAt: nextUpdate(current) })
        .where(eq(visits.id, current.id))
        .returning();
      await enqueueVisitMails(tx, row!, "cambiada", current);
      return row!;
    }));
    if (visit === "taken") return refusal(db, "taken", slot.start, now);
    return visit ? { ok: true, visit } : { ok: false, reason: "closed" };
  } catch (error) {
    if (isOverlapRefusal(error)) return refusal(db, "taken", slot.start, now);
    throw error;
  }
}

/**
 * At least a second after the previous change: the calendar file's SEQUENCE counts the seconds
 * since the booking, and must grow with every change so calendars replace the event.
 */
function nextUpdate(visit: Visit): Date {
  return new Date(Math.max(Date.now(), visit.updatedAt.getTime() + 1000));
}

/** A visit the customer may still change or cancel: reserved, and not begun yet. */
export function isOpen(visit: Pick<Visit, "state" | "startsAt">, now = new Date()): boolean {
  return visit.state === "reservada" && visit.startsAt.getTime() > now.getTime();
}

/** Cancels a reserved visit (by the customer's token or, from the back office, by id); the cancellation e-mail goes with it. */
export async function cancelVisit(
  db: Database,
  which: { token: string } | { id: number },
  actor: Actor | "cliente",
  now = new Date(),
): Promise<Visit | null> {
  return db.transaction(async (tx) => {
    const where = "token" in which ? eq(visits.token, which.token) : eq(visits.id, which.id);
    const [current] = await tx.select().from(visits).where(where).for("update");
    if (!current || current.state !== "reservada") return null;
    if (actor === "cliente" && !isOpen(current, now)) return null;
    const [row] = await tx
      .update(visits)
      .set({ state: "cancelada", cancelledAt: now, updatedAt: nextUpdate(current) })
      .where(eq(visits.id, current.id))
      .returning();
    await enqueueVisitMails(tx, row!, "cancelada");
    if (actor !== "cliente") {
      await audit(tx, actor, {
        action: "anular visita",
        entity: "visita",
        entityId: current.id,
        before: { state: current.state, startsAt: current.startsAt.toISOString() },
        after: { state: "cancelada" },
      });
    }
    return row!;
  });
}

export async function findVisitByToken(db: Database, token: string): Promise<Visit | null> {
  if (!isVisitToken(token)) return null;
  const [row] = await db.select().from(visits).where(eq(visits.token, token));
  return row ?? null;
}

/** The request's reserved visit still to come, if any: a request books one visit at a time. */
export async function openVisitOfRequest(db: Database, requestId: number, now = new Date()): Promise<Visit | null> {
  const [row] = await db
    .select()
    .from(visits)
    .where(and(eq(visits.contactRequestId, requestId), eq(visits.state, "reservada"), gt(visits.endsAt, now)))
    .orderBy(asc(visits.startsAt))
    .limit(1);
  return row ?? null;
}

/** The request's latest visit, whatever its state (the back office's request page). */
export async function latestVisitOfRequest(db: Database, requestId: number): Promise<Visit | null> {
  const [row] = await db.select().from(visits).where(eq(visits.contactRequestId, requestId)).orderBy(desc(visits.createdAt)).limit(1);
  return row ?? null;
}

/** What the booking form is prefilled with: the request's own details. */
export async function requestDetails(db: Database, requestId: number) {
  const [row] = await db
    .select({
      id: contactRequests.id,
      name: contactRequests.nameAndSurname,
      phone: contactRequests.phone,
      email: contactRequests.email,
      address: contactRequests.address,
      town: contactRequests.town,
    })
    .from(contactRequests)
    .where(eq(contactRequests.id, requestId));
  return row ?? null;
}
