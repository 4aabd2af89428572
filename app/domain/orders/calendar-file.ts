/*
 * A calendar file (iCalendar, RFC 5545) for the customer's installation visit (issue 11):
 * one VEVENT, published (METHOD:PUBLISH: an entry to add, not an invitation to answer).
 * Times are written in UTC ("...Z"), which every calendar reads without a VTIMEZONE block;
 * the caller turns the Madrid day and slot into instants. The UID stays the same for an
 * order, and a higher SEQUENCE tells calendar apps that a rescheduled visit replaces the
 * first one.
 */

export type CalendarEvent = {
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** 0 for the first version, one more for each change. */
  sequence?: number;
};

const CRLF = "\r\n";
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: a CRLF and one space, the space counting in the
 * next line's 75 (RFC 5545 3.1). Octets of UTF-8, and never inside a character ("ñ" is two).
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (size + octets > limit) {
      pieces.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += octets;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** "20260415T070000Z" */
export function icsDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

export function calendarFile(event: CalendarEvent, productId = "-//Termoclima//Tienda//ES"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
