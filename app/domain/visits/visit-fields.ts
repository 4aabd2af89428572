import type { WeeklyRange } from "./visit-slots";

/* The free visit's form fields and texts (issue 17), shared by the pages and the actions; no zod here (first-load budget). */

export const VISIT_FIELDS = ["name", "phone", "email", "address", "town", "notes"] as const;
export type VisitField = (typeof VISIT_FIELDS)[number];

export const VISIT_LABELS: Record<VisitField, string> = {
  name: "Nombre y apellidos",
  phone: "Teléfono",
  email: "Email",
  address: "Dirección de la visita",
  town: "Localidad",
  notes: "Indicaciones para el técnico (opcional)",
};

export const VISIT_MAX_LENGTH: Record<VisitField, number> = { name: 200, phone: 40, email: 254, address: 300, town: 120, notes: 1000 };

export type VisitFormValues = Record<VisitField, string>;

export type FieldErrors = Partial<Record<VisitField | "slot", string>>;

export const WEEKDAY_NAMES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"] as const;

/** A weekday's ranges as the back office shows them: "10:00-14:00, 15:00-18:30". */
export function formatRanges(ranges: readonly Pick<WeeklyRange, "startsAt" | "endsAt">[]): string {
  return ranges.map((r) => `${r.startsAt}-${r.endsAt}`).join(", ");
}

/** A refused booking or change, as the pages show it: the message, the fields to fix, what was typed, the next free slots. */
export type VisitReply = {
  ok: false;
  error: string;
  errors?: FieldErrors;
  values?: VisitFormValues;
  /** Slot starts offered after the chosen one was taken (ISO). */
  next?: { start: string; end: string }[];
};

export const SLOT_TAKEN_MESSAGE = "Esa hora acaba de reservarse.";
export const SLOT_GONE_MESSAGE = "Esa hora ya no está libre.";
