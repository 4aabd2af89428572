import { Link } from "react-router";
import type { OrderFormErrors } from "~/domain/orders/order-form";
import { FGAS_TITLE } from "~/domain/orders/fgas";
import { FGAS_COMMITMENT_VALUE, FGAS_FIELDS, FGAS_LABELS, FGAS_MAX_LENGTH } from "~/domain/orders/fgas-fields";
import { FieldError } from "../address-fields";

export type FgasCheckout = { equipment: string[]; statement: string[] };

type TextField = { key: "name" | "id" | "installerName" | "installerId" | "installerRegistration"; autoComplete: string; required: boolean; hint?: string };

const DECLARANT: TextField[] = [
  { key: "name", autoComplete: "name", required: true },
  { key: "id", autoComplete: "off", required: true, hint: "Con su letra de control, p. ej. 12345678Z o X1234567L." },
];

const INSTALLER: TextField[] = [
  { key: "installerName", autoComplete: "off", required: false },
  { key: "installerId", autoComplete: "off", required: false, hint: "Su CIF o NIF, p. ej. B12345674." },
  {
    key: "installerRegistration",
    autoComplete: "off",
    required: false,
    hint: "El que le dio su comunidad autónoma como empresa habilitada para gases fluorados.",
  },
];

type Props = { fgas: FgasCheckout; values: Record<string, string>; errors: OrderFormErrors };

/**
 * The buyer's F-gas declaration on the order screen (Real Decreto 115/2017, decision 0012):
 * the statement, the declarant and the commitment (required), the installing company
 * (optional, "puede indicarlos más tarde"). Shown only when the basket holds such equipment
 * without our installation.
 */
export function FgasDeclarationFields({ fgas, values, errors }: Props) {
  const commitment = FGAS_FIELDS.commitment;
  const input = ({ key, autoComplete, required, hint }: TextField) => {
    const name = FGAS_FIELDS[key];
    const error = errors[name];
    const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div key={name} className={`field${error ? " field-invalid" : ""}`}>
        <label htmlFor={name}>
          {FGAS_LABELS[key]}
          {required ? (
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          ) : null}
        </label>
        <input
          id={name}
          name={name}
          type="text"
          autoComplete={autoComplete}
          defaultValue={values[name] ?? ""}
          maxLength={FGAS_MAX_LENGTH[key]}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {hint ? (
          <p className="field-help" id={`${name}-hint`}>
            {hint}
          </p>
        ) : null}
        <FieldError name={name} error={error} />
      </div>
    );
  };

  return (
    <fieldset className="fgas-declaration" aria-describedby="gf-explicacion">
      <legend>{FGAS_TITLE}</legend>
      <p id="gf-explicacion">
        Su pedido incluye <strong>{fgas.equipment.join(", ")}</strong> sin nuestra instalación. Estos equipos llevan gases
        fluorados y no están sellados herméticamente: la ley (Real Decreto 115/2017) solo permite vendérselos si se
        compromete a que los instale una empresa habilitada. Si prefiere que lo instalemos nosotros,{" "}
        <Link to="/carrito">vuelva al carrito</Link> y añada la instalación desde la página del producto.
      </p>
      <div className="fgas-statement">
        {fgas.statement.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="address-grid">{DECLARANT.map(input)}</div>
      <div className={`field terms${errors[commitment] ? " field-invalid" : ""}`}>
        <label className="choice" htmlFor={commitment}>
          <input
            type="checkbox"
            id={commitment}
            name={commitment}
            value={FGAS_COMMITMENT_VALUE}
            defaultChecked={values[commitment] === FGAS_COMMITMENT_VALUE}
            required
            aria-invalid={errors[commitment] ? true : undefined}
            aria-describedby={errors[commitment] ? `${commitment}-error` : undefined}
          />
          <span>
            {FGAS_LABELS.commitment}
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          </span>
        </label>
        <FieldError name={commitment} error={errors[commitment]} />
      </div>
      <fieldset className="fgas-installer" aria-describedby="gf-empresa-nota">
        <legend>Empresa que lo instalará (opcional)</legend>
        <p className="field-help" id="gf-empresa-nota">
          Si aún no la conoce, puede indicarla más tarde en «Mis Pedidos».
        </p>
        <div className="address-grid">{INSTALLER.map(input)}</div>
      </fieldset>
    </fieldset>
  );
}
