/*
 * The states of a card or Bizum payment attempt and of a refund (issue 12), declared once:
 * the schema, the notification handler, the back office and "Mis Pedidos" read them here.
 */

/**
 * pendiente: sent to Redsys, no notification yet. pagado: authorised and counted as the
 * order's payment. denegado: refused (Redsys's code and meaning stored). a reembolsar: money
 * taken for an order that was already paid or cancelled; the back office must refund it.
 */
export const ATTEMPT_STATES = ["pendiente", "pagado", "denegado", "a reembolsar"] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/**
 * A charge to a card Redsys keeps (issue 31): "enviado" from the moment it is claimed until
 * Redsys's answer is recorded; "sin confirmar" when the answer never came (the bank's portal
 * tells); "autorizado" or "denegado" as Redsys answered.
 */
export const CARD_CHARGE_STATES = ["enviado", "autorizado", "denegado", "sin confirmar"] as const;
export type CardChargeState = (typeof CARD_CHARGE_STATES)[number];

/** The two online methods; a transfer has no attempt. */
export const ONLINE_METHODS = ["tarjeta", "bizum"] as const;
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

export function isOnlineMethod(value: string): value is OnlineMethod {
  return (ONLINE_METHODS as readonly string[]).includes(value);
}

/**
 * How the money went back: "redsys" through Redsys's REST interface (card, Bizum), or
 * "transferencia" made by hand from the bank and recorded in the back office.
 */
export const REFUND_CHANNELS = ["redsys", "transferencia"] as const;
export type RefundChannel = (typeof REFUND_CHANNELS)[number];

/**
 * enviando: asked of Redsys, answer not recorded yet (it counts against what may still be
 * refunded until it is). hecho: done. rechazado: Redsys said no; nothing went back.
 */
export const REFUND_STATES = ["enviando", "hecho", "rechazado"] as const;
export type RefundState = (typeof REFUND_STATES)[number];
