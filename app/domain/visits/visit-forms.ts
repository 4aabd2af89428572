import { z } from "zod";
import { isYmd } from "../dates/madrid-dates";
import { fieldErrors } from "../fields/field-errors";
import { phoneCheck } from "../fields/phone";
import { type FieldErrors, type VisitFormValues, VISIT_FIELDS, VISIT_LABELS, VISIT_MAX_LENGTH, WEEKDAY_NAMES, type VisitField } from "./visit-fields";
import { formatClock, parseClock, type WeeklyRange } from "./visit-slots";

/*
 * The free visit's forms (issue 17): the customer's booking and the back office's availability.
 * Parsed by the actions only (the pages work without JavaScript; no schema in the browser).
 */

const text = (field: VisitField, required: string | null) => {
  const base = z.string().trim().max(VISIT_MAX_LENGTH[field], `«${VISIT_LABELS[field]}» es demasiado largo: como máximo ${VISIT_MAX_LENGTH[field]} caracteres.`);
  return required ? base.min(1, required) : base;
};

export const visitContactSchema = z.object({
  name: text("name", "Escriba su nombre."),
  phone: text("phone", "Escriba un teléfono para avisarle el día de la visita.").check(phoneCheck()),
  email: text("email", "Escriba su email: le enviamos allí la confirmación.").pipe(z.email("Escriba un email válido, p. ej. nombre@correo.es.")),
  address: text("address", "Escriba la dirección de la visita."),
  town: text("town", "Escriba la localidad."),
  notes: text("notes", null),
});

export type VisitContact = z.infer<typeof visitContactSchema>;

export const SLOT_REQUIRED = "Elija un día y una hora de la lista.";

/** The chosen slot: the instant of its start, as the radio button sends it. */
export const slotSchema = z.iso.datetime({ message: SLOT_REQUIRED }).refine((value) => Number.isFinite(Date.parse(value)), SLOT_REQUIRED);

/** What was typed, as strings, to send back with a refusal (a page without JavaScript keeps it). */
export function visitInput(form: FormData): VisitFormValues {
  return Object.fromEntries(
    VISIT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, VISIT_MAX_LENGTH[field]) : ""];
    }),
  ) as VisitFormValues;
}

/** The booking form: the slot and the customer's details; the field errors in Spanish. */
export function parseBookingForm(form: FormData): { ok: true; slot: string; contact: VisitContact } | { ok: false; errors: FieldErrors } {
  const slot = slotSchema.safeParse(form.get("slot") ?? "");
  const contact = visitContactSchema.safeParse(visitInput(form));
  if (!slot.success || !contact.success) {
    const errors: FieldErrors = { ...(slot.success ? {} : { slot: SLOT_REQUIRED }), ...(contact.success ? {} : fieldErrors(contact.error)) };
    return { ok: false, errors };
  }
  return { ok: true, slot: slot.data, contact: contact.data };
}

/** A weekday's field ("10:00-14:00, 15:00-18:30", empty for none): its ranges in order, or the error. */
export function parseRanges(value: string, weekday: number): { ok: true; ranges: WeeklyRange[] } | { ok: false; error: string } {
  const day = WEEKDAY_NAMES[weekday - 1];
  const parts = value.split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length > 6) return { ok: false, error: `El ${day} tiene demasiados tramos: como máximo 6.` };
  const ranges: { from: number; to: number }[] = [];
  for (const part of parts) {
    const match = /^(\d{1,2}:\d{2})\s*[-–a]\s*(\d{1,2}:\d{2})$/.exec(part);
    const from = match ? parseClock(match[1]!.padStart(5, "0")) : null;
    const to = match ? parseClock(match[2]!.padStart(5, "0")) : null;
    if (from === null || to === null) {
      return { ok: false, error: `No entendemos «${part}» del ${day}: escriba los tramos así: 10:00-14:00, 15:00-18:30.` };
    }
    if (from >= to) return { ok: false, error: `En «${part}» del ${day}, la hora de fin debe ser posterior a la de inicio.` };
    ranges.push({ from, to });
  }
  ranges.sort((a, b) => a.from - b.from);
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i]!.from < ranges[i - 1]!.to) return { ok: false, error: `Los tramos del ${day} se solapan: revíselos.` };
  }
  return { ok: true, ranges: ranges.map((r) => ({ weekday, startsAt: formatClock(r.from), endsAt: formatClock(r.to) })) };
}

export const bookingSettingsSchema = z.object({
  slotMinutes: z.coerce
    .number({ message: "La duración de la visita debe ser un número de minutos." })
    .int("La duración de la visita debe ser un número entero de minutos.")
    .min(15, "La visita dura como mínimo 15 minutos.")
    .max(480, "La visita dura como máximo 480 minutos (8 horas)."),
  horizonDays: z.coerce
    .number({ message: "Los días de antelación deben ser un número." })
    .int("Los días de antelación deben ser un número entero.")
    .min(1, "Se puede reservar con al menos 1 día de antelación.")
    .max(90, "Como máximo 90 días de antelación."),
});

const daySchema = z
  .string()
  .trim()
  .refine(isYmd, "Elija una fecha válida.");

export const blockedDaySchema = z.object({
  day: daySchema,
  reason: z.string().trim().max(200, "El motivo es demasiado largo: como máximo 200 caracteres."),
});

export const holidaySchema = z.object({
  day: daySchema,
  name: z.string().trim().min(1, "Escriba el nombre de la fiesta.").max(200, "El nombre es demasiado largo: como máximo 200 caracteres."),
});
