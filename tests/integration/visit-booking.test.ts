import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridInstant } from "~/domain/dates/madrid-dates";
import type { VisitReply } from "~/domain/visits/visit-fields";
import type { Slot } from "~/domain/visits/visit-slots";
import { action as bookingRouteAction, loader as bookingLoader } from "~/routes/visits/visit-booking";
import { action as visitRouteAction, loader as visitLoader } from "~/routes/visits/visit-detail";
import { loader as icsLoader } from "~/routes/visits/visit-calendar-file";
import { resetConfigForTests } from "~/server/config.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { visits } from "~/server/visits/visits-schema.server";
import type { MailMessage } from "~/server/mail.server";
import { bookingCookieHeader, bookingToken, readBookingToken } from "~/server/visits/booking-token.server";
import { bookVisit, cancelVisit, changeVisit, isOverlapRefusal } from "~/server/visits/visit-booking.server";
import { currentFreeSlots } from "~/server/visits/visit-calendar.server";
import { visitsAdminAction } from "~/server/visits/visit-admin.server";
import { setupTestDatabase } from "../db-utils";

/*
 * The free visit (issue 17) on the embedded database: booking from a request's cookie, a slot
 * refused once taken (the exclusion constraint), changing and cancelling with their e-mails and
 * calendar files (DTSTART in Europe/Madrid), and the back office's availability.
 */
const ready = setupTestDatabase();
process.env.PUBLIC_BASE_URL = "https://tienda.example";
process.env.SHOP_EMAIL = "info@tienda.example";
process.env.BETTER_AUTH_SECRET = "secreto-de-pruebas-de-visitas-32-caracteres-o-mas";
process.env.VISIT_RATE_LIMIT = "1000";
resetConfigForTests();
afterAll(() => {
  for (const name of ["PUBLIC_BASE_URL", "SHOP_EMAIL", "BETTER_AUTH_SECRET", "VISIT_RATE_LIMIT"]) delete process.env[name];
  resetConfigForTests();
});

const CONTACT = { name: "Lucía García", phone: "600 123 456", email: "lucia@example.com", address: "Calle de Alcalá 120", town: "Madrid", notes: "Portero 3B" };
/** A Thursday: the free slots start on Friday 27 November 2026. */
const NOW = madridInstant("2026-11-26", "12:00");

let requestId = 0;
beforeAll(async () => {
  const { db } = await ready;
  requestId = await storeContactRequest(
    db,
    { nameAndSurname: "Lucía García", phone: "600 123 456", email: "lucia@example.com", adress: "Calle de Alcalá 120", state: "Madrid", message: "Caldera" },
    { productId: null, sourcePage: "/contacto" },
  );
});

async function mailsAbout(visitId: number, to: string): Promise<MailMessage[]> {
  const { db } = await ready;
  const [visit] = await db.select().from(visits).where(eq(visits.id, visitId));
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.kind, "email"), eq(outbox.ref, `contact:${visit!.contactRequestId}`)))
    .orderBy(outbox.id);
  return rows.map((r) => r.payload as MailMessage).filter((m) => m.to === to);
}

/** An unfolded iCalendar text (RFC 5545 folds long lines). */
const unfold = (ics: string) => ics.replace(/\r\n /g, "");

