import type { JobKind } from "./job-kinds";

/*
 * What a customer owes for a job (issue 17), declared once: the deposit ("señal") asked by the
 * accepted quote, paid after acceptance, and the final balance, invoiced when the job is
 * finished (the whole work minus the deposit already invoiced). A repair's advance (issue 31)
 * is the call-out fee paid online with the breakdown, invoiced apart. Each is paid by card or Bizum
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

/** How pages and e-mails name a charge: "Señal" («la señal», «pagada»), "Pago final", a repair's "Desplazamiento y diagnóstico". */
export function chargeWords(kind: JobChargeKind, jobKind: JobKind): { label: string; the: string; paid: string } {
  if (kind === "senal" && jobKind === "reparacion") return { label: "Desplazamiento y diagnóstico", the: "el desplazamiento y diagnóstico", paid: "pagado" };
  return kind === "senal" ? { label: "Señal", the: "la señal", paid: "pagada" } : { label: "Pago final", the: "el pago final", paid: "pagado" };
}
