/** A quote request's state in the back office's inbox (issue 11). Any state may follow any other. */
export const QUOTE_STATES = ["nuevo", "contactado", "presupuestado", "cerrado"] as const;

export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  nuevo: "Nuevo",
  contactado: "Contactado",
  presupuestado: "Presupuestado",
  cerrado: "Cerrado",
};

/** Open requests: the home page counts them. */
export const OPEN_QUOTE_STATES: readonly QuoteState[] = ["nuevo", "contactado", "presupuestado"];
