import { HONEYPOT_FIELD } from "../quotes/contact-form";
import { RETENTION, spanishPeriod } from "../site/retention";

/*
 * "Avísame cuando vuelva a estar disponible" (issue 15): the form's fields, texts and replies.
 * Its schema, checked by the action and, fetched when the visitor comes to the form, in the
 * browser, is in alert-form-schema.ts (zod stays out of the product page's first load).
 */

/** The one action every product page's form posts to (app/routes/stock-alerts/stock-alerts.tsx). */
export const STOCK_ALERT_PATH = "/avisos-disponibilidad";

export const ALERT_FIELDS = { email: "email", consent: "consentimiento", product: "producto" } as const;
export const CONSENT_VALUE = "si";
/** The contact form's trap field: bots fill both the same way. */
export const ALERT_HONEYPOT = HONEYPOT_FIELD;
/** RFC 5321's longest address. */
export const ALERT_EMAIL_MAX = 254;

export type AlertField = "email" | "consent";

export const ALERT_HEADING = "Avísame cuando vuelva a estar disponible";

export const ALERT_MESSAGES = {
  emailMissing: "Escriba su email para que podamos avisarle.",
  emailInvalid: "Revise el email: debe tener la forma nombre@dominio.es.",
  emailTooLong: `El email es demasiado largo: como máximo ${ALERT_EMAIL_MAX} caracteres.`,
  consent: "Marque la casilla para que podamos usar su email para este aviso.",
  product: "No encontramos este producto en la tienda. Vuelva a su página e inténtelo de nuevo.",
  /** The same words whether the address was new, waiting for its confirmation or already confirmed. */
  sent: `Le hemos enviado un correo para confirmar el aviso. Abra el enlace del correo para activarlo; si no lo confirma en ${spanishPeriod(RETENTION.pendingStockAlertDays)}, borraremos su email.`,
  inStock: "Buenas noticias: este producto vuelve a estar disponible y ya puede comprarlo.",
  spam: "No hemos podido registrar su aviso. Si el problema continúa, llámenos o escríbanos por WhatsApp.",
  rateLimited: "Ha enviado demasiadas solicitudes. Inténtelo de nuevo en unos minutos.",
  tooLarge: "El formulario es demasiado largo. Revise el email e inténtelo de nuevo.",
} as const;

/** What the visitor reads under the checkbox: the use of the address, once, and how to withdraw. */
export const CONSENT_LABEL = "Quiero que me avisen por email cuando este producto vuelva a estar disponible.";
export const CONSENT_HELP =
  "Usaremos su email solo para avisarle una vez, cuando vuelva a estar disponible; después lo borramos. Puede retirar el aviso cuando quiera con el enlace de nuestros correos.";

export type AlertProductSummary = { id: number; name: string; href: string };

export type StockAlertReply =
  | { ok: true; message: string; inStock?: boolean; product: AlertProductSummary }
  | {
      ok: false;
      /** The message of the whole form (spam, limit, a product that is gone, or the first field's). */
      error: string;
      fieldErrors?: Partial<Record<AlertField, string>>;
      /** What was typed, for the page that answers a post made without JavaScript. */
      values?: { email: string; consent: boolean };
      product?: AlertProductSummary;
    };

/** A form's field as a string: missing or a file counts as empty. */
export function formText(form: FormData | Record<string, unknown>, name: string): string {
  const value = form instanceof FormData ? form.get(name) : form[name];
  return typeof value === "string" ? value : "";
}

/** An alert link's token: what the server makes (base64url), checked before any look-up. */
export function isAlertToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value);
}

export type AlertLinkAction = "confirmar" | "retirar";

export function alertLinkPath(action: AlertLinkAction, token: string): string {
  return `${STOCK_ALERT_PATH}/${action}/${token}`;
}
