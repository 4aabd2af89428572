/*
 * Payment methods (spec section 4), declared once: the form, the order schema, "Mis Pedidos"
 * and the order page read them from here. Card and Bizum are shown "En pruebas" and disabled.
 */

export const PAY_METHODS = ["transferencia", "tarjeta", "bizum"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const ENABLED_PAY_METHODS: readonly PayMethod[] = ["transferencia"];

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  transferencia: "Transferencia bancaria",
  tarjeta: "Tarjeta",
  bizum: "Bizum",
};

/** The confirm button says what happens next. */
export const PAY_BUTTON_LABELS: Record<PayMethod, string> = {
  transferencia: "CONFIRMAR PEDIDO",
  tarjeta: "PAGAR",
  bizum: "PAGAR CON BIZUM",
};

/** The label of a stored method; an unknown value is shown as it is. */
export function payMethodLabel(method: string): string {
  return (PAY_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
