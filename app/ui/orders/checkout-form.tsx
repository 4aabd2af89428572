import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { OrderQuote } from "~/domain/basket/basket-pricing";
import {
  KEEP_CARD_FIELD,
  KEEP_CARD_VALUE,
  KEY_FIELD,
  LINES_FIELD,
  ORDER_MESSAGES,
  TERMS_FIELD,
  TERMS_VALUE,
  TOTAL_FIELD,
  type OrderFormErrors,
} from "~/domain/orders/order-form";
import { enabledPayMethods, PAY_BUTTON_LABELS, PAY_METHOD_LABELS, PAY_METHODS, payMethodHelp, type PayMethod } from "~/domain/payments/payment-methods";
import { KEEP_CARD_HELP, KEEP_CARD_LABEL } from "~/domain/payments/stored-card";
import { prefixList, type ServiceArea } from "~/domain/orders/service-area";
import { AddressFields, FieldError } from "../address-fields";
import { BillingFields } from "./billing-fields";
import { FgasDeclarationFields, type FgasCheckout } from "./fgas-declaration-fields";
import { useLazyFormCheck } from "../lazy-form-check";

type Props = {
  provinces: readonly string[];
  /** The basket holds a service: the shipping address must be inside this area. */
  serviceArea: ServiceArea | null;
  /** F-gas equipment without installation: the buyer's declaration is asked (decision 0012). */
  fgas?: FgasCheckout | null;
  /** A yearly maintenance is in the basket: paying by card, the customer may keep the card for its renewals. */
  plan?: boolean;
  /** Field name -> value: a refused post shown again, or the confirmed order. */
  values: Record<string, string>;
  /** The server's answer to a refused post. */
  serverErrors?: OrderFormErrors;
  formError?: string;
  idempotencyKey?: string;
  /** The basket as this page shows it: the order is placed only if it is still that. */
  quote?: OrderQuote;
  /** A line can no longer be served: nothing to confirm until the basket is corrected. */
  blocked?: boolean;
  /** After confirmation every field is disabled and the button leads to the customer area. */
  confirmed?: boolean;
  /** Card and Bizum are offered (Redsys configured); the minutes their units are held. */
  online?: { windowMinutes: number } | null;
  /** The delivery postcode as it is typed (with JavaScript): the summary reprices for it. */
  onPostcode?: (postcode: string) => void;
};

/**
 * The order form (spec sections 2, 4, 5): shipping address, billing "Igual que la de envío" or
 * "Otros", payment method, terms. A real form posting to the route's action; with JavaScript the
 * same schema checks it first (fetched when the customer comes to the form:
 * app/ui/lazy-form-check.ts) and nothing is sent while a field is wrong.
 */
