import { safeRedirectPath } from "../accounts/safe-redirect";

/*
 * The contact / quote form (spec sections 3, 4, 5): its fields, texts and limits. Its schema,
 * run in the browser for instant feedback and again by the action, is in contact-form-schema.ts,
 * which the page fetches only when the visitor comes to the form (issue 14's first-load budget).
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
