import { and, eq, sql } from "drizzle-orm";
import { jobRef } from "../outbox-refs.server";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { JOB_STATUS_LABELS, type JobStatus } from "~/domain/jobs/job-status";
import { describeSlot } from "~/domain/jobs/job-times";
import { canCancelJob, canMoveJob, canScheduleJob } from "~/domain/jobs/job-transitions";
import { formatEuros } from "~/domain/money";
import type { Admin } from "../accounts/admin-access.server";
import { TECHNICIAN_ROLE } from "../accounts/staff-roles.server";
import { audit, type Actor } from "../audit.server";
import { changeSequence } from "../calendar/ics.server";
import type { Database, Transaction } from "../db/client.server";
import { user } from "../accounts/accounts-schema.server";
import { quotes } from "../quotes/quotes-schema.server";
import { jobCharges, jobs } from "./jobs-schema.server";
import { jobReferenceSql } from "./jobs.server";
import { technicianClash } from "./technician-clash.server";
import { enqueue } from "../outbox.server";
import { jobCancelledMail, jobScheduledMail } from "./job-emails.server";
import { annulUnpaidCharges, chargesOf } from "./job-charges.server";
import { issueFinalInvoice } from "./job-final-invoice.server";
import { closeJobIfNothingOwed } from "./job-payments.server";
import { releaseJobUnits } from "./job-units.server";

/*
 * The owner's changes to a job (issue 17): schedule (date, Madrid time range, technician),
 * start, finish, paid, cancel. Each runs in one transaction with its audit line and, when the
 * customer must know, the e-mail in the outbox. The allowed moves are the pure rule of
 * ~/domain/jobs/job-transitions.ts.
 */

export type JobChangeResult =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409; error: string; field?: string };

const gone = { ok: false, status: 404, error: "Este trabajo ya no existe." } as const;

export const REPAIR_ENDS_WITH_REPORT = "Una reparación termina con el parte del técnico: el diagnóstico, las piezas y la mano de obra son su factura.";

async function lockJob(tx: Transaction, id: number) {
  const [job] = await tx
    .select({ job: jobs, reference: jobReferenceSql })
    .from(jobs)
    .leftJoin(quotes, eq(quotes.id, jobs.quoteId))
    .where(eq(jobs.id, id))
    .for("update", { of: jobs });
  return job ?? null;
}

const wrongState = (status: JobStatus): JobChangeResult => ({
  ok: false,
  status: 409,
  error: `No se puede hacer con un trabajo «${JOB_STATUS_LABELS[status]}». Recargue la página.`,
});

export type ScheduleInput = { day: string; from: string; to: string; technicianId: string; notes: string };

export async function scheduleJob(db: Database, admin: Admin, id: number, input: ScheduleInput, now = new Date()): Promise<JobChangeResult> {
  const startsAt = madridInstant(input.day, input.from);
  const endsAt = madridInstant(input.day, input.to);
  if (endsAt <= startsAt) return { ok: false, status: 409, error: "La hora de fin debe ser posterior a la de inicio.", field: "to" };
  return db.transaction(async (tx) => {
    // The technician's row first: two schedules for one technician wait for each other, so the
    // overlap check below cannot be passed by both at once (on any number of instances).
    const [tech] = await tx
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(and(eq(user.id, input.technicianId), eq(user.role, TECHNICIAN_ROLE)))
      .for("update");
    if (!tech) return { ok: false, status: 409, error: "Ese técnico no existe o ya no es técnico.", field: "technicianId" };
    const locked = await lockJob(tx, id);
    if (!locked) return gone;
    const { job, reference } = locked;
    if (!canScheduleJob(job.status)) return wrongState(job.status);

    const clash = await technicianClash(tx, tech, startsAt, endsAt, { jobId: id });
    if (clash) return { ok: false, status: 409, field: "from", error: clash };

    const rescheduled = job.status === "programado";
    const moved = job.startsAt?.getTime() !== startsAt.getTime() || job.endsAt?.getTime() !== endsAt.getTime();
    await tx
      .update(jobs)
      .set({
        status: "programado",
        technicianId: tech.id,
        startsAt,
        endsAt,
        notes: input.notes,
        // A new date earns a new reminder the day before it.
        reminderSentAt: moved ? null : job.reminderSentAt,
        updatedAt: now,
      })
      .where(eq(jobs.id, id));
    await audit(tx, { email: admin.email }, {
      action: rescheduled ? "reprogramar trabajo" : "programar trabajo",
      entity: "trabajo",
      entityId: id,
      before: { estado: job.status, inicio: job.startsAt?.toISOString() ?? null, fin: job.endsAt?.toISOString() ?? null, tecnico: job.technicianId, notas: job.notes },
      after: { estado: "programado", inicio: startsAt.toISOString(), fin: endsAt.toISOString(), tecnico: tech.id, notas: input.notes },
    });
    const when = describeSlot(startsAt, endsAt);
    let told = "";
    if (moved && job.customer.email) {
      const facts = { id, kind: job.kind, reference, customer: job.customer, workPlace: job.workPlace, startsAt, endsAt, technicianName: tech.name, sequence: changeSequence(job.createdAt, now) };
      await enqueue(tx, "email", jobScheduledMail(facts, rescheduled), { ref: jobRef(id) });
      told = ` Le hemos enviado la fecha a ${job.customer.email}.`;
    }
    return { ok: true, message: `Trabajo programado: ${when}, ${tech.name}.${told}` };
  });
}

