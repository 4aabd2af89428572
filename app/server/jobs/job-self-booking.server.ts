import { eq } from "drizzle-orm";
import { changeSequence } from "../calendar/ics.server";
import type { Transaction } from "../db/client.server";
import { user } from "../accounts/accounts-schema.server";
import { audit } from "../audit.server";
import { enqueue } from "../outbox.server";
import { jobRef } from "../outbox-refs.server";
import { jobs } from "./jobs-schema.server";
import { jobScheduledMail } from "./job-emails.server";
import { technicianClash } from "./technician-clash.server";

/*
 * The customer chooses the day of a job without a quote (issue 31: a plan's maintenance visit)
 * among the shop's free slots. The caller holds the slot-booking lock and has checked the slot
 * is free (visits/visit-calendar.server.ts); this sets the job's time, "Programado", and sends
 * the date with its calendar file. The technician, if one was already given, keeps it when free
 * at the new time; otherwise the owner gives one from the job's page.
 */

export type SelfBooking = { ok: true; rescheduled: boolean } | { ok: false; reason: "closed" | "taken" };

/** Whether the customer may still choose (or change) the day: not begun, not done, not cancelled. */
export function isSelfBookable(job: { kind: string; status: string; startsAt: Date | null }, now: Date): boolean {
  if (job.kind === "instalacion") return false;
  if (job.status === "pendiente_programar") return true;
  return job.status === "programado" && job.startsAt !== null && job.startsAt.getTime() > now.getTime();
}

export async function bookJobSlot(tx: Transaction, jobId: number, slot: { start: Date; end: Date }, now: Date): Promise<SelfBooking> {
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job || !isSelfBookable(job, now)) return { ok: false, reason: "closed" };
  const [tech] = job.technicianId ? await tx.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, job.technicianId)) : [];
  // The technician already given keeps the job only if free at the new time.
  const keeps = tech && !(await technicianClash(tx, tech, slot.start, slot.end, { jobId })) ? tech : null;
  const rescheduled = job.status === "programado";
  await tx
    .update(jobs)
    .set({ status: "programado", startsAt: slot.start, endsAt: slot.end, technicianId: keeps?.id ?? null, reminderSentAt: null, updatedAt: now })
    .where(eq(jobs.id, jobId));
  await audit(tx, { email: job.customer.email || "cliente" }, {
    action: rescheduled ? "cliente cambia el día del trabajo" : "cliente elige el día del trabajo",
    entity: "trabajo",
    entityId: jobId,
    before: { estado: job.status, inicio: job.startsAt?.toISOString() ?? null, tecnico: job.technicianId },
    after: { estado: "programado", inicio: slot.start.toISOString(), fin: slot.end.toISOString(), tecnico: keeps?.id ?? null },
  });
  if (job.customer.email) {
    const facts = { id: jobId, kind: job.kind, reference: job.title, customer: job.customer, workPlace: job.workPlace, startsAt: slot.start, endsAt: slot.end, technicianName: keeps?.name ?? null, sequence: changeSequence(job.createdAt, now) };
    await enqueue(tx, "email", jobScheduledMail(facts, rescheduled), { ref: jobRef(jobId) });
  }
  return { ok: true, rescheduled };
}
