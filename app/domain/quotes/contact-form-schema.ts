import "../zod-setup";
import * as z from "zod/mini";
import { CONTACT_MAX_LENGTH, CONTACT_REQUIRED_MESSAGE, contactInput, tooLongMessage, type ContactField } from "./contact-form";
import { fieldErrors } from "../fields/field-errors";

/*
 * The schema of the contact / quote form (spec sections 3, 4, 5), checked by the action and,
 * for instant feedback, in the browser, where app/ui/quotes/contact-form.tsx fetches this module when
 * the visitor comes to the form (zod is not in the page's first load). zod/mini keeps it small.
 */

const text = (field: ContactField) => z.string().check(z.trim(), z.maxLength(CONTACT_MAX_LENGTH[field], tooLongMessage(field)));

const REQUIRED = "required";

export const contactFormSchema = z
  .object({
    nameAndSurname: text("nameAndSurname"),
    phone: text("phone"),
    email: text("email"),
    adress: text("adress"),
    state: text("state"),
    message: text("message"),
  })
  .check(
    (ctx) => {
      const v = ctx.value;
      const missing: ContactField[] = [];
      if (!v.nameAndSurname) missing.push("nameAndSurname");
      if (!v.phone && !v.email) missing.push("phone", "email");
      if (!v.adress) missing.push("adress");
      if (!v.state) missing.push("state");
      for (const field of missing) {
        ctx.issues.push({ code: "custom", input: v[field], path: [field], message: REQUIRED, params: { required: true } });
      }
    },
  );

export type ContactValues = z.infer<typeof contactFormSchema>;

export type ContactValidation =
  | { ok: true; values: ContactValues }
  | { ok: false; error: string; invalid: ContactField[] };

/**
 * Checks a submission: the spec's message when something required is missing, otherwise
 * the first length error. `invalid` names the fields to mark for assistive technology.
 */
export function validateContact(form: FormData | Record<string, unknown>): ContactValidation {
  const result = contactFormSchema.safeParse(contactInput(form));
  if (result.success) return { ok: true, values: result.data };
  const invalid = Object.keys(fieldErrors(result.error)) as ContactField[];
  const required = result.error.issues.some((issue) => issue.message === REQUIRED);
  const error = required ? CONTACT_REQUIRED_MESSAGE : result.error.issues[0]!.message;
  return { ok: false, error, invalid };
}
