import { DAY_MS } from "../site/retention";

/*
 * When a plan's maintenance visit is announced and followed up (issue 31, decision 0036): six
 * weeks before it is due the customer is asked to choose a day; unbooked after two weeks, one
 * reminder; unbooked a week after that, it goes to the owner's list to phone the customer.
 */

export const VISIT_NOTICE_DAYS_BEFORE = 42;
export const VISIT_REMINDER_AFTER_DAYS = 14;
export const VISIT_CALL_AFTER_REMINDER_DAYS = 7;

/** How many free slots the e-mail lists (the page offers them all). */
export const VISIT_SLOTS_IN_EMAIL = 6;

export type PlanVisitStage = "sin-elegir" | "recordado" | "llamar" | "reservada" | "hecha" | "anulada";

export const PLAN_VISIT_STAGE_LABELS: Record<PlanVisitStage, string> = {
  "sin-elegir": "Esperando a que el cliente elija el día",
  recordado: "Recordatorio enviado",
  llamar: "Sin respuesta: llamar al cliente",
  reservada: "Día elegido",
  hecha: "Hecha",
  anulada: "Anulada",
};

/** Where a plan's visit stands, from its job's status and the reminder. */
export function planVisitStage(visit: { jobStatus: string; remindedAt: Date | null; doneOn: string | null }, now: Date): PlanVisitStage {
  if (visit.doneOn || visit.jobStatus === "terminado" || visit.jobStatus === "cobrado") return "hecha";
  if (visit.jobStatus === "cancelado") return "anulada";
  if (visit.jobStatus !== "pendiente_programar") return "reservada";
  if (!visit.remindedAt) return "sin-elegir";
  return now.getTime() - visit.remindedAt.getTime() >= VISIT_CALL_AFTER_REMINDER_DAYS * DAY_MS ? "llamar" : "recordado";
}