export function CheckoutForm({
  provinces,
  serviceArea,
  fgas = null,
  plan = false,
  values,
  serverErrors,
  formError,
  idempotencyKey,
  quote,
  blocked = false,
  confirmed = false,
  online = null,
  onPostcode,
}: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [clientErrors, setClientErrors] = useState<OrderFormErrors | null>(null);
  const chosen = values.pago as PayMethod | undefined;
  const [payMethod, setPayMethod] = useState<PayMethod>(chosen && enabledPayMethods(online !== null).includes(chosen) ? chosen : "transferencia");
  const errors = clientErrors ?? serverErrors ?? {};
  const invalid = Object.keys(errors).length > 0;
  const summary = formError ?? (invalid ? ORDER_MESSAGES.summary : null);

  const checks = useLazyFormCheck(() => import("~/domain/orders/order-form-schema"));
  const options = { serviceArea, fgas: fgas !== null, online: online !== null, plan };

  return (
    <Form
      method="post"
      className="checkout-form"
      noValidate
      aria-describedby={summary ? "pedido-errores" : undefined}
      onFocus={checks.prepare}
      onPointerDown={checks.prepare}
      onSubmit={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        checks.submit(event, ({ validateOrderForm }, form) => {
          const result = validateOrderForm(new FormData(form), options);
          if (result.ok) {
            setClientErrors(null);
            return true;
          }
          setClientErrors(result.errors);
          // The first wrong field, in the order of the form, takes the focus.
          const first = Array.from(form.elements).find(
            (element): element is HTMLInputElement => "name" in element && (element as HTMLInputElement).name in result.errors,
          );
          first?.focus();
          return false;
        });
      }}
      onChange={(event) => {
        const field: EventTarget = event.target;
        if (field instanceof HTMLInputElement && field.name === "envio-cp") onPostcode?.(field.value);
        // After a try, a mark goes as soon as its field is right; new ones wait for the next try
        // (choosing "Otros" does not paint a block of untouched billing fields red).
        const shown = clientErrors ?? serverErrors;
        if (!shown) return;
        const form = event.currentTarget;
        checks.whenReady(({ validateOrderForm }) => {
          const result = validateOrderForm(new FormData(form), options);
          const still = result.ok ? {} : result.errors;
          setClientErrors(Object.fromEntries(Object.entries(still).filter(([name]) => name in shown)));
        });
      }}
    >
      <fieldset className="checkout-all" disabled={confirmed}>
        <legend className="visually-hidden">Datos del pedido</legend>
        {summary ? (
          <p className="form-error checkout-summary-error" id="pedido-errores" role="alert">
            {summary}
          </p>
        ) : null}
        {idempotencyKey ? <input type="hidden" name={KEY_FIELD} value={idempotencyKey} /> : null}
        {quote ? (
          <>
            <input type="hidden" name={TOTAL_FIELD} value={quote.totalCents} />
            <input type="hidden" name={LINES_FIELD} value={quote.lines} />
          </>
        ) : null}

        <AddressFields
          prefix="envio"
          legend="Dirección de envío"
          provinces={provinces}
          values={values}
          errors={errors}
          provinceNote={
            serviceArea
              ? `Su carrito incluye instalación o mantenimiento: de momento solo damos servicio en la ${serviceArea.name} (códigos postales que empiezan por ${prefixList(serviceArea.prefixes)}).`
              : undefined
          }
        />

        <BillingFields values={values} errors={errors} />

        <fieldset className={`checkout-choice payment-choice${errors.pago ? " field-invalid" : ""}`}>
          <legend>Forma de pago</legend>
          {PAY_METHODS.map((method) => {
            const enabled = enabledPayMethods(online !== null).includes(method);
            return (
              <label key={method} className={`choice pay-option${enabled ? "" : " pay-option-disabled"}`}>
                <input
                  type="radio"
                  name="pago"
                  value={method}
                  disabled={!enabled}
                  defaultChecked={method === payMethod}
                  onChange={() => setPayMethod(method)}
                  aria-describedby={enabled ? undefined : `pago-${method}-nota`}
                />
                <span>{PAY_METHOD_LABELS[method]}</span>
                {enabled ? null : (
                  <span className="pay-testing" id={`pago-${method}-nota`}>
                    En pruebas
                  </span>
                )}
              </label>
            );
          })}
          <p className="field-help" aria-live="polite">
            {payMethodHelp(payMethod, online?.windowMinutes ?? 30)}
          </p>
          <FieldError name="pago" error={errors.pago} />
          {/* Shown by the stylesheet only while «Tarjeta» is chosen: no script needed. */}
          {plan && online !== null ? (
            <div className="field keep-card">
              <label className="choice" htmlFor="tarjeta-renovaciones">
                <input
                  type="checkbox"
                  id="tarjeta-renovaciones"
                  name={KEEP_CARD_FIELD}
                  value={KEEP_CARD_VALUE}
                  defaultChecked={values[KEEP_CARD_FIELD] === KEEP_CARD_VALUE}
                  disabled={confirmed}
                  aria-describedby="tarjeta-renovaciones-ayuda"
                />
                <span>{KEEP_CARD_LABEL}</span>
              </label>
              <p className="field-help" id="tarjeta-renovaciones-ayuda">
                {KEEP_CARD_HELP}
              </p>
            </div>
          ) : null}
        </fieldset>

        {fgas && !confirmed ? <FgasDeclarationFields fgas={fgas} values={values} errors={errors} /> : null}

        <div className={`field terms${errors[TERMS_FIELD] ? " field-invalid" : ""}`}>
          <label className="choice" htmlFor="condiciones">
            <input
              type="checkbox"
              id="condiciones"
              name={TERMS_FIELD}
              value={TERMS_VALUE}
              defaultChecked={values[TERMS_FIELD] === TERMS_VALUE}
              required
              aria-invalid={errors[TERMS_FIELD] ? true : undefined}
              aria-describedby={errors[TERMS_FIELD] ? `${TERMS_FIELD}-error` : undefined}
            />
            <span>
              He leído y acepto las{" "}
              <Link to="/condiciones-compra" target="_blank" rel="noopener">
                condiciones de compra<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </Link>
            </span>
          </label>
          <FieldError name={TERMS_FIELD} error={errors[TERMS_FIELD]} />
        </div>
      </fieldset>

      <div className="checkout-actions">
        {confirmed ? (
          <Link to="/login" className="button button-accent checkout-submit">
            Ir al area de cliente
          </Link>
        ) : blocked ? null : (
          <button type="submit" className="button button-accent checkout-submit" disabled={busy} aria-busy={busy || undefined}>
            {PAY_BUTTON_LABELS[payMethod]}
          </button>
        )}
        {confirmed ? null : (
          <Link to="/carrito" className="button button-secondary">
            Volver al carrito
          </Link>
        )}
      </div>
    </Form>
  );
}
