import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { addressLines } from "~/domain/orders/my-orders";
import { transferLines } from "../payments/transfer-details.server";
import type { OrderAddress } from "~/domain/orders/order-form";
import { certificateDueAt } from "~/domain/orders/fgas";
import { EXEMPT_NOTE } from "~/domain/basket/basket-vat";
import { formatEuros, territoryName, territoryOfPostcode } from "~/domain/money";
import { PAY_METHOD_LABELS, type PayMethod } from "~/domain/payments/payment-methods";
import { withdrawalInformation, withdrawalModelForm, type Trader } from "~/domain/orders/withdrawal-terms";
import { config, publicShopInfo } from "../config.server";
import { FGAS_ATTACHED, type FgasMail } from "./fgas-email.server";

/*
 * The order confirmation e-mail (issue 4): number, lines, shipping, totals with and without
 * VAT, the transfer instructions, and the withdrawal information with the model form of the
 * legal terms (the "durable medium" a distance contract needs). The shop gets a copy. Both
 * go through the outbox, written in the order's transaction.
 */

export type OrderMailLine = {
  title: string;
  type: string;
  gas: string | null;
  region: string | null;
  priceCents: number;
};

export type OrderMailFacts = {
  number: string;
  createdAt: Date;
  customerEmail: string;
  lines: OrderMailLine[];
  shippingCents: number;
  totalCents: number;
  withoutVatCents: number;
  /** Delivered to Canarias, Ceuta or Melilla: every amount is without VAT (decision 0009). */
  vatExempt?: boolean;
  shipping: OrderAddress;
  billing: OrderAddress;
  /** How the customer pays; card and Bizum carry the end of the payment window. */
  payMethod: PayMethod;
  payBy?: Date;
  /** A phone order (issue 30): the customer's payment link, where card, Bizum or transfer is chosen. */
  payLink?: string;
  /** F-gas equipment bought without installation: the declaration goes attached (decision 0012). */
  fgas?: { orderId: number; equipment: string[] };
};

const GAS = { natural: "gas natural", propano: "propano" } as Record<string, string>;

function lineText(line: OrderMailLine): string {
  const details = [
    // A service's type ("Instalación") is already in its title.
    line.title.toLowerCase().includes(line.type.toLowerCase()) ? "" : line.type,
    line.gas ? (GAS[line.gas] ?? line.gas) : "",
    line.region === "madrid" ? "Comunidad de Madrid" : "",
  ].filter(Boolean);
  return `- ${line.title}${details.length ? ` (${details.join(", ")})` : ""}: ${formatEuros(line.priceCents)}`;
}

export function trader(): Trader {
  const c = config();
  return { legalName: c.SHOP_LEGAL_NAME, address: c.SHOP_ADDRESS, email: c.SHOP_EMAIL, phone: c.SHOP_PHONE };
}

