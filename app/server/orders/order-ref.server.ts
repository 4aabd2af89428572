/**
 * The outbox `ref` of an order's deliveries: the back office shows them on the order. Apart
 * from cancel-order.server.ts, where it was, so that the invoice e-mails can name an order
 * without importing the cancellation, which imports them back (docs/decisions/0026-schema-by-area.md).
 */
export function orderRef(orderId: number): string {
  return `order:${orderId}`;
}
