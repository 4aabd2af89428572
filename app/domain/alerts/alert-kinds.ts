/*
 * Alerts on the staff's phones (issue 30): the events the owner may choose to hear about and
 * what a push message carries. Shared by the page and the server (no zod here: the page's
 * script imports this; the forms' schemas are in alert-forms.ts).
 */

export const ALERT_KINDS = ["pedido", "solicitud", "averia", "presupuesto-aceptado", "pago", "parte-firmado"] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  pedido: "Pedido nuevo",
  solicitud: "Solicitud nueva (contacto o presupuesto)",
  averia: "Avería nueva",
  "presupuesto-aceptado": "Presupuesto aceptado",
  pago: "Pago recibido (tarjeta, Bizum, transferencia, señal o liquidación)",
  "parte-firmado": "Parte de trabajo firmado",
};

/** Someone who never chose hears about everything. */
export const DEFAULT_ALERT_KINDS: readonly AlertKind[] = ALERT_KINDS;

/** What the service worker shows: a short title and line, and the back-office page to open. */
export type AlertMessage = { kind: AlertKind; title: string; body: string; url: string };
