import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod } from "ical-generator";
import { TIME_ZONE } from "~/domain/dates/madrid-dates";
import { publicShopInfo } from "../config.server";
import { MADRID_CALENDAR_ZONE } from "../madrid-calendar-zone.server";

/*
 * Calendar files (issue 17): the customer's .ics of their installation date, and the
 * technicians' feeds. Times are written as Madrid wall-clock times with TZID=Europe/Madrid and
 * the zone's rules (VTIMEZONE) in the file, so a phone shows the right hour on either side of a
 * summer-time change. ical-generator writes a native Date in the server's own zone; a TZDate
 * of @date-fns/tz makes it Madrid's whatever the server's zone is.
 */


export type CalendarEvent = {
  /** Stable per job or visit ("trabajo-12"), so a new date replaces the old one in the phone's calendar. */
  key: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
};

const madrid = (instant: Date) => new TZDate(instant.getTime(), TIME_ZONE);

export function calendarFile(name: string, events: CalendarEvent[], options: { now?: Date; ttlSeconds?: number } = {}): string {
  const shop = publicShopInfo();
  const host = new URL(shop.baseUrl).hostname;
  const calendar = ical({
    name,
    prodId: { company: shop.name, product: "Trabajos", language: "ES" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: MADRID_CALENDAR_ZONE,
    ttl: options.ttlSeconds ?? null,
  });
  for (const event of events) {
    calendar.createEvent({
      id: `${event.key}@${host}`,
      start: madrid(event.startsAt),
      end: madrid(event.endsAt),
      timezone: TIME_ZONE,
      stamp: madrid(options.now ?? new Date()),
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: event.url ?? null,
    });
  }
  return calendar.toString();
}
