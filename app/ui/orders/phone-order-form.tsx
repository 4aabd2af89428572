import { Form, useNavigation } from "react-router";
import type { OrderQuote } from "~/domain/basket/basket-pricing";
import type { BasketTotals } from "~/domain/basket/basket-totals";
import type { BasketLine } from "~/domain/catalogue/product";
import { KEY_FIELD, LINES_FIELD, TOTAL_FIELD } from "~/domain/orders/order-form";
import { EMAIL_FIELD, LINE_FIELD, lineValue, MAX_QUANTITY, type PhoneOrderHit, type PhoneOrderMaintenance } from "~/domain/orders/phone-order-fields";
import { prefixList, type ServiceArea } from "~/domain/orders/service-area";
import { AddressFields, FieldError } from "../address-fields";
import { BasketTable, type BasketTableLine } from "../basket/basket-table";
import { Price } from "../price";
import { BillingFields } from "./billing-fields";
import { FgasDeclarationFields, type FgasCheckout } from "./fgas-declaration-fields";

/*
 * The owner's phone order (issue 30): one form, every button posting all of it (the search,
 * «Añadir», «Quitar», and «Crear pedido y enviar enlace de pago»), so nothing typed is lost
 * and it works without JavaScript. The first button is «Buscar»: Enter in the search box
 * searches. Totals are the server's (the checkout's pricing, for the delivery postcode).
 */

type Props = {
  lines: BasketLine[];
  draft: {
    lines: BasketTableLine[];
    totals: Pick<BasketTotals, "shippingCents" | "totalCents" | "withoutVatCents"> & { vatExempt?: boolean };
    blocked: boolean;
    serviceArea: ServiceArea | null;
    provinces: readonly string[];
    fgas: FgasCheckout | null;
    quote: OrderQuote;
  };
  results: PhoneOrderHit[];
  maintenance: PhoneOrderMaintenance[];
  q: string;
  values: Record<string, string>;
  /** The form's idempotency key: a second click of «Crear» finds the first order. */
  idempotencyKey: string;
  errors: Record<string, string>;
  formError?: string;
  addError?: string;
};

