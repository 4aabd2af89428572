/**
 * The order's status flow (spec section 9's statuses, plus the back office's
 * "Instalación programada", issue 11): the one table of allowed moves and the one answer to
 * every question about a status (decision 0022).
 *
 *   Pendiente de Pago -> Pagado -> Enviado and/or Instalación programada -> Completado
 *   Cancelado from any open state; Pagado back to Pendiente de Pago only to undo a transfer
 *   recorded by mistake (issue 13, decision 0008).
 */
export const ORDER_STATUSES = [
  "Pendiente de Pago",
  "Pagado",
  "Enviado",
  "Instalación programada",
  "Completado",
  "Cancelado",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who may make a move:
 *   status-form: the administrator's status changes on the order page (issue 11);
 *   redsys: Redsys's notification of an authorised card or Bizum payment (issue 12);
 *   undo-payment: the administrator undoing a transfer recorded on the wrong order (issue 13);
 *   unpaid-expiry: the scheduled job cancelling an order never paid (issue 11).
 */
export const MOVE_WAYS = ["status-form", "redsys", "undo-payment", "unpaid-expiry"] as const;
export type MoveWay = (typeof MOVE_WAYS)[number];

const MOVES: Record<OrderStatus, Partial<Record<OrderStatus, readonly MoveWay[]>>> = {
  "Pendiente de Pago": { Pagado: ["status-form", "redsys"], Cancelado: ["status-form", "unpaid-expiry"] },
  Pagado: {
    "Pendiente de Pago": ["undo-payment"],
    Enviado: ["status-form"],
    "Instalación programada": ["status-form"],
    Completado: ["status-form"],
    Cancelado: ["status-form"],
  },
  Enviado: { "Instalación programada": ["status-form"], Completado: ["status-form"], Cancelado: ["status-form"] },
  // Rescheduling an installation is a move to itself.
  "Instalación programada": { "Instalación programada": ["status-form"], Completado: ["status-form"], Cancelado: ["status-form"] },
  Completado: {},
  Cancelado: {},
};

export function canMove(from: OrderStatus, to: OrderStatus, way: MoveWay): boolean {
  return MOVES[from][to]?.includes(way) ?? false;
}

/** The statuses the order page offers for an order in `from` (the status form's moves). */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canMove(from, to, "status-form"));
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/* The questions the shop asks of a status, each answered here once. */

/** The status of an order placed and not paid yet: every payment moves from it. */
export const AWAITING_PAYMENT: OrderStatus = "Pendiente de Pago";
export const CANCELLED: OrderStatus = "Cancelado";

/** Waiting for its money: payable by card or Bizum, or its transfer still to come. */
export function isAwaitingPayment(status: string): boolean {
  return status === AWAITING_PAYMENT;
}

/** What "waiting for a transfer" means, as the back office's order filters spell it. */
export const AWAITING_TRANSFER = { status: AWAITING_PAYMENT, payMethod: "transferencia" } as const;

/** Waiting for a bank transfer: the bank details are shown, reminded and counted (issue 11). */
export function isAwaitingTransfer(order: { status: string; payMethod: string }): boolean {
  return order.status === AWAITING_TRANSFER.status && order.payMethod === AWAITING_TRANSFER.payMethod;
}

export function isCancelled(status: string): boolean {
  return status === CANCELLED;
}

/**
 * A payment that may be undone: a transfer recorded as "Pagado" and nothing after it yet (not
 * shipped, scheduled or completed). A card or Bizum payment is the bank's word: refunded instead.
 */
export function canUndoPayment(order: { status: OrderStatus; payMethod: string }): boolean {
  return canMove(order.status, AWAITING_PAYMENT, "undo-payment") && order.payMethod === "transferencia";
}
