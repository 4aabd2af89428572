import { z } from "zod";
import { fieldErrors } from "../fields/field-errors";
import { phoneCheck } from "../fields/phone";
import { postcodeCheck } from "../fields/postcode";
import { REPAIR_FAMILIES, REPAIR_FIELDS, REPAIR_LABELS, REPAIR_MAX_LENGTH, URGENCIES, type RepairField, type RepairFieldErrors, type RepairFormValues } from "./repair-fields";

/*
 * The breakdown form (issue 31), parsed by the actions only: the page works without JavaScript
 * and carries no schema. With a known unit (from «Mis equipos») the unit's fields are not asked.
 */

const text = (field: RepairField, required: string | null) => {
  const base = z.string().trim().max(REPAIR_MAX_LENGTH[field], `«${REPAIR_LABELS[field]}» es demasiado largo: como máximo ${REPAIR_MAX_LENGTH[field]} caracteres.`);
  return required ? base.min(1, required) : base;
};

export const REPAIR_MESSAGES = {
  problem: "Cuéntenos qué le pasa al equipo: qué hace o deja de hacer, y si muestra un código de error.",
  family: "Elija el tipo de equipo.",
  urgency: "Diga si es urgente.",
  summary: "Revise los campos marcados.",
} as const;

const contactShape = {
  name: text("name", "Escriba su nombre."),
  phone: text("phone", "Escriba un teléfono: le llamamos para ir.").check(phoneCheck()),
  email: text("email", "Escriba su email: le enviamos allí la confirmación.").pipe(z.email("Escriba un email válido, p. ej. nombre@correo.es.")),
  address: text("address", "Escriba la dirección donde está el equipo."),
  postcode: text("postcode", "Escriba el código postal.").check(postcodeCheck()),
  town: text("town", "Escriba la localidad."),
  problem: text("problem", REPAIR_MESSAGES.problem).min(10, REPAIR_MESSAGES.problem),
  urgency: z.enum(URGENCIES, REPAIR_MESSAGES.urgency),
  availability: text("availability", null),
};

const unknownUnitShape = {
  family: z.enum(REPAIR_FAMILIES, REPAIR_MESSAGES.family),
  brand: text("brand", null),
  model: text("model", null),
  serial: text("serial", null),
};

const knownUnitSchema = z.object(contactShape);
const unknownUnitSchema = z.object({ ...contactShape, ...unknownUnitShape });
/** Taken by the owner on the phone: the customer may not have given an e-mail. */
const byPhoneSchema = unknownUnitSchema.extend({
  email: text("email", null).pipe(z.union([z.literal(""), z.email("Escriba un email válido, p. ej. nombre@correo.es.")])),
});

export type RepairInput = z.infer<typeof unknownUnitSchema>;

/** What was typed, as strings, to send back with a refusal. */
export function repairInput(form: FormData): RepairFormValues {
  return Object.fromEntries(
    REPAIR_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, REPAIR_MAX_LENGTH[field]) : ""];
    }),
  ) as RepairFormValues;
}

/** The form's values; with a known unit, its family and plate come from the unit instead. */
export function parseRepairForm(form: FormData, knownUnit: boolean, { byPhone = false } = {}): { ok: true; values: RepairInput | z.infer<typeof knownUnitSchema> } | { ok: false; errors: RepairFieldErrors } {
  const input = repairInput(form);
  const parsed = (byPhone ? byPhoneSchema : knownUnit ? knownUnitSchema : unknownUnitSchema).safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) as RepairFieldErrors };
  return { ok: true, values: parsed.data };
}