export function PhoneOrderForm({ lines, draft, results, maintenance, q, values, idempotencyKey, errors, formError, addError }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="checkout-form phone-order-form" noValidate>
      <input type="hidden" name={KEY_FIELD} value={idempotencyKey} />
      <input type="hidden" name={TOTAL_FIELD} value={draft.quote.totalCents} />
      <input type="hidden" name={LINES_FIELD} value={draft.quote.lines} />
      {lines.map((line, index) => (
        <input key={index} type="hidden" name={LINE_FIELD} value={lineValue(line)} />
      ))}
      {formError ? (
        <p className="form-error notice" role="alert">
          {formError}
        </p>
      ) : null}

      <section className="admin-section" aria-labelledby="buscar-articulos">
        <h2 id="buscar-articulos">Artículos del catálogo</h2>
        <div className="field">
          <label htmlFor="phone-q">Buscar por marca, modelo o tipo</label>
          <input id="phone-q" name="q" type="search" defaultValue={q} maxLength={80} />
        </div>
        <button type="submit" name="intent" value="buscar" className="button button-secondary">
          Buscar
        </button>
        {addError ? (
          <p className="form-error" role="alert">
            {addError}
          </p>
        ) : null}
        {results.length > 0 ? <SearchResults results={results} /> : q.trim().length >= 2 ? <p>Ningún artículo activo coincide con «{q}».</p> : null}
        <p>Mantenimiento anual sin equipo:</p>
        <div className="admin-actions">
          {maintenance.map(({ family, title }) => (
            <button key={family} type="submit" name="intent" value={`mantenimiento:${family}`} className="button button-secondary">
              Añadir {title}
            </button>
          ))}
        </div>
      </section>

      <section className="admin-section" aria-labelledby="lineas-pedido">
        <h2 id="lineas-pedido">Pedido</h2>
        {lines.length === 0 ? (
          <p>Aún no hay artículos: búsquelos arriba y pulse «Añadir».</p>
        ) : (
          <>
            <div className="admin-table-wrap" role="region" aria-label="Líneas del pedido" tabIndex={0}>
              <BasketTable lines={draft.lines} totals={draft.totals} caption="Líneas del pedido" />
            </div>
            <ul className="phone-order-remove">
              {draft.lines.map((line, index) => (
                <li key={index}>
                  <button type="submit" name="intent" value={`quitar:${index}`} className="button button-secondary" aria-label={`Quitar ${line.title} (línea ${index + 1})`}>
                    Quitar {line.title}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="admin-section" aria-labelledby="datos-cliente">
        <h2 id="datos-cliente">Cliente</h2>
        <div className={`field${errors[EMAIL_FIELD] ? " field-invalid" : ""}`}>
          <label htmlFor={EMAIL_FIELD}>E-mail del cliente *</label>
          <input
            id={EMAIL_FIELD}
            name={EMAIL_FIELD}
            type="email"
            autoComplete="off"
            defaultValue={values[EMAIL_FIELD] ?? ""}
            maxLength={200}
            aria-invalid={errors[EMAIL_FIELD] ? true : undefined}
            aria-describedby={`${EMAIL_FIELD}-hint${errors[EMAIL_FIELD] ? ` ${EMAIL_FIELD}-error` : ""}`}
          />
          <p className="field-help" id={`${EMAIL_FIELD}-hint`}>
            Le enviamos ahí el resumen del pedido y el enlace para pagar con tarjeta, Bizum o transferencia.
          </p>
          <FieldError name={EMAIL_FIELD} error={errors[EMAIL_FIELD]} />
        </div>
        <AddressFields
          prefix="envio"
          legend="Dirección de envío"
          provinces={draft.provinces}
          values={values}
          errors={errors}
          provinceNote={
            draft.serviceArea
              ? `El pedido incluye instalación o mantenimiento: solo damos servicio en la ${draft.serviceArea.name} (códigos postales que empiezan por ${prefixList(draft.serviceArea.prefixes)}).`
              : undefined
          }
        />
        <BillingFields values={values} errors={errors} />
        {draft.fgas ? <FgasDeclarationFields fgas={draft.fgas} values={values} errors={errors} /> : null}
      </section>

      <p>
        Total: <Price cents={draft.totals.totalCents} /> {draft.totals.vatExempt ? "(sin IVA)" : "(IVA incluido)"}. Los totales se calculan de nuevo con el código postal de envío al
        pulsar cualquier botón.
      </p>
      <button type="submit" name="intent" value="crear" className="button button-accent" disabled={busy || draft.blocked} aria-busy={busy || undefined}>
        Crear pedido y enviar enlace de pago
      </button>
    </Form>
  );
}

function SearchResults({ results }: { results: PhoneOrderHit[] }) {
  return (
    <ul className="phone-order-results">
      {results.map((hit) => {
        const suffix = `${hit.family}-${hit.id}`;
        return (
          <li key={suffix}>
            <fieldset>
              <legend>
                {hit.name} <span className="admin-muted">({hit.type})</span> · <Price cents={hit.priceCents} /> · {hit.stock > 0 ? `${hit.stock} en stock` : "agotado"}
              </legend>
              <label>
                Cantidad <input name={`cantidad-${suffix}`} type="number" min={1} max={MAX_QUANTITY} defaultValue={1} inputMode="numeric" className="phone-order-qty" />
              </label>
              <label className="choice">
                <input type="checkbox" name={`instalacion-${suffix}`} value="SI" /> Con instalación
              </label>
              {hit.maintainable ? (
                <label className="choice">
                  <input type="checkbox" name={`mantenimiento-${suffix}`} value="SI" /> Con mantenimiento anual
                </label>
              ) : null}
              {hit.gases.length > 1 ? (
                <label>
                  Gas{" "}
                  <select name={`gas-${suffix}`} defaultValue="natural">
                    {hit.gases.map((gas) => (
                      <option key={gas} value={gas}>
                        {gas === "natural" ? "Gas natural" : "Propano"}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <button type="submit" name="intent" value={`anadir:${hit.family}:${hit.id}`} className="button button-secondary" disabled={hit.stock <= 0} aria-label={`Añadir ${hit.name}`}>
                Añadir
              </button>
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}
