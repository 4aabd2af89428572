import { calendarFile, changeSequence, type CalendarMethod } from "../calendar/ics.server";
import { config, publicShopInfo } from "../config.server";
import type { visits } from "./visits-schema.server";

/*
 * The free visit as a calendar event (issue 17, decision 0015), written by the shop's one
 * calendar writer (app/server/calendar/ics.server.ts). The UID is the visit's own: a change
 * (higher SEQUENCE) replaces the event in the customer's calendar, a cancellation
 * (METHOD:CANCEL) removes it. The e-mail carries METHOD:REQUEST (mail apps offer "add to
 * calendar"); the file downloaded from the visit's page is METHOD:PUBLISH (nothing to answer).
 */

export type CalendarVisit = Pick<
  typeof visits.$inferSelect,
  "id" | "startsAt" | "endsAt" | "name" | "email" | "address" | "town" | "notes" | "createdAt" | "updatedAt" | "state"
>;

/** The e-mail's domain part names the shop, so the UID is unique across calendars (kept as first sent: calendars know it). */
export function visitUid(visit: Pick<CalendarVisit, "id" | "createdAt">): string {
  const domain = config().SHOP_EMAIL.split("@")[1] ?? "termoclima.example";
  return `visita-${visit.id}-${visit.createdAt.getTime().toString(36)}@${domain}`;
}

export type IcsMethod = CalendarMethod;

export function visitCalendar(visit: CalendarVisit, method: IcsMethod, visitUrl: string): string {
  const shop = publicShopInfo();
  return calendarFile({
    product: "Visitas",
    method,
    events: [
      {
        uid: visitUid(visit),
        sequence: changeSequence(visit.createdAt, visit.updatedAt),
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
        summary: `Visita gratuita de ${shop.name}`,
        location: [visit.address, visit.town].filter(Boolean).join(", "),
        description: [
          `Visita sin compromiso para ver la instalación y preparar su presupuesto.`,
          visit.notes ? `Sus indicaciones: ${visit.notes}` : "",
          `Cambiar o anular la visita: ${visitUrl}`,
          `Teléfono: ${shop.phone}`,
        ]
          .filter(Boolean)
          .join("\n"),
        url: visitUrl,
        cancelled: visit.state === "cancelada",
        invitation: { organizer: { name: shop.name, email: shop.email }, attendee: visit.email ? { name: visit.name, email: visit.email } : null },
      },
    ],
  });
}
