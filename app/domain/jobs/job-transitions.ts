import { isBilledJob, type JobKind } from "./job-kinds";
import type { JobStatus } from "./job-status";

/*
 * Which way a job may move (issue 17, docs/decisions/0018-jobs-and-technicians.md). Scheduling
 * takes a job to "programado" (again, to reschedule it); the work then starts, ends and is paid;
 * "cancelado" from any open state gives back the held units. "cobrado" and "cancelado" are final.
 * A plan's maintenance visit (issue 31) is paid by the plan: "terminado" is its end; a repair is
 * paid like an installation.
 */
const NEXT: Record<JobStatus, readonly JobStatus[]> = {
  pendiente_programar: ["programado", "cancelado"],
  programado: ["programado", "en_curso", "cancelado"],
  en_curso: ["terminado", "cancelado"],
  terminado: ["cobrado"],
  cobrado: [],
  cancelado: [],
};

export function canMoveJob(from: JobStatus, to: JobStatus, kind: JobKind = "instalacion"): boolean {
  if (to === "cobrado" && !isBilledJob(kind)) return false;
  return NEXT[from].includes(to);
}

/** The moves a button offers on the job's page (scheduling has its own form). */
export function nextJobSteps(from: JobStatus, kind: JobKind = "instalacion"): JobStatus[] {
  // A repair ends with the technician's report, which is its bill (job-changes.server.ts).
  return NEXT[from].filter((to) => to !== "programado" && to !== "cancelado" && !(to === "terminado" && kind === "reparacion") && canMoveJob(from, to, kind));
}

/** The job can be (re)scheduled: a date, a time range and a technician. */
export function canScheduleJob(from: JobStatus): boolean {
  return canMoveJob(from, "programado");
}

export function canCancelJob(from: JobStatus): boolean {
  return canMoveJob(from, "cancelado");
}

/** A move the owner's button names, in the audit log and on the page. */
export const JOB_STEP_VERBS: Partial<Record<JobStatus, string>> = {
  en_curso: "Empezar el trabajo",
  terminado: "Marcar como terminado",
  cobrado: "Marcar como cobrado",
};
