import { z } from "zod";
import { fieldErrors } from "../fields/field-errors";
import { phoneCheck } from "../fields/phone";
import { postcodeCheck } from "../fields/postcode";
import { isValidSpanishId } from "../spanish-ids";
import { NOTES_MAX } from "./customer-list";

/*
 * The customer record's forms (issue 30): its details and notes, and a merge. Every message
 * Spanish and naming the field; a form that fails keeps what was typed.
 */


const text = (max: number) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(max, { error: `Como máximo ${max} caracteres.` }));

export const customerDetailsForm = z
  .object({
    name: text(120),
    company: text(120),
    nif: text(20).refine((value) => value === "" || isValidSpanishId(value), { error: "Escriba un NIF, NIE o CIF válido, o déjelo vacío." }),
    email: text(200).pipe(z.union([z.literal(""), z.email({ error: "Escriba un e-mail válido, o déjelo vacío." })])),
    phone: text(30).check(phoneCheck({ optional: true })),
    address: text(200),
    postcode: text(5).check(postcodeCheck({ optional: true })),
    town: text(100),
    province: text(100),
    notes: text(NOTES_MAX),
  })
  .superRefine((value, ctx) => {
    if (!value.name && !value.company) ctx.addIssue({ code: "custom", path: ["name"], message: "Escriba el nombre de la persona o de la empresa." });
    if (!value.email && !value.phone && !value.nif)
      ctx.addIssue({ code: "custom", path: ["email"], message: "Deje al menos un e-mail, un teléfono o un NIF: es lo que une a la ficha lo que el cliente haga." });
  });

export type CustomerDetails = z.output<typeof customerDetailsForm>;
export type CustomerDetailsResult = { ok: true; value: CustomerDetails } | { ok: false; errors: Record<string, string> };

export function readCustomerDetails(form: Record<string, unknown>): CustomerDetailsResult {
  const parsed = customerDetailsForm.safeParse(form);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/** The record to merge into the one on screen: its number, as the page shows it («nº 12» or «12»). */
export const mergeForm = z.object({
  other: z
    .string()
    .trim()
    .transform((value) => value.replace(/^n[ºo.]?\s*/i, ""))
    .pipe(z.string().regex(/^\d{1,9}$/, { error: "Escriba el número de la otra ficha (p. ej. 12)." }))
    .transform(Number),
  confirm: z.literal("si", { error: "Marque la casilla para confirmar que son el mismo cliente." }),
});
