import { and, asc, eq, gt, gte } from "drizzle-orm";
import { firstMessage } from "~/domain/fields/field-errors";
import { data } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { formatRanges } from "~/domain/visits/visit-fields";
import { blockedDaySchema, bookingSettingsSchema, holidaySchema, parseRanges } from "~/domain/visits/visit-forms";
import { slotsByDay, yearsWithoutHolidays, type WeeklyRange } from "~/domain/visits/visit-slots";
import type { Admin } from "../accounts/admin-access.server";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { blockedDays, bookingSettings, publicHolidays, visitHours, visits } from "./visits-schema.server";
import { readForm } from "../http/request-body.server";
import { cancelVisit, latestVisitOfRequest } from "./visit-booking.server";
import { currentFreeSlots, readAvailability } from "./visit-calendar.server";
import { assignVisitTechnician } from "./visit-technician.server";
import { technicianChoices } from "../accounts/technicians.server";

/*
 * /admin/visitas (issue 17): the upcoming visits, and what the free slots are made of: the
 * weekly availability, the slot length and horizon, blocked days and public holidays. Every
 * change is audited (entity "visita") in its own transaction.
 */

export type VisitsAdminIntent = "horario" | "bloquear" | "desbloquear" | "festivo" | "quitar-festivo" | "anular" | "tecnico";

export type VisitsAdminReply =
  | { ok: true; intent: VisitsAdminIntent; message: string }
  | { ok: false; intent: VisitsAdminIntent | null; error: string; values?: Record<string, string> };

const AVAILABILITY_ID = "disponibilidad";

export async function readVisitsAdmin(db: Database, now = new Date()) {
  const today = madridDay(now);
  const [upcoming, availability, blocked, holidays, free, technicians] = await Promise.all([
    db
      .select()
      .from(visits)
      .where(and(eq(visits.state, "reservada"), gt(visits.endsAt, now)))
      .orderBy(asc(visits.startsAt))
      .limit(200),
    readAvailability(db),
    db.select().from(blockedDays).where(gte(blockedDays.day, today)).orderBy(asc(blockedDays.day)),
    db.select().from(publicHolidays).where(gte(publicHolidays.day, today)).orderBy(asc(publicHolidays.day)),
    currentFreeSlots(db, now),
    technicianChoices(db),
  ]);
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => formatRanges(availability.hours.filter((r) => r.weekday === weekday)));
  return {
    upcoming: upcoming.map((v) => ({
      id: v.id,
      start: v.startsAt.toISOString(),
      end: v.endsAt.toISOString(),
      name: v.name,
      phone: v.phone,
      email: v.email,
      place: [v.address, v.town].filter(Boolean).join(", "),
      notes: v.notes,
      requestId: v.contactRequestId,
      technicianId: v.technicianId,
    })),
    technicians,
    weekdays,
    slotMinutes: availability.slotMinutes,
    horizonDays: availability.horizonDays,
    blocked: blocked.map((b) => ({ day: b.day, reason: b.reason })),
    holidays: holidays.map((h) => ({ day: h.day, name: h.name })),
    yearsWithoutHolidays: yearsWithoutHolidays(now, availability),
    /** The next days with free slots, as a customer would see them now. */
    preview: slotsByDay(free).slice(0, 5),
  };
}

const MAX_BYTES = 20_000;

const fail = (intent: VisitsAdminIntent | null, error: string, values?: Record<string, string>, status = 400) =>
  data<VisitsAdminReply>({ ok: false, intent, error, ...(values ? { values } : {}) }, { status });
