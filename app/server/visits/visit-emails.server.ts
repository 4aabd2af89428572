import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { config, publicBaseUrl, publicShopInfo } from "../config.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import type { visits } from "./visits-schema.server";
import { visitCalendar, type IcsMethod } from "./visit-ics.server";
import type { Database } from "../db/client.server";

/*
 * The free visit's e-mails (issue 17), written to the outbox in the transaction that books,
 * changes or cancels the visit: to the customer with the calendar file and the link to change
 * or cancel, and a short note to the shop. The back office lists them on the request.
 */

type Visit = typeof visits.$inferSelect;
type Tx = Pick<Database, "insert">;
export type VisitEvent = "reservada" | "cambiada" | "cancelada";

export function visitPath(token: string): string {
  return `/visita/${token}`;
}

export function visitUrl(token: string): string {
  return `${publicBaseUrl()}${visitPath(token)}`;
}

const SUBJECTS: Record<VisitEvent, string> = {
  reservada: "Visita reservada",
  cambiada: "Visita cambiada",
  cancelada: "Visita anulada",
};

const METHODS: Record<VisitEvent, IcsMethod> = { reservada: "REQUEST", cambiada: "REQUEST", cancelada: "CANCEL" };

export function customerVisitMail(visit: Visit, event: VisitEvent, previous?: Visit): MailMessage {
  const shop = publicShopInfo();
  const when = capitalize(visitWhen(visit.startsAt, visit.endsAt));
  const link = visitUrl(visit.token);
  const place = [visit.address, visit.town].filter(Boolean).join(", ");
  const lines =
    event === "cancelada"
      ? [
          `Hola, ${visit.name}:`,
          "",
          `Hemos anulado su visita gratuita del ${visitWhen(visit.startsAt, visit.endsAt)} en ${place}.`,
          "",
          `Si quiere otra, pídala en ${publicBaseUrl()}/contacto o llámenos al ${shop.phone}.`,
        ]
      : [
          `Hola, ${visit.name}:`,
          "",
          event === "cambiada" && previous
            ? `Hemos cambiado su visita gratuita. Antes: ${visitWhen(previous.startsAt, previous.endsAt)}. Ahora:`
            : "Su visita gratuita y sin compromiso está reservada:",
          "",
          `  ${when}`,
          `  ${place}`,
          "",
          "Un técnico verá la instalación y le prepararemos el presupuesto. Adjuntamos la cita para su calendario.",
          "",
          `Para cambiarla o anularla: ${link}`,
          `Si tiene cualquier duda, llámenos al ${shop.phone} (${shop.hoursContact.toLowerCase()}).`,
        ];
  return {
    to: visit.email,
    subject: `${SUBJECTS[event]}: ${visitWhen(visit.startsAt, visit.endsAt)}`,
    text: [...lines, "", shop.name].join("\n"),
    attachments: [
      {
        filename: "visita.ics",
        content: visitCalendar(visit, METHODS[event], link),
        contentType: `text/calendar; charset=utf-8; method=${METHODS[event]}`,
      },
    ],
  };
}

export function shopVisitMail(visit: Visit, event: VisitEvent, previous?: Visit): MailMessage {
  const before = event === "cambiada" && previous ? `Antes: ${visitWhen(previous.startsAt, previous.endsAt)}\n` : "";
  return {
    to: config().SHOP_EMAIL,
    subject: `${SUBJECTS[event]}: ${visitWhen(visit.startsAt, visit.endsAt)} (${visit.name})`,
    text: [
      `${SUBJECTS[event]}: ${capitalize(visitWhen(visit.startsAt, visit.endsAt))}`,
      before.trimEnd(),
      `Cliente: ${visit.name}`,
      `Teléfono: ${visit.phone}`,
      `Email: ${visit.email}`,
      `Dirección: ${[visit.address, visit.town].filter(Boolean).join(", ")}`,
      visit.notes ? `Indicaciones: ${visit.notes}` : "",
      "",
      `Visitas en el panel: ${publicBaseUrl()}/admin/visitas`,
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
    ...(/^[^\s@]+@[^\s@]+$/.test(visit.email) ? { replyTo: visit.email } : {}),
  };
}

/** Both e-mails of a booking, change or cancellation; ref "contact:<id>" shows them on the request's page. */
export async function enqueueVisitMails(tx: Tx, visit: Visit, event: VisitEvent, previous?: Visit): Promise<void> {
  const ref = { ref: visit.contactRequestId ? `contact:${visit.contactRequestId}` : `visit:${visit.id}` };
  if (visit.email) await enqueue(tx, "email", customerVisitMail(visit, event, previous), ref);
  await enqueue(tx, "email", shopVisitMail(visit, event, previous), ref);
}
