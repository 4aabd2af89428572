/**
 * An installation job, made from an accepted quote (issue 17):
 * pendiente_programar -> programado -> en_curso -> terminado -> cobrado; cancelado from any open state.
 */
export const JOB_STATUSES = ["pendiente_programar", "programado", "en_curso", "terminado", "cobrado", "cancelado"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pendiente_programar: "Pendiente de programar",
  programado: "Programado",
  en_curso: "En curso",
  terminado: "Terminado",
  cobrado: "Cobrado",
  cancelado: "Cancelado",
};

/** States from which a job may still be cancelled (its units go back to stock). */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = ["pendiente_programar", "programado", "en_curso"];
