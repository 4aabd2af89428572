import { formatYmd } from "~/domain/dates/madrid-dates";
import { installationLocation, installationWindow, slotLabel, type InstallationSlot } from "~/domain/orders/installation-slots";
import type { OrderStatus } from "~/domain/orders/order-status";
import { formatEuros } from "~/domain/money";
import { calendarFile, calendarUid } from "../calendar/ics.server";
import { config, publicShopInfo } from "../config.server";
import type { orders } from "./orders-schema.server";
import type { MailMessage } from "../mail.server";

/*
 * The customer's e-mail for each status the administrator sets (issue 11): what changed and
 * what was recorded with it. The installation's carries a calendar file the customer can add
 * to their calendar; a new date keeps the same event (UID) with a higher SEQUENCE, so the
 * calendar moves the visit instead of showing two. Cancelling has its own e-mail
 * (cancel-order.server.ts), shared with the unpaid-transfer job.
 */

type Order = Pick<
  typeof orders.$inferSelect,
  "number" | "userEmail" | "amountCents" | "addressSend" | "carrier" | "trackingNumber" | "installationDate" | "installationSlot"
>;

export type StatusMailOptions = { now: Date; rescheduled?: boolean; sequence?: number };

function body(order: Order, paragraphs: string[]): string {
  const shop = publicShopInfo();
  return [
    `Hola, ${order.addressSend.nombre}:`,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `Puede ver el pedido en «Mis Pedidos»: ${shop.baseUrl}/login/pedidos/${order.number}`,
    "",
    `Para cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
    "",
    `${shop.legalName} · ${shop.address} · ${shop.baseUrl}`,
  ].join("\n");
}

function message(order: Order, subject: string, paragraphs: string[]): MailMessage {
  return { to: order.userEmail, replyTo: config().SHOP_EMAIL, subject: `${publicShopInfo().name}: ${subject}`, text: body(order, paragraphs) };
}

/** The e-mail of a move to `to` (the order already carries what was recorded); null for "Cancelado". */
export function statusEmail(order: Order, to: OrderStatus, options: StatusMailOptions): MailMessage | null {
  switch (to) {
    case "Pagado":
      return message(order, `hemos recibido el pago del pedido ${order.number}`, [
        `Hemos recibido el pago de su pedido ${order.number} (${formatEuros(order.amountCents)}). Su estado es ahora «Pagado».`,
        "Preparamos el pedido y le escribiremos cuando salga o cuando fijemos la fecha de la instalación.",
      ]);
    case "Enviado":
      return message(order, `su pedido ${order.number} ha sido enviado`, [
        `Su pedido ${order.number} ha salido hacia la dirección de envío. Su estado es ahora «Enviado».`,
        [
          order.carrier ? `Transportista: ${order.carrier}` : "",
          order.trackingNumber ? `Número de seguimiento: ${order.trackingNumber}` : "",
        ]
          .filter(Boolean)
          .join("\n") || "Le avisaremos si necesitamos algo para la entrega.",
      ]);
    case "Instalación programada":
      return installationEmail(order, options);
    case "Completado":
      return message(order, `su pedido ${order.number} está completado`, [
        `Hemos terminado su pedido ${order.number}. Su estado es ahora «Completado».`,
        "Gracias por confiar en nosotros.",
      ]);
    default:
      return null;
  }
}

function installationEmail(order: Order, { now, rescheduled = false, sequence = 0 }: StatusMailOptions): MailMessage {
  const shop = publicShopInfo();
  const day = order.installationDate!;
  const slot = order.installationSlot as InstallationSlot;
  const where = installationLocation(order.addressSend);
  const { start, end } = installationWindow(day, slot);
  const ics = calendarFile({
    product: "Tienda",
    now,
    events: [
      {
        uid: calendarUid(`pedido-${order.number}-instalacion`),
        startsAt: start,
        endsAt: end,
        summary: `Instalación de ${shop.name} (pedido ${order.number})`,
        location: where,
        description: `Visita del técnico para la instalación del pedido ${order.number}. Teléfono: ${shop.phone}.`,
        sequence,
      },
    ],
  });
  const mail = message(order, `${rescheduled ? "nueva fecha de la instalación" : "instalación programada"} del pedido ${order.number}`, [
    rescheduled
      ? `Hemos cambiado la fecha de la instalación de su pedido ${order.number}. La nueva cita es:`
      : `Hemos programado la instalación de su pedido ${order.number}. Su estado es ahora «Instalación programada».`,
    [`Día: ${formatYmd(day)}`, `Franja horaria: ${slotLabel(slot)} (hora de Madrid)`, `Dirección: ${where}`].join("\n"),
    "Le adjuntamos la cita como archivo de calendario (instalacion.ics): ábralo para añadirla a su calendario.",
    "Si no puede estar en casa ese día, llámenos o responda a este correo y buscamos otra fecha.",
  ]);
  return {
    ...mail,
    attachments: [{ filename: "instalacion.ics", content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
  };
}
