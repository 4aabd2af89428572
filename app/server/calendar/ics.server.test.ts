import { afterEach, describe, expect, it } from "vitest";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { jobScheduledMail } from "../jobs/job-emails.server";
import { calendarFile, calendarUid, changeSequence, type CalendarEvent } from "./ics.server";

const place = { address: "Calle de Alcalá 100", postcode: "28009", town: "Madrid", province: "Madrid" };
const customer = { name: "Lucía Pérez", nif: "", email: "lucia@example.com", phone: "600 000 000", ...place };

/** The unfolded lines of an .ics file, as a calendar app reads them. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");
const octets = (text: string) => new TextEncoder().encode(text).length;

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "trabajo-1@tienda.test",
  startsAt: madridInstant("2026-07-15", "09:00"),
  endsAt: madridInstant("2026-07-15", "11:00"),
  summary: "Instalación",
  ...over,
});

describe("the shop's one calendar writer (Europe/Madrid)", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it("keeps 09:00 Madrid on both sides of the summer-time change, whatever the server's zone", () => {
    // The server runs in New York: its own clock must not leak into the file.
    process.env.TZ = "America/New_York";
    const saturday = { start: madridInstant("2026-03-28", "09:00"), end: madridInstant("2026-03-28", "11:00") };
    const monday = { start: madridInstant("2026-03-30", "09:00"), end: madridInstant("2026-03-30", "11:30") };
    // Clocks went forward on Sunday 29 March: 09:00 is 08:00 UTC before, 07:00 UTC after.
    expect(saturday.start.toISOString()).toBe("2026-03-28T08:00:00.000Z");
    expect(monday.start.toISOString()).toBe("2026-03-30T07:00:00.000Z");

    const ics = lines(
      calendarFile({
        product: "Trabajos",
        name: "Pruebas",
        events: [
          event({ uid: calendarUid("trabajo-1"), startsAt: saturday.start, endsAt: saturday.end, summary: "Antes" }),
          event({ uid: calendarUid("trabajo-2"), startsAt: monday.start, endsAt: monday.end, summary: "Después" }),
        ],
        now: new Date("2026-03-01T10:20:30.456Z"),
      }),
    );
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260328T090000");
    expect(ics).toContain("DTEND;TZID=Europe/Madrid:20260328T110000");
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260330T090000");
    expect(ics).toContain("DTEND;TZID=Europe/Madrid:20260330T113000");
    // The zone's rules travel with the file, so any calendar app places those hours rightly.
    expect(ics).toContain("BEGIN:VTIMEZONE");
    expect(ics).toContain("TZID:Europe/Madrid");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(ics.filter((line) => line.startsWith("UID:trabajo-"))).toHaveLength(2);
    // DTSTAMP in UTC (RFC 5545 3.8.7.2), not in the server's or Madrid's clock.
    expect(ics.filter((line) => line.startsWith("DTSTAMP:"))).toEqual(["DTSTAMP:20260301T102030Z", "DTSTAMP:20260301T102030Z"]);
  });

  it("also on the autumn change (the last Sunday of October)", () => {
    process.env.TZ = "Asia/Tokyo";
    const start = madridInstant("2026-10-26", "08:00");
    expect(start.toISOString()).toBe("2026-10-26T07:00:00.000Z");
    const ics = lines(calendarFile({ product: "Trabajos", events: [event({ startsAt: start, endsAt: madridInstant("2026-10-26", "10:00") })] }));
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261026T080000");
  });

  it("escapes text, folds long lines at 75 octets without cutting a letter, ends every line in CRLF", () => {
    const file = calendarFile({
      product: "Tienda",
      events: [
        event({
          summary: "Instalación, pedido 1234-150726",
          location: `Calle Mayor 1; 2º B, 28013 Madrid ${"ñ".repeat(60)}`,
          description: `Técnico de Termoclima.\nTeléfono: 910 000 000. ${"Texto largo ".repeat(10)}`,
        }),
      ],
    });
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of file.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    const unfolded = lines(file);
    expect(unfolded).toContain("SUMMARY:Instalación\\, pedido 1234-150726");
    expect(unfolded).toContain(`LOCATION:Calle Mayor 1\\; 2º B\\, 28013 Madrid ${"ñ".repeat(60)}`);
    expect(unfolded.find((line) => line.startsWith("DESCRIPTION:"))).toMatch(/^DESCRIPTION:Técnico de Termoclima\.\\nTeléfono: 910 000 000\. Texto largo/);
  });

  it("publishes by default; an invitation names organizer and attendee; a cancellation says so", () => {
    const invitation = { organizer: { name: "Termoclima", email: "info@tienda.test" }, attendee: { name: "Lucía", email: "lucia@example.com" } };
    const published = lines(calendarFile({ product: "Visitas", events: [event({ invitation, sequence: 3 })] }));
    expect(published).toContain("METHOD:PUBLISH");
    expect(published).toContain("SEQUENCE:3");
    expect(published).toContain("STATUS:CONFIRMED");
    expect(published.some((line) => line.startsWith("ORGANIZER"))).toBe(false);

    const request = lines(calendarFile({ product: "Visitas", method: "REQUEST", events: [event({ invitation })] }));
    expect(request).toContain("METHOD:REQUEST");
    expect(request.find((line) => line.startsWith("ORGANIZER"))).toMatch(/mailto:info@tienda\.test$/);
    expect(request.find((line) => line.startsWith("ATTENDEE"))).toMatch(/PARTSTAT=ACCEPTED.*lucia@example\.com$/i);

    const cancel = lines(calendarFile({ product: "Visitas", method: "CANCEL", events: [event({ invitation })] }));
    expect(cancel).toContain("METHOD:CANCEL");
    expect(cancel).toContain("STATUS:CANCELLED");
    expect(cancel.find((line) => line.startsWith("ATTENDEE"))).toMatch(/PARTSTAT=DECLINED/);
  });

  it("names a subscribed feed and says how often to read it again", () => {
    const feed = lines(calendarFile({ product: "Trabajos", name: "Trabajos de Tomás", events: [], ttlSeconds: 3600 }));
    expect(feed).toContain("X-WR-CALNAME:Trabajos de Tomás");
    expect(feed).toContain("X-PUBLISHED-TTL:PT1H");
    expect(feed.find((line) => line.startsWith("PRODID:"))).toMatch(/\/\/Trabajos\/\/ES$/);
  });

  it("counts every change higher, and gives the shop's web address to its UIDs", () => {
    const made = new Date("2026-11-01T10:00:00Z");
    expect(changeSequence(made, made)).toBe(0);
    expect(changeSequence(made, new Date("2026-11-01T10:01:30Z"))).toBe(90);
    expect(calendarUid("pedido-1-instalacion")).toMatch(/^pedido-1-instalacion@[a-z0-9.-]+$/);
  });

  it("attaches the job's file to the customer's e-mail with the Madrid time in words, a new date counting higher", () => {
    const startsAt = madridInstant("2026-03-30", "09:00");
    const endsAt = madridInstant("2026-03-30", "13:00");
    const facts = { id: 7, kind: "instalacion" as const, reference: "P2026-000007", customer, workPlace: place, startsAt, endsAt, technicianName: "Tomás" };
    const mail = jobScheduledMail(facts, false);
    expect(mail.to).toBe("lucia@example.com");
    expect(mail.text).toContain("lunes, 30 de marzo de 2026, de 09:00 a 13:00");
    expect(mail.attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
    const ics = lines(mail.attachments![0]!.content);
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260330T090000");
    expect(ics).toContain("LOCATION:Calle de Alcalá 100\\, 28009 Madrid\\, Madrid");
    expect(ics).toContain("SEQUENCE:0");
    // Moved later (issue 29: the job's file kept SEQUENCE 0, so calendars could keep the old date).
    expect(lines(jobScheduledMail({ ...facts, sequence: 86_400 }, true).attachments![0]!.content)).toContain("SEQUENCE:86400");
  });
});