describe("booking, changing and cancelling", () => {
  let booked: Slot;
  let token = "";
  let visitId = 0;

  it("books a free slot; the customer's e-mail carries the calendar file in Madrid time", async () => {
    const { db } = await ready;
    const slots = await currentFreeSlots(db, NOW);
    booked = slots[0]!;
    expect(booked).toEqual({ start: "2026-11-27T09:00:00.000Z", end: "2026-11-27T10:00:00.000Z", day: "2026-11-27" });
    const result = await bookVisit(db, { slotStart: booked.start, contact: CONTACT, contactRequestId: requestId }, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    token = result.visit.token;
    visitId = result.visit.id;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(result.visit).toMatchObject({ state: "reservada", startsAt: new Date(booked.start), name: "Lucía García", notes: "Portero 3B" });
    expect((await currentFreeSlots(db, NOW)).map((s) => s.start)).not.toContain(booked.start);

    const [mail] = await mailsAbout(visitId, "lucia@example.com");
    expect(mail!.subject).toBe("Visita reservada: viernes 27 de noviembre, de 10:00 a 11:00");
    expect(mail!.text).toContain(`https://tienda.example/visita/${token}`);
    const ics = unfold(mail!.attachments![0]!.content);
    expect(mail!.attachments![0]).toMatchObject({ filename: "visita.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
    expect(ics).toContain("METHOD:REQUEST");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid");
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261127T100000");
    expect(ics).toContain("DTEND;TZID=Europe/Madrid:20261127T110000");
    expect(ics).toMatch(/SUMMARY:Visita gratuita de .+/);
    expect(ics).toContain("LOCATION:Calle de Alcalá 120\\, Madrid");
    expect(ics).toMatch(new RegExp(`UID:visita-${visitId}-[a-z0-9]+@tienda\\.example`));
    expect(ics).toContain("SEQUENCE:0");
    expect(ics).toMatch(/ORGANIZER;CN=.+:mailto:info@tienda\.example/);
    expect(ics).toMatch(/ATTENDEE;.*:MAILTO:lucia@example\.com/i);
    // The shop gets a note too.
    const shopMail = (await mailsAbout(visitId, "info@tienda.example")).find((m) => m.subject.startsWith("Visita"));
    expect(shopMail?.subject).toBe("Visita reservada: viernes 27 de noviembre, de 10:00 a 11:00 (Lucía García)");
  });

  it("refuses the same slot to a second customer, offering the next free ones", async () => {
    const { db } = await ready;
    const other = { ...CONTACT, name: "Eva Ruiz", email: "eva@example.com" };
    const again = await bookVisit(db, { slotStart: booked.start, contact: other, contactRequestId: null }, NOW);
    // Booked since the page was read: "Esa hora acaba de reservarse".
    expect(again).toMatchObject({ ok: false, reason: "taken" });
    expect(await bookVisit(db, { slotStart: "2026-11-27T09:10:00.000Z", contact: other, contactRequestId: null }, NOW)).toMatchObject({ ok: false, reason: "taken" });
    expect(await bookVisit(db, { slotStart: "2026-11-28T09:00:00.000Z", contact: other, contactRequestId: null }, NOW)).toMatchObject({ ok: false, reason: "not-free" });
    expect(await bookVisit(db, { slotStart: "no es una fecha", contact: other, contactRequestId: null }, NOW)).toMatchObject({ ok: false, reason: "not-free" });
    if (again.ok) return;
    expect(again.next[0]?.start).toBe("2026-11-27T10:00:00.000Z");
    // Past the check (a page read a moment before), the database itself refuses the overlap.
    const overlapping = db.insert(visits).values({ token: "x".repeat(32), startsAt: new Date("2026-11-27T09:30:00Z"), endsAt: new Date("2026-11-27T10:30:00Z"), name: "Eva" });
    const error = await overlapping.then(() => null, (e: unknown) => e);
    expect(isOverlapRefusal(error)).toBe(true);
  });

  it("two customers at once: exactly one gets the slot, the other is offered the next ones", async () => {
    const { db } = await ready;
    const slot = (await currentFreeSlots(db, NOW))[3]!;
    const results = await Promise.all(
      ["ana", "eva"].map((who) => bookVisit(db, { slotStart: slot.start, contact: { ...CONTACT, email: `${who}@example.com` }, contactRequestId: null }, NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => !r.ok);
    expect(lost).toMatchObject({ ok: false });
    if (lost && !lost.ok) expect(Date.parse(lost.next[0]!.start)).toBeGreaterThan(Date.parse(slot.start));
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(visits).where(and(eq(visits.startsAt, new Date(slot.start)), eq(visits.state, "reservada")));
    expect(row!.n).toBe(1);
  });

  it("changes the visit: the same link and UID, the old time freed, a higher SEQUENCE", async () => {
    const { db } = await ready;
    const target = (await currentFreeSlots(db, NOW)).find((s) => s.day === "2026-12-01")!;
    const result = await changeVisit(db, token, target.start, NOW);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.visit).toMatchObject({ id: visitId, token, startsAt: new Date(target.start), state: "reservada" });
    const free = (await currentFreeSlots(db, NOW)).map((s) => s.start);
    expect(free).toContain(booked.start);
    expect(free).not.toContain(target.start);
    const mails = await mailsAbout(visitId, "lucia@example.com");
    const changed = mails.find((m) => m.subject.startsWith("Visita cambiada"))!;
    expect(changed.subject).toBe("Visita cambiada: martes 1 de diciembre, de 10:00 a 11:00");
    expect(changed.text).toContain("Antes: viernes 27 de noviembre, de 10:00 a 11:00");
    const ics = unfold(changed.attachments![0]!.content);
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20261201T100000");
    expect(ics).toMatch(new RegExp(`UID:visita-${visitId}-`));
    expect(Number(/SEQUENCE:(\d+)/.exec(ics)![1])).toBeGreaterThan(0);
  });

  it("cancels the visit once, with a cancellation e-mail that removes it from the calendar", async () => {
    const { db } = await ready;
    const cancelled = await cancelVisit(db, { token }, "cliente", NOW);
    expect(cancelled).toMatchObject({ state: "cancelada" });
    expect(await cancelVisit(db, { token }, "cliente", NOW)).toBeNull();
    const mail = (await mailsAbout(visitId, "lucia@example.com")).find((m) => m.subject.startsWith("Visita anulada"))!;
    expect(mail.subject).toBe("Visita anulada: martes 1 de diciembre, de 10:00 a 11:00");
    const ics = unfold(mail.attachments![0]!.content);
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toMatch(new RegExp(`UID:visita-${visitId}-`));
    // A cancelled visit no longer holds its time.
    expect((await currentFreeSlots(db, NOW)).map((s) => s.start)).toContain(new Date("2026-12-01T09:00:00Z").toISOString());
  });
});

describe("the booking cookie", () => {
  it("names its request until it expires, and cannot be forged", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const token = bookingToken(42, now);
    expect(readBookingToken(token, now)).toBe(42);
    expect(readBookingToken(token, now + 2 * 3600_000 + 1)).toBeNull();
    expect(readBookingToken(token.replace(/^42\./, "43."), now)).toBeNull();
    expect(readBookingToken("42.9999999999.abc", now)).toBeNull();
    expect(readBookingToken(undefined, now)).toBeNull();
  });
});

describe("the customer's pages (route modules)", () => {
  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    new Request(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9", ...(cookie ? { Cookie: cookie } : {}) },
    });
  const reply = (result: unknown) => {
    const r = result as { data: VisitReply; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, body: r.data };
  };
  const asCookie = (setCookie: string) => setCookie.split(";")[0]!;

  it("without the request's cookie the page explains and books nothing", async () => {
    const page = await bookingLoader({ request: new Request("http://localhost/visita/reservar"), params: {}, context: {} } as never);
    expect(page).toEqual({ kind: "sin-solicitud" });
    const answer = reply(await bookingRouteAction({ request: post("http://localhost/visita/reservar", { slot: "2026-12-01T09:00:00.000Z", ...CONTACT }), params: {}, context: {} } as never));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/No encontramos su solicitud/);
  });

  it("prefills the request, answers bad input with 400 and field errors, then books and redirects", async () => {
    const { db } = await ready;
    const id = await storeContactRequest(
      db,
      { nameAndSurname: "Rosa Pérez", phone: "611 222 333", email: "rosa@example.com", adress: "Calle Mayor 1", state: "Getafe", message: "" },
      { productId: null, sourcePage: "/contacto" },
    );
    const cookie = asCookie(await bookingCookieHeader(id));
    const page = (await bookingLoader({ request: new Request("http://localhost/visita/reservar", { headers: { Cookie: cookie } }), params: {}, context: {} } as never)) as {
      kind: string;
      values: Record<string, string>;
      days: { slots: Slot[] }[];
    };
    expect(page.kind).toBe("reservar");
    expect(page.values).toMatchObject({ name: "Rosa Pérez", phone: "611 222 333", email: "rosa@example.com", address: "Calle Mayor 1", town: "Getafe" });
    const slot = page.days[0]!.slots[0]!.start;

    const bad = reply(await bookingRouteAction({ request: post("http://localhost/visita/reservar", { slot: "", ...page.values, email: "no-es-un-email", phone: "" }, cookie), params: {}, context: {} } as never));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ slot: "Elija un día y una hora de la lista.", email: expect.stringMatching(/email válido/), phone: expect.stringMatching(/teléfono/) });
    expect(bad.body.values?.name).toBe("Rosa Pérez");

    const gone = reply(await bookingRouteAction({ request: post("http://localhost/visita/reservar", { ...page.values, slot: "2020-01-01T09:00:00.000Z" }, cookie), params: {}, context: {} } as never));
    expect(gone.status).toBe(409);
    expect(gone.body.next?.length).toBeGreaterThan(0);

    const done = (await bookingRouteAction({ request: post("http://localhost/visita/reservar", { ...page.values, slot }, cookie), params: {}, context: {} } as never)) as Response;
    expect(done.status).toBe(303);
    const location = done.headers.get("Location")!;
    expect(location).toMatch(/^\/visita\/[A-Za-z0-9_-]{32}\?reservada=1$/);
    const token = location.slice("/visita/".length, location.indexOf("?"));

    // Booked already: the booking page goes to the visit.
    const again = await bookingLoader({ request: new Request("http://localhost/visita/reservar", { headers: { Cookie: cookie } }), params: {}, context: {} } as never).catch((e: unknown) => e);
    expect((again as Response).headers.get("Location")).toBe(`/visita/${token}`);

    const visit = await visitLoader({ request: new Request(`http://localhost${location}`), params: { token }, context: {} } as never);
    expect(visit).toMatchObject({ state: "reservada", open: true, news: "reservada", name: "Rosa Pérez", start: slot });

    const ics = (await icsLoader({ request: new Request(`http://localhost/visita/${token}/calendario.ics`), params: { token }, context: {} } as never)) as Response;
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await ics.text();
    expect(text).toContain("METHOD:PUBLISH");
    expect(text).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}\r\n/);

    // Cancelled by its page's button; the page then says so.
    const cancelled = (await visitRouteAction({ request: post(`http://localhost/visita/${token}`, { intent: "anular" }), params: { token }, context: {} } as never)) as Response;
    expect(cancelled.status).toBe(303);
    expect(await visitLoader({ request: new Request(`http://localhost/visita/${token}`), params: { token }, context: {} } as never)).toMatchObject({ state: "cancelada", open: false });
  });

  it("an unknown token is a 404, on the page, its form and its calendar file", async () => {
    const token = "A".repeat(32);
    const thrown = await visitLoader({ request: new Request(`http://localhost/visita/${token}`), params: { token }, context: {} } as never).catch((e: unknown) => e);
    expect((thrown as { init: ResponseInit }).init.status).toBe(404);
    const posted = await visitRouteAction({ request: post(`http://localhost/visita/${token}`, { intent: "anular" }), params: { token }, context: {} } as never).catch((e: unknown) => e);
    expect((posted as { init: ResponseInit }).init.status).toBe(404);
    const file = (await icsLoader({ request: new Request(`http://localhost/visita/${token}/calendario.ics`), params: { token }, context: {} } as never)) as Response;
    expect(file.status).toBe(404);
  });
});

