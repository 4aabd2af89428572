import { useId, useState } from "react";
import { Honeypot } from "../honeypot";
import { Link, useFetcher } from "react-router";
import {
  ALERT_EMAIL_MAX,
  ALERT_FIELDS,
  ALERT_HEADING,
  ALERT_HONEYPOT,
  CONSENT_HELP,
  CONSENT_LABEL,
  CONSENT_VALUE,
  STOCK_ALERT_PATH,
  type AlertField,
  type StockAlertReply,
} from "~/domain/stock-alerts/alert-form";
import { useLazyFormCheck } from "../lazy-form-check";
import { useHydrated } from "../use-hydrated";

type Props = {
  productId: number;
  /** The reply of a post made without JavaScript (app/routes/stock-alerts/stock-alerts.tsx shows the form again). */
  posted?: StockAlertReply;
  /** The heading's level: 2 inside the product page, 1 on the page of its own. */
  headingLevel?: 1 | 2;
};

/**
 * "Avísame cuando vuelva a estar disponible" (issue 15) on a sold-out product. The same markup
 * for every visitor (the product page is shared by the page cache): a real form posting to
 * /avisos-disponibilidad, sent by a fetcher once JavaScript runs, the answer read out in place
 * (role status / alert). The browser check is the action's own schema, fetched when the visitor
 * comes to the form.
 */
export function StockAlertForm({ productId, posted, headingLevel = 2 }: Props) {
  const fetcher = useFetcher<StockAlertReply>();
  const hydrated = useHydrated();
  const id = useId();
  const [checked, setChecked] = useState<Partial<Record<AlertField, string>> | null>(null);
  const checks = useLazyFormCheck(() => import("~/domain/stock-alerts/alert-form-schema"));

  const reply = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const done = reply?.ok === true;
  const failure = !done && reply && !reply.ok ? reply : null;
  const fieldErrors = checked ?? failure?.fieldErrors ?? {};
  const firstFieldError = fieldErrors.email ?? fieldErrors.consent;
  // Read out at once; shown only when no field shows it already.
  const alert = firstFieldError ?? failure?.error ?? null;
  const typed = posted && !posted.ok ? posted.values : undefined;

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (field: AlertField) => fieldId(`${field}-error`);
  const Heading = headingLevel === 1 ? "h1" : "h2";

  return (
    <section className="stock-alert" aria-labelledby={fieldId("title")}>
      <Heading id={fieldId("title")} className="stock-alert-title">
        {ALERT_HEADING}
      </Heading>
      <p role="status" className="stock-alert-done form-ok">
        {done ? reply.message : null}
      </p>
      {done ? (
        reply.inStock ? (
          <p>
            <Link to={reply.product.href} reloadDocument>
              Ver {reply.product.name}
            </Link>
          </p>
        ) : null
      ) : (
        <fetcher.Form
          method="post"
          action={STOCK_ALERT_PATH}
          className="stock-alert-form"
          // With JavaScript the shared schema speaks (one message per field); without it the browser's `required` does.
          noValidate={hydrated}
          onFocus={checks.prepare}
          onPointerDown={checks.prepare}
          onSubmit={(event) => {
            if (busy) {
              event.preventDefault();
              return;
            }
            checks.submit(event, ({ validateStockAlert }, form) => {
              const result = validateStockAlert(new FormData(form));
              if (result.ok) {
                setChecked(null);
                return true;
              }
              setChecked(result.fieldErrors);
              const first = form.elements.namedItem(result.fieldErrors.email ? ALERT_FIELDS.email : ALERT_FIELDS.consent);
              if (first instanceof HTMLElement) first.focus();
              return false;
            });
          }}
        >
          <p className="stock-alert-lead">Este producto está agotado. Déjenos su email y le escribiremos una sola vez cuando vuelva.</p>
          <input type="hidden" name={ALERT_FIELDS.product} value={productId} />
          <div className="field">
            <label htmlFor={fieldId("email")}>Su email</label>
            <input
              id={fieldId("email")}
              name={ALERT_FIELDS.email}
              type="email"
              autoComplete="email"
              required
              maxLength={ALERT_EMAIL_MAX}
              defaultValue={typed?.email ?? ""}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? errorId("email") : undefined}
            />
            {fieldErrors.email ? (
              <p id={errorId("email")} className="form-error stock-alert-field-error">
                {fieldErrors.email}
              </p>
            ) : null}
          </div>
          <div className="field stock-alert-consent">
            <label className="stock-alert-choice" htmlFor={fieldId("consent")}>
              <input
                id={fieldId("consent")}
                name={ALERT_FIELDS.consent}
                type="checkbox"
                value={CONSENT_VALUE}
                required
                defaultChecked={typed?.consent ?? false}
                aria-invalid={fieldErrors.consent ? true : undefined}
                aria-describedby={[fieldId("consent-help"), fieldErrors.consent ? errorId("consent") : ""].join(" ").trim()}
              />
              <span>{CONSENT_LABEL}</span>
            </label>
            <p id={fieldId("consent-help")} className="field-help">
              {CONSENT_HELP} Más información en la <Link to="/politica-privacidad">política de privacidad</Link>.
            </p>
            {fieldErrors.consent ? (
              <p id={errorId("consent")} className="form-error stock-alert-field-error">
                {fieldErrors.consent}
              </p>
            ) : null}
          </div>

          <Honeypot id={fieldId(ALERT_HONEYPOT)} name={ALERT_HONEYPOT} />

          <p role="alert" className={firstFieldError ? "visually-hidden" : "stock-alert-error form-error"}>
            {alert}
          </p>
          <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
            {busy ? "Enviando…" : "Avisarme"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
