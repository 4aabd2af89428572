/** A quote request's state in the back office's inbox (issue 11). Any state may follow any other. */
export const REQUEST_STATES = ["nuevo", "contactado", "presupuestado", "cerrado"] as const;

export type RequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  nuevo: "Nuevo",
  contactado: "Contactado",
  presupuestado: "Presupuestado",
  cerrado: "Cerrado",
};

/** Open requests: the home page counts them. */
export const OPEN_REQUEST_STATES: readonly RequestState[] = ["nuevo", "contactado", "presupuestado"];
