import { formatEuros } from "../money";
import type { AlertMessage } from "./alert-kinds";

/*
 * The texts of the alerts (issue 30): short enough for a phone's lock screen, with no more
 * personal data than the owner needs to know what happened, and the back-office page to open.
 */

export function newOrderAlert(order: { number: string; totalCents: number; payMethod: string }): AlertMessage {
  return { kind: "pedido", title: `Pedido nuevo ${order.number} · ${formatEuros(order.totalCents)}`, body: `Pago: ${order.payMethod}`, url: `/admin/pedidos/${order.number}` };
}

export function newRequestAlert(request: { id: number; name: string; town: string; product: string | null }): AlertMessage {
  const town = request.town.trim() ? ` (${request.town.trim()})` : "";
  return {
    kind: "solicitud",
    title: `Solicitud nueva de ${request.name.trim()}${town}`.slice(0, 120),
    body: request.product ? `Sobre ${request.product}` : "Desde el formulario de contacto",
    url: `/admin/solicitudes/${request.id}`,
  };
}

export function newRepairAlert(repair: { id: number; reference: string; name: string; town: string; urgent: boolean; what: string }): AlertMessage {
  return {
    kind: "averia",
    title: `${repair.urgent ? "Avería URGENTE" : "Avería"} ${repair.reference}: ${repair.name.trim()} (${repair.town.trim()})`.slice(0, 120),
    body: repair.what.slice(0, 160),
    url: `/admin/averias/${repair.id}`,
  };
}

export function quoteAcceptedAlert(quote: { number: string; totalCents: number; depositCents: number; jobId: number }): AlertMessage {
  return {
    kind: "presupuesto-aceptado",
    title: `Presupuesto ${quote.number} aceptado · ${formatEuros(quote.totalCents)}`,
    body: quote.depositCents > 0 ? `Señal pedida: ${formatEuros(quote.depositCents)}` : "Sin señal",
    url: `/admin/trabajos/${quote.jobId}`,
  };
}

export function orderPaidAlert(order: { number: string; totalCents: number; how: string }): AlertMessage {
  return { kind: "pago", title: `Pago recibido: pedido ${order.number} · ${formatEuros(order.totalCents)}`, body: order.how, url: `/admin/pedidos/${order.number}` };
}

export function jobChargePaidAlert(charge: { label: string; quoteNumber: string; amountCents: number; how: string; jobId: number }): AlertMessage {
  return {
    kind: "pago",
    title: `${charge.label} pagada: presupuesto ${charge.quoteNumber} · ${formatEuros(charge.amountCents)}`,
    body: charge.how,
    url: `/admin/trabajos/${charge.jobId}`,
  };
}

export function reportSignedAlert(report: { jobId: number; quoteNumber: string }): AlertMessage {
  return { kind: "parte-firmado", title: `Parte firmado: presupuesto ${report.quoteNumber}`, body: `Trabajo n.º ${report.jobId} terminado`, url: `/admin/trabajos/${report.jobId}` };
}