const done = (intent: VisitsAdminIntent, message: string) => data<VisitsAdminReply>({ ok: true, intent, message });

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function visitsAdminAction(request: Request, admin: Admin) {
  const form = await readForm(request, { maxBytes: MAX_BYTES });
  const db = await getDb();
  const actor = { email: admin.email };
  const intent = text(form, "intent") as VisitsAdminIntent;

  switch (intent) {
    case "horario": {
      const values = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [`dia${d}`, text(form, `dia${d}`)]));
      Object.assign(values, { slotMinutes: text(form, "slotMinutes"), horizonDays: text(form, "horizonDays") });
      const hours: WeeklyRange[] = [];
      for (let weekday = 1; weekday <= 7; weekday++) {
        const parsed = parseRanges(values[`dia${weekday}`]!, weekday);
        if (!parsed.ok) return fail(intent, parsed.error, values);
        hours.push(...parsed.ranges);
      }
      const settings = bookingSettingsSchema.safeParse({ slotMinutes: values.slotMinutes, horizonDays: values.horizonDays });
      if (!settings.success) return fail(intent, firstMessage(settings.error, "Revise los datos."), values);
      await db.transaction(async (tx) => {
        const before = await readAvailability(tx);
        await tx.delete(visitHours);
        if (hours.length > 0) await tx.insert(visitHours).values(hours);
        await tx
          .insert(bookingSettings)
          .values({ id: 1, ...settings.data })
          .onConflictDoUpdate({ target: bookingSettings.id, set: { ...settings.data, updatedAt: new Date() } });
        await audit(tx, actor, {
          action: "cambiar disponibilidad de visitas",
          entity: "visita",
          entityId: AVAILABILITY_ID,
          before: { horario: formatWeek(before.hours), slotMinutes: before.slotMinutes, horizonDays: before.horizonDays },
          after: { horario: formatWeek(hours), ...settings.data },
        });
      });
      return done(intent, hours.length === 0 ? "Guardado. Sin horario, nadie puede reservar visitas por la web." : "Disponibilidad guardada.");
    }
    case "bloquear": {
      const values = { day: text(form, "day"), reason: text(form, "reason") };
      const parsed = blockedDaySchema.safeParse(values);
      if (!parsed.success) return fail(intent, firstMessage(parsed.error, "Revise los datos."), values);
      await db.transaction(async (tx) => {
        await tx
          .insert(blockedDays)
          .values(parsed.data)
          .onConflictDoUpdate({ target: blockedDays.day, set: { reason: parsed.data.reason } });
        await audit(tx, actor, { action: "bloquear día de visitas", entity: "visita", entityId: AVAILABILITY_ID, after: parsed.data });
      });
      return done(intent, "Día bloqueado: ya no se ofrece para visitas.");
    }
    case "desbloquear": {
      const day = text(form, "day");
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(blockedDays).where(eq(blockedDays.day, day)).returning();
        if (row) await audit(tx, actor, { action: "desbloquear día de visitas", entity: "visita", entityId: AVAILABILITY_ID, before: { day: row.day, reason: row.reason } });
        return row;
      });
      return removed ? done(intent, "Día desbloqueado.") : fail(intent, "Ese día ya no estaba bloqueado.", undefined, 409);
    }
    case "festivo": {
      const values = { day: text(form, "day"), name: text(form, "name") };
      const parsed = holidaySchema.safeParse(values);
      if (!parsed.success) return fail(intent, firstMessage(parsed.error, "Revise los datos."), values);
      await db.transaction(async (tx) => {
        await tx
          .insert(publicHolidays)
          .values(parsed.data)
          .onConflictDoUpdate({ target: publicHolidays.day, set: { name: parsed.data.name } });
        await audit(tx, actor, { action: "añadir festivo", entity: "visita", entityId: AVAILABILITY_ID, after: parsed.data });
      });
      return done(intent, "Festivo guardado.");
    }
    case "quitar-festivo": {
      const day = text(form, "day");
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(publicHolidays).where(eq(publicHolidays.day, day)).returning();
        if (row) await audit(tx, actor, { action: "quitar festivo", entity: "visita", entityId: AVAILABILITY_ID, before: { day: row.day, name: row.name } });
        return row;
      });
      return removed ? done(intent, "Festivo quitado.") : fail(intent, "Ese festivo ya no estaba en la lista.", undefined, 409);
    }
    case "tecnico": {
      const id = Number(text(form, "id"));
      if (!Number.isSafeInteger(id) || id <= 0) return fail(intent, "Esa visita no existe.");
      const result = await assignVisitTechnician(db, actor, id, text(form, "technicianId") || null);
      return result.ok ? done(intent, result.message) : fail(intent, result.error, undefined, result.status);
    }
    case "anular": {
      const id = Number(text(form, "id"));
      if (!Number.isSafeInteger(id) || id <= 0) return fail(intent, "Esa visita no existe.");
      const cancelled = await cancelVisit(db, { id }, actor);
      return cancelled ? done(intent, "Visita anulada: el cliente recibe un correo.") : fail(intent, "Esa visita ya estaba anulada.", undefined, 409);
    }
    default:
      return fail(null, "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.");
  }
}

function formatWeek(hours: readonly WeeklyRange[]): Record<string, string> {
  return Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), formatRanges(hours.filter((r) => r.weekday === d))]));
}

/** The request page's line about its visit (/admin/solicitudes/:id): the latest one booked, if any. */
export async function requestVisitSummary(db: Database, requestId: number) {
  const visit = await latestVisitOfRequest(db, requestId);
  return visit ? { start: visit.startsAt.toISOString(), end: visit.endsAt.toISOString(), state: visit.state, place: [visit.address, visit.town].filter(Boolean).join(", ") } : null;
}