describe("the back office's availability", () => {
  const admin = { id: "admin", email: "duena@tienda.example", name: "Dueña", sessionToken: "x" };
  const send = async (fields: Record<string, string>) => {
    const request = new Request("http://localhost/admin/visitas", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const result = (await visitsAdminAction(request, admin)) as unknown as { data: { ok: boolean; error?: string }; init: ResponseInit | null };
    return { status: result.init?.status ?? 200, body: result.data };
  };
  const week = (overrides: Record<string, string> = {}) => ({
    intent: "horario",
    dia1: "10:00-14:00, 15:00-18:30",
    dia2: "10:00-14:00, 15:00-18:30",
    dia3: "10:00-14:00, 15:00-18:30",
    dia4: "10:00-14:00, 15:00-18:30",
    dia5: "10:00-14:00, 15:00-18:30",
    dia6: "",
    dia7: "",
    slotMinutes: "60",
    horizonDays: "14",
    ...overrides,
  });

  it("a new weekly availability and slot length show in the free slots, audited", async () => {
    const { db } = await ready;
    expect((await send(week({ dia6: "09:00-11:00", slotMinutes: "30" }))).status).toBe(200);
    const saturday = (await currentFreeSlots(db, NOW)).filter((s) => s.day === "2026-11-28").map((s) => s.start);
    expect(saturday).toEqual(["08:00", "08:30", "09:00", "09:30"].map((t) => `2026-11-28T${t}:00.000Z`));
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "visita"), like(auditLog.action, "cambiar disponibilidad%")));
    expect(line?.actor).toBe("duena@tienda.example");
    expect(line?.after).toMatchObject({ slotMinutes: 30, horario: { "6": "09:00-11:00" } });
  });

  it("refuses overlapping ranges and a slot length out of range with a Spanish 400", async () => {
    expect(await send(week({ dia1: "10:00-14:00, 13:00-15:00" }))).toEqual({ status: 400, body: expect.objectContaining({ ok: false, error: "Los tramos del lunes se solapan: revíselos." }) });
    expect((await send(week({ slotMinutes: "5" }))).body.error).toBe("La visita dura como mínimo 15 minutos.");
  });

  it("a blocked day and a new holiday disappear from the free slots; removing them brings them back", async () => {
    const { db } = await ready;
    await send(week());
    const day = "2026-12-02";
    const has = async () => (await currentFreeSlots(db, NOW)).some((s) => s.day === day);
    expect(await has()).toBe(true);
    expect((await send({ intent: "bloquear", day, reason: "Formación" })).status).toBe(200);
    expect(await has()).toBe(false);
    expect((await send({ intent: "desbloquear", day })).status).toBe(200);
    expect(await has()).toBe(true);
    expect((await send({ intent: "festivo", day, name: "Fiesta de prueba" })).status).toBe(200);
    expect(await has()).toBe(false);
    expect((await send({ intent: "quitar-festivo", day })).status).toBe(200);
    expect(await has()).toBe(true);
    expect((await send({ intent: "festivo", day: "2026-02-30", name: "x" })).body.error).toBe("Elija una fecha válida.");
  });
});
