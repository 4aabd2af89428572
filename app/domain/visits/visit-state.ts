/** A booked free visit (issue 17): held until the customer or the owner cancels it. */
export const VISIT_STATES = ["reservada", "cancelada"] as const;
export type VisitState = (typeof VISIT_STATES)[number];

export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  reservada: "Reservada",
  cancelada: "Cancelada",
};