/** The customer's confirmation; also the body of the shop's copy. */
export function orderConfirmationText(facts: OrderMailFacts): string {
  const c = config();
  const shop = publicShopInfo();
  return [
    `Hola, ${facts.shipping.nombre}:`,
    "",
    `Gracias por su pedido en ${shop.name}. Lo hemos registrado con estos datos.`,
    "",
    `Número de pedido: ${facts.number}`,
    `Fecha: ${formatDateTime(facts.createdAt)} (hora de Madrid)`,
    "Estado: Pendiente de Pago",
    facts.payLink ? "Forma de pago: la que elija en el enlace de pago (tarjeta, Bizum o transferencia)" : `Forma de pago: ${facts.payMethod === "transferencia" ? "transferencia bancaria" : PAY_METHOD_LABELS[facts.payMethod].toLowerCase()}`,
    "",
    "Artículos",
    ...facts.lines.map(lineText),
    `- Gastos de envío: ${formatEuros(facts.shippingCents)}`,
    "",
    ...totalLines(facts),
    "",
    ...howToPay(facts),
    "",
    "Dirección de envío",
    ...addressLines(facts.shipping),
    `CIF/NIF/NIE: ${facts.shipping.id} · Teléfono: ${facts.shipping.telefono}`,
    "",
    "Dirección de facturación",
    ...addressLines(facts.billing),
    `CIF/NIF/NIE: ${facts.billing.id}`,
    "",
    ...fgasLines(facts),
    "La visita del técnico es gratuita. Si ha contratado instalación o mantenimiento, le llamaremos para acordar la fecha.",
    `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
    "",
    "----------------------------------------",
    ...withdrawalInformation(trader()).flatMap((paragraph) => [paragraph, ""]),
    "----------------------------------------",
    `Referencia de su pedido para el formulario: ${facts.number}`,
    "",
    ...withdrawalModelForm(trader()),
    "",
    `${c.SHOP_LEGAL_NAME} · ${c.SHOP_ADDRESS} · ${shop.baseUrl}`,
  ].join("\n");
}

/** The F-gas declaration made with the order, and what the customer still has to send. */
function fgasLines(facts: OrderMailFacts): string[] {
  if (!facts.fgas) return [];
  const link = `${publicShopInfo().baseUrl}/login/pedidos/${facts.number}`;
  return [
    "Declaración de gases fluorados",
    `Su pedido incluye ${facts.fgas.equipment.join(", ")} sin nuestra instalación. ${FGAS_ATTACHED}`,
    `Cuando una empresa habilitada lo instale, suba su certificado de instalación en «Mis Pedidos» antes del ${formatDate(certificateDueAt(facts.createdAt))}: ${link}`,
    "",
  ];
}

function totalLines(facts: OrderMailFacts): string[] {
  if (facts.vatExempt) {
    return [`Total a pagar: ${formatEuros(facts.totalCents)}, ${EXEMPT_NOTE}: envío a ${territoryName(territoryOfPostcode(facts.shipping.cp))}.`];
  }
  return [
    `Total sin IVA: ${formatEuros(facts.withoutVatCents)}`,
    `IVA (21 %): ${formatEuros(facts.totalCents - facts.withoutVatCents)}`,
    `Total a pagar (IVA incluido): ${formatEuros(facts.totalCents)}`,
  ];
}

function howToPay(facts: OrderMailFacts): string[] {
  if (facts.payLink) {
    return [
      "Cómo pagar: con tarjeta, con Bizum o por transferencia, en este enlace:",
      facts.payLink,
      ...(facts.payBy ? [`Le guardamos los artículos hasta el ${formatDateTime(facts.payBy)} (hora de Madrid).`] : []),
      "Le escribiremos en cuanto recibamos el pago.",
    ];
  }
  if (facts.payMethod === "transferencia") {
    return [
      "Cómo pagar: transferencia bancaria",
      ...transferLines(facts.totalCents, facts.number),
      "Indique el número de pedido como concepto: así identificamos su pago. Preparamos el pedido en cuanto lo recibimos.",
    ];
  }
  const method = PAY_METHOD_LABELS[facts.payMethod].toLowerCase();
  return [
    `Cómo pagar: ${method}, en la pasarela segura de Redsys.`,
    facts.payBy
      ? `Le guardamos los artículos hasta el ${formatDateTime(facts.payBy)} (hora de Madrid). Si el pago no se completa, puede volver a intentarlo o pagar por transferencia desde «Mis Pedidos»: ${publicShopInfo().baseUrl}/login/pedidos/${facts.number}`
      : `Puede pagar desde «Mis Pedidos»: ${publicShopInfo().baseUrl}/login/pedidos/${facts.number}`,
    "Le escribiremos en cuanto el banco confirme el pago.",
  ];
}

/** A phone order's e-mail (issue 30): the order's confirmation, with the link to pay it. */
export function phoneOrderEmail(facts: OrderMailFacts & { payLink: string }): FgasMail {
  const attach = facts.fgas ? { attachFgasDeclaration: facts.fgas.orderId } : {};
  return {
    to: facts.customerEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${publicShopInfo().name}: su pedido ${facts.number}, listo para pagar`,
    text: orderConfirmationText(facts),
    ...attach,
  };
}

export function orderEmails(facts: OrderMailFacts): { customer: FgasMail; shop: FgasMail } {
  const c = config();
  const shop = publicShopInfo();
  const text = orderConfirmationText(facts);
  // The declaration's PDF is drawn when each e-mail is sent (fgas-email.server.ts); both keep it.
  const attach = facts.fgas ? { attachFgasDeclaration: facts.fgas.orderId } : {};
  return {
    customer: {
      to: facts.customerEmail,
      replyTo: c.SHOP_EMAIL,
      subject: `${shop.name}: confirmación de su pedido ${facts.number}`,
      text,
      ...attach,
    },
    shop: {
      to: c.SHOP_EMAIL,
      replyTo: facts.customerEmail,
      subject: `Nuevo pedido ${facts.number} (${formatEuros(facts.totalCents)}), pendiente de pago`,
      text: [`Copia para la tienda: pedido de ${facts.customerEmail}.`, "", text].join("\n"),
      ...attach,
    },
  };
}
