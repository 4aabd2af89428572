/**
 * The order's status flow (spec section 9's statuses, plus the back office's
 * "Instalación programada", issue 11). The one place that says which move is allowed.
 *
 *   Pendiente de Pago -> Pagado -> Enviado and/or Instalación programada -> Completado
 *   Cancelado from any open state.
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

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  "Pendiente de Pago": ["Pagado", "Cancelado"],
  Pagado: ["Enviado", "Instalación programada", "Completado", "Cancelado"],
  Enviado: ["Instalación programada", "Completado", "Cancelado"],
  "Instalación programada": ["Instalación programada", "Completado", "Cancelado"],
  Completado: [],
  Cancelado: [],
};

/** The statuses an order in `from` may move to (rescheduling an installation is a move to itself). */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Open: something is still to be done (paid, sent, installed), so it can be cancelled. */
export function isOpen(status: OrderStatus): boolean {
  return status !== "Completado" && status !== "Cancelado";
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}
