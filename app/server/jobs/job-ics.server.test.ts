import { afterEach, describe, expect, it } from "vitest";
import { madridInstant } from "~/domain/dates/madrid-dates";
import { jobScheduledMail } from "./job-emails.server";
import { calendarFile } from "./job-ics.server";

const place = { address: "Calle de Alcalá 100", postcode: "28009", town: "Madrid", province: "Madrid" };
const customer = { name: "Lucía Pérez", nif: "", email: "lucia@example.com", phone: "600 000 000", ...place };

/** The unfolded lines of an .ics file. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("calendar files of jobs (Europe/Madrid)", () => {
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
      calendarFile("Pruebas", [
        { key: "trabajo-1", startsAt: saturday.start, endsAt: saturday.end, summary: "Antes", description: "", location: "Madrid" },
        { key: "trabajo-2", startsAt: monday.start, endsAt: monday.end, summary: "Después", description: "", location: "Madrid" },
      ]),
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
  });

  it("also on the autumn change (the last Sunday of October)", () => {
    process.env.TZ = "Asia/Tokyo";
    const start = madridInstant("2026-10-26", "08:00");
    expect(start.toISOString()).toBe("2026-10-26T07:00:00.000Z");
    const ics = lines(calendarFile("Pruebas", [{ key: "trabajo-3", startsAt: start, endsAt: madridInstant("2026-10-26", "10:00"), summary: "x", description: "", location: "" }]));
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261026T080000");
  });

  it("attaches the file to the customer's e-mail with the Madrid time in words", () => {
    const startsAt = madridInstant("2026-03-30", "09:00");
    const endsAt = madridInstant("2026-03-30", "13:00");
    const mail = jobScheduledMail({ id: 7, quoteNumber: "P2026-000007", customer, workPlace: place, startsAt, endsAt, technicianName: "Tomás" }, false);
    expect(mail.to).toBe("lucia@example.com");
    expect(mail.text).toContain("lunes, 30 de marzo de 2026, de 09:00 a 13:00");
    expect(mail.attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
    expect(lines(mail.attachments![0]!.content)).toContain("DTSTART;TZID=Europe/Madrid:20260330T090000");
    expect(mail.attachments![0]!.content).toContain("LOCATION:Calle de Alcalá 100\\, 28009 Madrid\\, Madrid");
  });
});
