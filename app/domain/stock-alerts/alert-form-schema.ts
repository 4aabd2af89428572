import "../zod-setup";
import * as z from "zod/mini";
import { fieldErrors } from "../fields/field-errors";
import { ALERT_EMAIL_MAX, ALERT_FIELDS, ALERT_MESSAGES, CONSENT_VALUE, formText, type AlertField } from "./alert-form";

/*
 * The schema of the back-in-stock form (issue 15), parsed by the action and, for instant
 * feedback, in the browser (app/ui/stock-alerts/stock-alert-form.tsx fetches it when the visitor comes to
 * the form). zod/mini keeps it small.
 */

/** Something@somewhere.tld, no spaces: what a mail server can be asked to deliver to. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export const stockAlertSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.minLength(1, ALERT_MESSAGES.emailMissing),
    z.maxLength(ALERT_EMAIL_MAX, ALERT_MESSAGES.emailTooLong),
    z.regex(EMAIL_PATTERN, ALERT_MESSAGES.emailInvalid),
  ),
  consent: z.literal(CONSENT_VALUE, ALERT_MESSAGES.consent),
});

export type StockAlertValues = z.infer<typeof stockAlertSchema>;

export type StockAlertValidation =
  | { ok: true; values: StockAlertValues }
  | { ok: false; error: string; fieldErrors: Partial<Record<AlertField, string>> };

/** Checks a submission; each field gets its first message, the form the first of all. */
export function validateStockAlert(form: FormData | Record<string, unknown>): StockAlertValidation {
  const result = stockAlertSchema.safeParse({
    email: formText(form, ALERT_FIELDS.email),
    consent: formText(form, ALERT_FIELDS.consent),
  });
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<AlertField, string>> = fieldErrors(result.error);
  const error = errors.email ?? errors.consent ?? ALERT_MESSAGES.emailInvalid;
  return { ok: false, error, fieldErrors: errors };
}