export async function moveJob(db: Database, admin: Admin, id: number, to: "en_curso" | "terminado" | "cobrado", now = new Date()): Promise<JobChangeResult> {
  return db.transaction(async (tx) => {
    const locked = await lockJob(tx, id);
    if (!locked) return gone;
    const { job } = locked;
    if (!canMoveJob(job.status, to, job.kind)) return wrongState(job.status);
    // A repair's bill is its signed report (diagnosis, parts, labour): it ends with the report.
    if (to === "terminado" && job.kind === "reparacion") return { ok: false, status: 409, error: REPAIR_ENDS_WITH_REPORT };
    // "Cobrado" is what the money says: never while a charge waits (a payment closes the job by itself).
    const owed = to === "cobrado" ? await owedCents(tx, id) : 0;
    if (owed > 0) return { ok: false, status: 409, error: `Queda por cobrar ${formatEuros(owed)}: registre la transferencia en «Cobros», o espere el pago con tarjeta o Bizum, que cierra el trabajo.` };
    await tx.update(jobs).set({ status: to, updatedAt: now }).where(eq(jobs.id, id));
    await audit(tx, { email: admin.email }, { action: `trabajo: ${JOB_STATUS_LABELS[to]}`, entity: "trabajo", entityId: id, before: { estado: job.status }, after: { estado: to } });
    if (to !== "terminado") return { ok: true, message: `Trabajo «${JOB_STATUS_LABELS[to]}».` };
    // A plan's maintenance visit is covered by the plan: nothing to invoice.
    if (job.kind === "mantenimiento") return { ok: true, message: "Trabajo «Terminado»." };
    // Finished without the technician's report in the app (a paper delivery note): the final invoice all the same.
    const final = await issueFinalInvoice(tx, id, now);
    if (await closeJobIfNothingOwed(tx, id, { email: admin.email }, now)) return { ok: true, message: "Trabajo terminado y cobrado: la señal lo cubría todo." };
    return {
      ok: true,
      message: final.invoiceNumber
        ? `Trabajo «Terminado»: factura final ${final.invoiceNumber} de ${formatEuros(final.totalCents)} enviada al cliente con la forma de pago.`
        : "Trabajo «Terminado»: falta el NIF del cliente para la factura final (escríbalo en «Cobros»).",
    };
  });
}

/** What the job's pending charges still ask, in cents. */
async function owedCents(tx: Transaction, jobId: number): Promise<number> {
  const [row] = await tx
    .select({ owed: sql<number>`coalesce(sum(${jobCharges.amountCents}), 0)::int` })
    .from(jobCharges)
    .where(and(eq(jobCharges.jobId, jobId), eq(jobCharges.state, "pendiente")));
  return row?.owed ?? 0;
}

/** Cancelled from any open state, with a reason; the units it held go back to stock, once; its unpaid charges are annulled. */
export async function cancelJob(db: Database, admin: Admin, id: number, reason: string, now = new Date()): Promise<JobChangeResult> {
  return db.transaction((tx) => cancelJobIn(tx, { email: admin.email }, id, reason, now));
}

/** cancelJob in the caller's transaction (a plan ended cancels its visit's job, issue 31). */
export async function cancelJobIn(tx: Transaction, actor: Actor, id: number, reason: string, now: Date): Promise<JobChangeResult> {
  const locked = await lockJob(tx, id);
  if (!locked) return gone;
  const { job } = locked;
  if (!canCancelJob(job.status)) return wrongState(job.status);
  const returned = await releaseJobUnits(tx, id, now);
  const annulled = await annulUnpaidCharges(tx, id, now);
  await tx.update(jobs).set({ status: "cancelado", cancelReason: reason, updatedAt: now }).where(eq(jobs.id, id));
  await audit(tx, actor, {
    action: "cancelar trabajo",
    entity: "trabajo",
    entityId: id,
    before: { estado: job.status, unidades: job.heldUnits },
    after: { estado: "cancelado", motivo: reason, unidadesDevueltas: returned, ...(annulled.length ? { cobrosAnulados: annulled.map((c) => c.id) } : {}) },
  });
  const paid = (await chargesOf(tx, id)).filter((c) => c.kind === "senal" && c.state === "pagado").reduce((sum, c) => sum + c.amountCents, 0);
  let told = "";
  if (job.customer.email) {
    const facts = { id, kind: job.kind, reference: locked.reference, customer: job.customer, workPlace: job.workPlace, startsAt: job.startsAt, endsAt: job.endsAt };
    await enqueue(tx, "email", jobCancelledMail(facts, reason, paid), { ref: jobRef(id) });
    told = ` Se lo hemos dicho a ${job.customer.email}.`;
  }
  const units = returned ? `; ${returned} unidades han vuelto al stock` : "";
  return { ok: true, message: `Trabajo cancelado${units}.${told}` };
}
