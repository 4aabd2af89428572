import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine, icsDateTime } from "./calendar-file";
import { madridInstant } from "../dates/madrid-dates";

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Undoes the folding as a calendar app does: a CRLF followed by one space disappears. */
const unfold = (text: string) => text.replace(/\r\n /g, "");

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("leaves other characters alone, colons included", () => {
    expect(escapeText("Calle Mayor 1: 2º B (Madrid)")).toBe("Calle Mayor 1: 2º B (Madrid)");
  });
});

describe("foldLine", () => {
  it("keeps a line of 75 octets whole", () => {
    const line = "x".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines into pieces of at most 75 octets, continuation lines starting with a space", () => {
    const line = `DESCRIPTION:${"abcdefghij".repeat(20)}`;
    const folded = foldLine(line);
    const pieces = folded.split("\r\n");
    expect(pieces.length).toBe(3);
    for (const piece of pieces) expect(octets(piece)).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((piece) => piece.startsWith(" "))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it("counts UTF-8 octets and never cuts a character in two", () => {
    const line = `LOCATION:${"ñ".repeat(80)}`;
    const pieces = foldLine(line).split("\r\n");
    for (const piece of pieces) {
      expect(octets(piece)).toBeLessThanOrEqual(75);
      expect(piece).not.toContain("\uFFFD");
    }
    // 9 octets of "LOCATION:" and 33 two-octet letters make 75; one more would be 77.
    expect(octets(pieces[0]!)).toBe(75);
    expect(unfold(pieces.join("\r\n"))).toBe(line);
  });
});

describe("calendarFile", () => {
  const start = madridInstant("2026-07-15", "09:00");
  const file = calendarFile({
    uid: "pedido-1234-150726-instalacion@termoclima.test",
    stamp: new Date("2026-07-01T10:20:30.456Z"),
    start,
    end: madridInstant("2026-07-15", "11:00"),
    summary: "Instalación, pedido 1234-150726",
    location: "Calle Mayor 1; 2º B, 28013 Madrid",
    description: `Técnico de Termoclima.\nTeléfono: 910 000 000. ${"Texto largo ".repeat(10)}`,
    sequence: 2,
  });

  it("is lines ending in CRLF, none longer than 75 octets, no bare line feed", () => {
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of file.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("publishes one event with its identity, times in UTC and escaped text", () => {
    const lines = unfold(file).split("\r\n");
    expect(lines.slice(0, 5)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Termoclima//Tienda//ES", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]);
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("UID:pedido-1234-150726-instalacion@termoclima.test");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain("DTSTAMP:20260701T102030Z");
    // 09:00 in Madrid in July (summer time, UTC+2) is 07:00 UTC.
    expect(lines).toContain("DTSTART:20260715T070000Z");
    expect(lines).toContain("DTEND:20260715T090000Z");
    expect(lines).toContain("SUMMARY:Instalación\\, pedido 1234-150726");
    expect(lines).toContain("LOCATION:Calle Mayor 1\\; 2º B\\, 28013 Madrid");
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toMatch(/^DESCRIPTION:Técnico de Termoclima\.\\nTeléfono: 910 000 000\. Texto largo/);
    expect(lines.slice(-3)).toEqual(["END:VEVENT", "END:VCALENDAR", ""]);
  });

  it("writes winter times with Madrid's winter offset (UTC+1)", () => {
    expect(icsDateTime(madridInstant("2026-01-20", "16:00"))).toBe("20260120T150000Z");
  });
});
