import { TIME_ZONE } from "~/domain/dates/madrid-dates";

/*
 * Europe/Madrid's rules as a VTIMEZONE block (RFC 5545), for every calendar file of the shop
 * (issue 17: visits, jobs, technicians' feeds): times are written as Madrid wall-clock times
 * (DTSTART;TZID=Europe/Madrid:...), so a phone shows the right hour on either side of a
 * summer-time change. EU rules since 1996: CEST from the last Sunday of March, CET from the
 * last Sunday of October.
 */
const MADRID_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "X-LIC-LOCATION:Europe/Madrid",
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

/** ical-generator's `timezone` option for Madrid. */
export const MADRID_CALENDAR_ZONE = {
  name: TIME_ZONE,
  generator: (zone: string) => (zone === TIME_ZONE ? MADRID_VTIMEZONE : null),
};
