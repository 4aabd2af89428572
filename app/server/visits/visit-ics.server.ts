import { TZDate } from "@date-fns/tz";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { TIME_ZONE as MADRID } from "~/domain/dates/madrid-dates";
import { config, publicShopInfo } from "../config.server";
import { MADRID_CALENDAR_ZONE } from "../madrid-calendar-zone.server";
import type { visits } from "../db/schema.server";

/*
 * The free visit's calendar file (issue 17, decision 0015), with ical-generator. Times are
 * written as Madrid wall-clock times (DTSTART;TZID=Europe/Madrid:20261201T100000) with the
 * zone's rules in a VTIMEZONE block, so every calendar shows 10:00 in Madrid on both sides of
 * a summer-time change. The UID is the visit's own: a change (higher SEQUENCE) replaces the
 * event in the customer's calendar, a cancellation (METHOD:CANCEL) removes it.
 *
 * The e-mail carries METHOD:REQUEST (mail apps offer "add to calendar"); the file downloaded
 * from the visit's page is METHOD:PUBLISH (an entry to add, nothing to answer).
 */

export type CalendarVisit = Pick<
  typeof visits.$inferSelect,
  "id" | "startsAt" | "endsAt" | "name" | "email" | "address" | "town" | "notes" | "createdAt" | "updatedAt" | "state"
>;


/** The e-mail's domain part names the shop, so the UID is unique across calendars. */
export function visitUid(visit: Pick<CalendarVisit, "id" | "createdAt">): string {
  const domain = config().SHOP_EMAIL.split("@")[1] ?? "termoclima.example";
  return `visita-${visit.id}-${visit.createdAt.getTime().toString(36)}@${domain}`;
}

/** Seconds between the booking and the last change: grows with every change, as SEQUENCE must. */
const sequenceOf = (visit: CalendarVisit) => Math.max(0, Math.floor((visit.updatedAt.getTime() - visit.createdAt.getTime()) / 1000));

export type IcsMethod = "REQUEST" | "PUBLISH" | "CANCEL";

export function visitCalendar(visit: CalendarVisit, method: IcsMethod, visitUrl: string): string {
  const shop = publicShopInfo();
  const calendar = ical({
    prodId: { company: shop.name, product: "Visitas", language: "ES" },
    method: ICalCalendarMethod[method],
    timezone: MADRID_CALENDAR_ZONE,
  });
  const cancelled = method === "CANCEL" || visit.state === "cancelada";
  calendar.createEvent({
    id: visitUid(visit),
    sequence: sequenceOf(visit),
    stamp: new Date(),
    start: new TZDate(visit.startsAt.getTime(), MADRID),
    end: new TZDate(visit.endsAt.getTime(), MADRID),
    timezone: MADRID,
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
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // An invitation names who invites and who is invited (RFC 5546); the downloaded file needs neither.
    ...(method === "PUBLISH"
      ? {}
      : {
          organizer: { name: shop.name, email: shop.email },
          attendees: visit.email
            ? [{ name: visit.name, email: visit.email, role: ICalAttendeeRole.REQ, status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED }]
            : [],
        }),
  });
  return calendar.toString();
}
