import { eq } from "drizzle-orm";
import { nextSlotsAfter, type Slot } from "~/domain/visits/visit-slots";
import type { Database } from "../db/client.server";
import { jobs } from "../jobs/jobs-schema.server";
import { bookJobSlot, isSelfBookable } from "../jobs/job-self-booking.server";
import { currentFreeSlots, freeSlotAt, holdSlotBookings } from "../visits/visit-calendar.server";
import { maintenancePlans, planVisits } from "./maintenance-schema.server";
import { isPlanVisitToken, unitLines } from "./plan-visits.server";

/*
 * The customer's page of a plan's maintenance visit (issue 31): /mantenimiento/visita/<token>
 * from the e-mail. The customer chooses a free slot (the free visits' rules: the owner's hours,
 * holidays, what is booked) or moves the one chosen, until the visit begins.
 */

export type PlanVisitView = {
  token: string;
  planId: number;
  customerName: string;
  email: string;
  dueOn: string;
  units: string[];
  place: string;
  startsAt: string | null;
  endsAt: string | null;
  /** The customer may still choose or change the day. */
  open: boolean;
  done: boolean;
  cancelled: boolean;
};

export async function findPlanVisit(db: Pick<Database, "select">, token: string, now = new Date()): Promise<PlanVisitView | null> {
  if (!isPlanVisitToken(token)) return null;
  const [row] = await db
    .select({ visit: planVisits, job: jobs, plan: { state: maintenancePlans.state, name: maintenancePlans.customerName, email: maintenancePlans.customerEmail } })
    .from(planVisits)
    .innerJoin(jobs, eq(jobs.id, planVisits.jobId))
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planVisits.planId))
    .where(eq(planVisits.token, token));
  if (!row) return null;
  const { visit, job, plan } = row;
  const live = plan.state === "activo" || plan.state === "pendiente_pago";
  return {
    token: visit.token,
    planId: visit.planId,
    customerName: plan.name,
    email: plan.email,
    dueOn: visit.dueOn,
    units: unitLines(job.units),
    place: [job.workPlace.address, [job.workPlace.postcode, job.workPlace.town].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    startsAt: job.startsAt?.toISOString() ?? null,
    endsAt: job.endsAt?.toISOString() ?? null,
    open: live && isSelfBookable(job, now),
    done: visit.doneOn !== null || job.status === "terminado" || job.status === "cobrado",
    cancelled: job.status === "cancelado" || !live,
  };
}

export type PlanVisitBooking =
  | { ok: true; rescheduled: boolean }
  /** "taken": booked by someone else a moment ago; "not-free": not a current free slot; "closed": the visit can no longer be changed here. */
  | { ok: false; reason: "taken" | "not-free" | "closed"; next: Slot[] };

export async function bookPlanVisit(db: Database, token: string, slotStart: string, now = new Date()): Promise<PlanVisitBooking> {
  const view = await findPlanVisit(db, token, now);
  if (!view?.open) return { ok: false, reason: "closed", next: [] };
  const slot = await freeSlotAt(db, slotStart, now);
  const next = async (reason: "taken" | "not-free") => ({ ok: false as const, reason, next: nextSlotsAfter(await currentFreeSlots(db, now), Number.isNaN(Date.parse(slotStart)) ? now.toISOString() : slotStart) });
  if (!slot) return next("not-free");
  const result = await db.transaction(async (tx) => {
    await holdSlotBookings(tx);
    if (!(await freeSlotAt(tx, slot.start, now))) return { ok: false as const, reason: "taken" as const };
    const [visit] = await tx.select({ jobId: planVisits.jobId }).from(planVisits).where(eq(planVisits.token, token));
    if (!visit) return { ok: false as const, reason: "closed" as const };
    return bookJobSlot(tx, visit.jobId, { start: new Date(slot.start), end: new Date(slot.end) }, now);
  });
  if (result.ok) return result;
  return result.reason === "closed" ? { ok: false, reason: "closed", next: [] } : next("taken");
}
