import { formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import type { OnlineMethod } from "~/domain/payments/payment-states";
import { formatEuros } from "~/domain/money";
import { config, publicShopInfo } from "../config.server";
import type { orders } from "../orders/orders-schema.server";
import type { refunds } from "./payments-schema.server";
import type { MailMessage } from "../mail.server";

/* The customer's e-mail about a refund done (issue 12), in the style of the order's other e-mails. */

export type RefundMeans = { label: string; customerText: string };

type RefundFacts = Pick<typeof refunds.$inferSelect, "channel" | "amountCents" | "refundedOn" | "reference" | "reason">;

/** How the money went back, for the order's history and for the customer. */
export function refundMeans(refund: RefundFacts, method: OnlineMethod | null): RefundMeans {
  if (refund.channel === "redsys") {
    return {
      label: `${method === "bizum" ? "Bizum" : "Tarjeta"} (Redsys)`,
      customerText: "Vuelve a la misma tarjeta o cuenta Bizum con la que pagó en unos días (el plazo depende de su banco).",
    };
  }
  const day = refund.refundedOn ? formatYmd(refund.refundedOn) : null;
  return {
    label: "Transferencia",
    customerText: `Se lo hemos enviado por transferencia bancaria${day ? ` el ${day}` : ""}${refund.reference ? `, con la referencia ${refund.reference}` : ""}.`,
  };
}

type OrderFacts = Pick<typeof orders.$inferSelect, "number" | "userEmail" | "createdAt" | "addressSend">;

export function refundEmail(order: OrderFacts, refund: RefundFacts, means: RefundMeans): MailMessage {
  const shop = publicShopInfo();
  return {
    to: order.userEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: le hemos devuelto ${formatEuros(refund.amountCents)} del pedido ${order.number}`,
    text: [
      `Hola, ${order.addressSend.nombre}:`,
      "",
      `Le hemos devuelto ${formatEuros(refund.amountCents)} de su pedido ${order.number} del ${formatDateTime(order.createdAt)} (hora de Madrid).`,
      "",
      means.customerText,
      ...(refund.reason ? ["", `Motivo: ${refund.reason}`] : []),
      "",
      `Puede ver el pedido en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}

/** What a job's refund e-mail names (issue 31): the charge ("la señal") and the customer's page of the job. */
export type JobRefundAbout = { to: string; name: string; what: string; of: string; pageUrl: string; pageName: string };

export function jobRefundEmail(about: JobRefundAbout, refund: RefundFacts, means: RefundMeans): MailMessage {
  const shop = publicShopInfo();
  return {
    to: about.to,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: le hemos devuelto ${formatEuros(refund.amountCents)} ${about.of}`,
    text: [
      `Hola, ${about.name}:`,
      "",
      `Le hemos devuelto ${formatEuros(refund.amountCents)} de ${about.what} ${about.of}.`,
      "",
      means.customerText,
      ...(refund.reason ? ["", `Motivo: ${refund.reason}`] : []),
      "",
      `La factura rectificativa, cuando corresponde, le llega en otro correo y está en ${about.pageName}: ${about.pageUrl}`,
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}
