/*
 * Payment methods (spec section 4), declared once: the form, the order schema, "Mis Pedidos"
 * and the order page read them from here. Card and Bizum go through Redsys (issue 12) when
 * the shop has its Redsys settings; without them they are shown "En pruebas" and disabled,
 * as the spec shows them.
 */

export const PAY_METHODS = ["transferencia", "tarjeta", "bizum"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The methods a customer may choose: card and Bizum only when Redsys is configured. */
export function enabledPayMethods(online: boolean): readonly PayMethod[] {
  return online ? PAY_METHODS : ["transferencia"];
}

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

/** What happens after the button, under the choice; `windowMinutes`: how long the units are held. */
export function payMethodHelp(method: PayMethod, windowMinutes: number): string {
  const held = `Guardamos los artículos ${windowMinutes} minutos mientras paga.`;
  switch (method) {
    case "transferencia":
      return "Al confirmar le mostraremos el IBAN y el concepto para hacer la transferencia; también se los enviamos por correo.";
    case "tarjeta":
      return `Al pulsar PAGAR le llevaremos a la pasarela segura de Redsys para pagar con su tarjeta. ${held}`;
    case "bizum":
      return `Al pulsar PAGAR CON BIZUM le llevaremos a la pasarela segura de Redsys para pagar con Bizum desde su móvil. ${held}`;
  }
}

/** The label of a stored method; an unknown value is shown as it is. */
export function payMethodLabel(method: string): string {
  return (PAY_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
