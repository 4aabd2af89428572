/*
 * What a customer owes for a job (issue 17), declared once: the deposit ("señal") asked by the
 * accepted quote, paid after acceptance, and the final balance, invoiced when the job is
 * finished (the whole work minus the deposit already invoiced). Each is paid by card or Bizum
 * through Redsys (payment_attempts.charge_id) or by a transfer the owner records.
 *
 * pendiente: waiting for the money. pagado: paid (card, Bizum or transfer). anulado: replaced
 * (a newly accepted version asks another deposit) or the job was cancelled before it was paid.
 */
export const JOB_CHARGE_KINDS = ["senal", "final"] as const;
export type JobChargeKind = (typeof JOB_CHARGE_KINDS)[number];

export const JOB_CHARGE_STATES = ["pendiente", "pagado", "anulado"] as const;
export type JobChargeState = (typeof JOB_CHARGE_STATES)[number];

export const JOB_CHARGE_LABELS: Record<JobChargeKind, string> = {
  senal: "Señal",
  final: "Pago final",
};
