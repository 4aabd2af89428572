/**
 * A written quote (presupuesto, issue 17), not to be confused with the request inbox's states
 * (request-state.ts). "Caducado" is not stored: a sent quote whose validity date has passed
 * shows it (quote-expiry in this folder).
 */
export const QUOTE_STATUSES = ["borrador", "enviado", "cambios_pedidos", "aceptado", "rechazado", "anulado"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  borrador: "Borrador",
  enviado: "Enviado",
  cambios_pedidos: "Cambios pedidos",
  aceptado: "Aceptado",
  rechazado: "Rechazado",
  anulado: "Anulado",
};

/** What the customer answered to one sent version. */
export const QUOTE_RESPONSE_KINDS = ["aceptado", "cambios", "rechazado"] as const;
export type QuoteResponseKind = (typeof QUOTE_RESPONSE_KINDS)[number];
