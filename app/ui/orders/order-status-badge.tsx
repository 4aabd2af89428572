import type { OrderStatus } from "~/domain/orders/order-status";

/** Waiting for the customer: warn; done: ok; cancelled: error; in progress: plain. */
const TONES: Record<OrderStatus, string> = {
  "Pendiente de Pago": "admin-badge admin-badge-warn",
  Pagado: "admin-badge",
  Enviado: "admin-badge",
  "Instalación programada": "admin-badge",
  Completado: "admin-badge admin-badge-ok",
  Cancelado: "admin-badge admin-badge-error",
};

/** An order's status as a badge; the words carry the meaning, the colour only repeats it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={TONES[status]}>{status}</span>;
}
