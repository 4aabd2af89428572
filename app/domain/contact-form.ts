import * as z from "zod/mini";
import { safeRedirectPath } from "./safe-redirect";

/*
 * The contact / quote form (spec sections 3, 4, 5): one schema, run in the browser for
 * instant feedback and again by the action. zod/mini keeps what the browser downloads small.
 * Field names are the spec's (`adress`, `state`); they map to address and town in the database
 * (docs/decisions/0002-field-names.md).
 */

/** Spec section 5 and 8, word for word (including the space before the comma). */
export const CONTACT_REQUIRED_MESSAGE =
  "Para poder contactarte necesitamos un Nombre, un email/telefono , direccion y localidad";

/** Spec section 8, word for word. */
export const CONTACT_SENT_MESSAGE = "Solicitud enviada.Nos pondremos en contacto con usted lo antes posible.";

export const CONTACT_FIELDS = ["nameAndSurname", "phone", "email", "adress", "state", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const CONTACT_LABELS: Record<ContactField, string> = {
  nameAndSurname: "Nombre y apellidos",
  phone: "Teléfono",
  email: "Email",
  adress: "Dirección de la instalación",
  state: "Localidad",
  message: "Mensaje",
};

/**
 * Generous limits, enforced on the server (the spec has none): nobody stores megabytes.
 * The worst case still fits in a Trello card description (16 384 characters) after escaping.
 */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  nameAndSurname: 200,
  phone: 40,
  email: 254,
  adress: 300,
  state: 120,
  message: 5000,
};

export function tooLongMessage(field: ContactField): string {
  return `El campo «${CONTACT_LABELS[field]}» es demasiado largo: como máximo ${CONTACT_MAX_LENGTH[field]} caracteres.`;
}

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

/** Form fields as strings: a missing field or a file counts as empty. */
export function contactInput(form: FormData | Record<string, unknown>): Record<ContactField, string> {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name]);
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<ContactField, string>;
}

/**
 * Checks a submission: the spec's message when something required is missing, otherwise
 * the first length error. `invalid` names the fields to mark for assistive technology.
 */
export function validateContact(form: FormData | Record<string, unknown>): ContactValidation {
  const result = contactFormSchema.safeParse(contactInput(form));
  if (result.success) return { ok: true, values: result.data };
  const invalid = [...new Set(result.error.issues.map((issue) => issue.path[0] as ContactField))];
  const required = result.error.issues.some((issue) => issue.message === REQUIRED);
  const error = required ? CONTACT_REQUIRED_MESSAGE : result.error.issues[0]!.message;
  return { ok: false, error, invalid };
}

/** Replies of the contact action, as the form reads them. */
export type ContactReply =
  | { ok: true; redirectTo: string }
  | {
      ok: false;
      error: string;
      invalid?: ContactField[];
      /** What was typed, for the page that shows the reply of a post made without JavaScript. */
      values?: Partial<Record<ContactField, string>> & { productId?: number; sourcePage?: string };
    };

/** The thank-you page (spec section 2), remembering where the visitor came from. */
export const THANKS_PATH = "/promo-Saunier/gracias";

export function thanksHref(sourcePage: string): string {
  return sourcePage === "/" ? THANKS_PATH : `${THANKS_PATH}?desde=${encodeURIComponent(sourcePage)}`;
}

/**
 * The page a form was sent from: a path of this site in plain URL characters, so it can
 * go into a link, a markdown card and an e-mail as it is. Anything else counts as /contacto.
 */
export function safeSourcePage(value: unknown, fallback = "/contacto"): string {
  const path = safeRedirectPath(value, fallback);
  return path.length <= 300 && /^\/[\w\-./~%?=&]*$/.test(path) ? path : fallback;
}

/** A product id as the pop-up sends it; anything else means no product. */
export function parseProductId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** The name of the honeypot field: people never see it, simple bots fill it in. */
export const HONEYPOT_FIELD = "web";
