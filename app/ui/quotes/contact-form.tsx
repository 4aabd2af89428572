import { useEffect, useId, useState } from "react";
import { Honeypot } from "../honeypot";
import { useFetcher, useLocation, useNavigate } from "react-router";
import {
  CONTACT_LABELS,
  CONTACT_MAX_LENGTH,
  CONTACT_SENT_MESSAGE,
  HONEYPOT_FIELD,
  type ContactField,
  type ContactReply,
} from "~/domain/quotes/contact-form";
import { useLazyFormCheck } from "../lazy-form-check";
import { useHydrated } from "../use-hydrated";

type Props = {
  /** The product of a quote asked from its detail page. */
  productId?: number;
  /** Where the visitor sent it from; the current page unless told. */
  sourcePage?: string;
  defaultMessage?: string;
  submitLabel?: string;
  /** Shows a "Cancelar" button (the pop-up). */
  onCancel?: () => void;
  /** The reply of a post made without JavaScript (the page's action data). */
  posted?: ContactReply;
};

/** How long the green confirmation stays before the thank-you page (spec section 4). */
const CONFIRMATION_MS = 1500;

/**
 * The contact / quote form (spec sections 2-5), for /contacto, /presupuesto, the home page,
 * the promotions and the product pop-up. A real form posting to /contacto first; with
 * JavaScript it checks the same schema as the server before sending (fetched when the visitor
 * comes to the form: app/ui/lazy-form-check.ts), shows the green confirmation, hides the
 * button and then goes to the thank-you page.
 */
export function ContactForm({ productId, sourcePage, defaultMessage = "", submitLabel = "Enviar", onCancel, posted }: Props) {
  const fetcher = useFetcher<ContactReply>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const id = useId();
  const [checked, setChecked] = useState<{ error: string; invalid: ContactField[] } | null>(null);
  const checks = useLazyFormCheck(() => import("~/domain/quotes/contact-form-schema"));

  const reply = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const sent = reply?.ok === true;
  const failure = checked ?? (reply && !reply.ok ? { error: reply.error, invalid: reply.invalid ?? [] } : null);
  const typed = posted && !posted.ok ? posted.values : undefined;
  const redirectTo = fetcher.data?.ok ? fetcher.data.redirectTo : null;

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => navigate(redirectTo), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = fieldId("error");
  const invalid = (field: ContactField) => !sent && (failure?.invalid.includes(field) ?? false);
  const describe = (field: ContactField, hint?: string) =>
    [hint, invalid(field) ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const common = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    maxLength: CONTACT_MAX_LENGTH[field],
    defaultValue: typed?.[field] ?? (field === "message" ? defaultMessage : ""),
    "aria-invalid": invalid(field) || undefined,
    readOnly: sent || undefined,
  });
  const label = (field: ContactField, required = false) => (
    <label htmlFor={fieldId(field)}>
      {CONTACT_LABELS[field]}
      {required ? (
        <>
          {" "}
          <span className="required" aria-hidden="true">
            *
          </span>
        </>
      ) : null}
    </label>
  );

  return (
    <fetcher.Form
      method="post"
      action="/contacto"
      className="contact-form"
      // With JavaScript the shared schema speaks first (the spec's red message); without it the browser's `required` does.
      noValidate={hydrated}
      onFocus={checks.prepare}
      onPointerDown={checks.prepare}
      onSubmit={(event) => {
        if (busy || sent) {
          event.preventDefault();
          return;
        }
        checks.submit(event, ({ validateContact }, form) => {
          const result = validateContact(new FormData(form));
          if (result.ok) {
            setChecked(null);
            return true;
          }
          setChecked({ error: result.error, invalid: result.invalid });
          const first = form.elements.namedItem(result.invalid[0] ?? "nameAndSurname");
          if (first instanceof HTMLElement) first.focus();
          return false;
        });
      }}
    >
      <input type="hidden" name="sourcePage" value={typed?.sourcePage ?? sourcePage ?? pathname} />
      {(typed?.productId ?? productId) ? <input type="hidden" name="productId" value={typed?.productId ?? productId} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}

      <p className="contact-form-note">
        Los campos con{" "}
        <span className="required" aria-hidden="true">
          *
        </span>
        <span className="visually-hidden">asterisco</span> son obligatorios.
      </p>
      <div className="field">
        {label("nameAndSurname", true)}
        <input {...common("nameAndSurname")} autoComplete="name" required aria-describedby={describe("nameAndSurname")} />
      </div>
      <fieldset className="contact-form-reach" aria-describedby={fieldId("reach-hint")}>
        <legend className="visually-hidden">Cómo contactarle</legend>
        <p className="field-hint" id={fieldId("reach-hint")}>
          Indique un teléfono o un email (al menos uno).
        </p>
        <div className="contact-form-pair">
          <div className="field">
            {label("phone")}
            <input {...common("phone")} type="tel" inputMode="tel" autoComplete="tel" aria-describedby={describe("phone")} />
          </div>
          <div className="field">
            {label("email")}
            <input {...common("email")} type="email" autoComplete="email" aria-describedby={describe("email")} />
          </div>
        </div>
      </fieldset>
      <div className="field">
        {label("adress", true)}
        <input {...common("adress")} autoComplete="street-address" required aria-describedby={describe("adress")} />
      </div>
      <div className="field">
        {label("state", true)}
        <input {...common("state")} autoComplete="address-level2" required aria-describedby={describe("state")} />
      </div>
      <div className="field">
        {label("message")}
        <textarea {...common("message")} rows={4} aria-describedby={describe("message")} />
      </div>

      <Honeypot id={fieldId(HONEYPOT_FIELD)} />

      <p id={errorId} role="alert" className="contact-feedback form-error">
        {!sent && failure ? failure.error : null}
      </p>
      <p role="status" className="contact-feedback form-ok">
        {sent ? CONTACT_SENT_MESSAGE : null}
      </p>

      {sent ? null : (
        <div className="contact-form-actions">
          <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
            {busy ? "Enviando…" : submitLabel}
          </button>
          {onCancel ? (
            <button type="button" className="button button-secondary" onClick={onCancel}>
              Cancelar
            </button>
          ) : null}
        </div>
      )}
    </fetcher.Form>
  );
}
