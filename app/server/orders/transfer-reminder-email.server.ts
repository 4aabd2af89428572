import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { transferLines } from "../payments/transfer-details.server";
import { config, publicShopInfo } from "../config.server";
import type { orders } from "./orders-schema.server";
import type { MailMessage } from "../mail.server";

type ReminderFacts = Pick<typeof orders.$inferSelect, "number" | "userEmail" | "amountCents" | "createdAt" | "addressSend">;

/**
 * The reminder of an unpaid transfer (issue 11): the bank details again, and the day after
 * which the order is cancelled and its units go back on sale.
 */
export function transferReminderEmail(order: ReminderFacts, deadline: Date): MailMessage {
  const c = config();
  const shop = publicShopInfo();
  return {
    to: order.userEmail,
    replyTo: c.SHOP_EMAIL,
    subject: `${shop.name}: recordatorio de pago del pedido ${order.number}`,
    text: [
      `Hola, ${order.addressSend.nombre}:`,
      "",
      `Su pedido ${order.number} del ${formatDateTime(order.createdAt)} (hora de Madrid) sigue pendiente de pago: aún no hemos recibido su transferencia.`,
      "",
      "Cómo pagar: transferencia bancaria",
      ...transferLines(order.amountCents, order.number),
      "",
      `Si no recibimos la transferencia antes del ${formatDateTime(deadline)} (hora de Madrid), el pedido se cancelará y los artículos volverán a estar a la venta.`,
      "Si ya la ha hecho, no tiene que hacer nada: una transferencia puede tardar uno o dos días hábiles en llegar.",
      `Puede ver el pedido en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
      "",
      `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      "",
      `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
  };
}

type ExpiryFacts = Pick<typeof orders.$inferSelect, "createdAt" | "payMethod"> & { transferSince?: Date | null };

/** The reason stored on an expired order and written to its customer. */
export function transferExpiryReason(expiryDays: number, order: ExpiryFacts): string {
  if (order.transferSince) {
    return `No hemos recibido la transferencia en los ${expiryDays} días siguientes a elegirla como forma de pago (${formatDate(order.transferSince)}).`;
  }
  const what = order.payMethod === "transferencia" ? "la transferencia" : "el pago";
  return `No hemos recibido ${what} en los ${expiryDays} días siguientes al pedido (${formatDate(order.createdAt)}).`;
}
