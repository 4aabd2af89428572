import { TZDate } from "@date-fns/tz";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { TIME_ZONE } from "~/domain/dates/madrid-dates";
import { publicShopInfo } from "../config.server";

/*
 * Every calendar file of the shop (RFC 5545), written by ical-generator (decision 0023): the
 * order's installation, the free visit, the job's date and the technicians' feeds. Server only:
 * no page builds one in the browser.
 * - Times are Madrid wall-clock times (DTSTART;TZID=Europe/Madrid:20261201T100000) with the
 *   zone's rules in a VTIMEZONE block, so every calendar shows 10:00 in Madrid on both sides
 *   of a summer-time change. ical-generator writes a Date with the server's own clock; a
 *   TZDate of @date-fns/tz makes it Madrid's. DTSTAMP is UTC, as RFC 5545 3.8.7.2 requires.
 * - The UID is stable per order, visit or job, so a new date (higher SEQUENCE) replaces the
 *   event in the customer's calendar and METHOD:CANCEL removes it.
 * - Text is escaped (\, ; , and line breaks) and lines folded at 75 octets by the library.
 */

/** Europe/Madrid's rules since 1996: CEST from the last Sunday of March, CET from the last Sunday of October. */
const MADRID_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  `X-LIC-LOCATION:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

type Person = { name: string; email: string };

export type CalendarEvent = {
  /** Stable per order, visit or job (calendarUid), so a change replaces the event. */
  uid: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** 0 for the first version; more for each change. */
  sequence?: number;
  cancelled?: boolean;
  /** An invitation (METHOD:REQUEST or CANCEL) names who invites and who is invited (RFC 5546). */
  invitation?: { organizer: Person; attendee: Person | null };
};

export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export type CalendarFile = {
  /** PRODID's product: "Tienda", "Visitas", "Trabajos". */
  product: string;
  /** The calendar's name, for a feed a calendar app subscribes to. */
  name?: string;
  /** PUBLISH (an entry to add, nothing to answer) unless said. */
  method?: CalendarMethod;
  events: readonly CalendarEvent[];
  /** DTSTAMP: when the file was made. */
  now?: Date;
  /** How often a subscribed feed is read again. */
  ttlSeconds?: number;
};

/** "pedido-1234-150726-instalacion@tienda.example": a UID of the shop's own web address. */
export function calendarUid(key: string): string {
  let host = "localhost";
  try {
    host = new URL(publicShopInfo().baseUrl).hostname || host;
  } catch {
    // A base URL that does not parse keeps "localhost": the UID stays unique per key.
  }
  return `${key}@${host}`;
}

/** SEQUENCE of an event changed at `changedAt`: seconds since it was made, so every change counts higher. */
export function changeSequence(createdAt: Date, changedAt: Date): number {
  return Math.max(0, Math.floor((changedAt.getTime() - createdAt.getTime()) / 1000));
}

const madrid = (instant: Date) => new TZDate(instant.getTime(), TIME_ZONE);

export function calendarFile({ product, name, method = "PUBLISH", events, now = new Date(), ttlSeconds }: CalendarFile): string {
  const calendar = ical({
    name: name ?? null,
    prodId: { company: publicShopInfo().name, product, language: "ES" },
    method: ICalCalendarMethod[method],
    // No calendar-wide zone (DTSTAMP stays UTC); each event names Madrid and gets its VTIMEZONE.
    timezone: { name: null, generator: (zone) => (zone === TIME_ZONE ? MADRID_VTIMEZONE : null) },
    ttl: ttlSeconds ?? null,
    x: [["X-WR-TIMEZONE", TIME_ZONE]],
  });
  for (const event of events) {
    const cancelled = event.cancelled || method === "CANCEL";
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence ?? 0,
      stamp: now,
      start: madrid(event.startsAt),
      end: madrid(event.endsAt),
      timezone: TIME_ZONE,
      summary: event.summary,
      description: event.description ?? null,
      location: event.location || null,
      url: event.url ?? null,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(event.invitation && method !== "PUBLISH"
        ? {
            organizer: event.invitation.organizer,
            attendees: event.invitation.attendee
              ? [{ ...event.invitation.attendee, role: ICalAttendeeRole.REQ, status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED }]
              : [],
          }
        : {}),
    });
  }
  // RFC 5545 3.1 ends every content line, the last one too, with CRLF; the library leaves the last one bare.
  return `${calendar.toString()}\r\n`;
}
