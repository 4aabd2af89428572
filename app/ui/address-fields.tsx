import {
  ADDRESS_LABELS,
  ADDRESS_MAX_LENGTH,
  COUNTRY,
  fieldName,
  OPTIONAL_FIELDS,
  type AddressField,
  type AddressPrefix,
  type OrderFormErrors,
} from "~/domain/orders/order-form";

type Props = {
  prefix: AddressPrefix;
  legend: string;
  provinces: readonly string[];
  /** Initial values by field name ("envio-cp"): a refused post, or the confirmed order. */
  values: Record<string, string>;
  errors: OrderFormErrors;
  /** A note under the province select (e.g. why only Madrid is offered). */
  provinceNote?: string;
};

type Input = {
  field: AddressField;
  autoComplete: string;
  type?: "text" | "tel";
  inputMode?: "numeric" | "tel";
  hint?: string;
  wide?: boolean;
};

const INPUTS: Input[] = [
  { field: "id", autoComplete: "off", hint: "Con su letra de control, p. ej. 12345678Z, X1234567L o B12345674." },
  { field: "nombre", autoComplete: "given-name" },
  { field: "apellidos", autoComplete: "family-name" },
  { field: "empresa", autoComplete: "organization" },
  { field: "direccion", autoComplete: "street-address", wide: true },
];

const AFTER_COUNTRY: Input[] = [
  { field: "poblacion", autoComplete: "address-level2" },
  { field: "cp", autoComplete: "postal-code", inputMode: "numeric", hint: "5 cifras, de 01000 a 52999." },
  { field: "telefono", autoComplete: "tel-national", type: "tel", inputMode: "tel", hint: "P. ej. 600 123456 o 91-2345678." },
];

/**
 * One address block of the order form (spec section 3, "Address"): pais is fixed to España and
 * disabled. An invalid field turns its label red and says why (aria-invalid, aria-describedby).
 */
export function AddressFields({ prefix, legend, provinces, values, errors, provinceNote }: Props) {
  const section = prefix === "envio" ? "shipping" : "billing";
  const id = (field: string) => `${prefix}-${field}`;
  const describedBy = (name: string, hint?: string) =>
    [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;

  const input = ({ field, autoComplete, type = "text", inputMode, hint, wide }: Input) => {
    const name = fieldName(prefix, field);
    const error = errors[name];
    const optional = OPTIONAL_FIELDS.includes(field);
    return (
      <div key={field} className={`field${error ? " field-invalid" : ""}${wide ? " field-wide" : ""}`}>
        <label htmlFor={id(field)}>
          {ADDRESS_LABELS[field]}
          {optional ? <span className="field-optional"> (opcional)</span> : <span className="required" aria-hidden="true"> *</span>}
        </label>
        <input
          id={id(field)}
          name={name}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete === "off" ? "off" : `section-${section} ${section} ${autoComplete}`}
          defaultValue={values[name] ?? ""}
          maxLength={ADDRESS_MAX_LENGTH[field]}
          required={!optional}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, hint)}
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

  const province = fieldName(prefix, "provincia");
  const onlyOne = provinces.length === 1;
  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      <div className="address-grid">
        {INPUTS.map(input)}
        <div className="field">
          <label htmlFor={id("pais")}>{ADDRESS_LABELS.pais}</label>
          {/* Fixed and disabled (spec section 3): the server sets España whatever is posted. */}
          <input id={id("pais")} value={COUNTRY} disabled readOnly />
        </div>
        {AFTER_COUNTRY.slice(0, 1).map(input)}
        <div className={`field${errors[province] ? " field-invalid" : ""}`}>
          <label htmlFor={id("provincia")}>
            {ADDRESS_LABELS.provincia}
            <span className="required" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <select
            id={id("provincia")}
            name={province}
            defaultValue={onlyOne ? provinces[0] : (values[province] ?? "")}
            required
            autoComplete={`section-${section} ${section} address-level1`}
            aria-invalid={errors[province] ? true : undefined}
            aria-describedby={describedBy(province, provinceNote)}
          >
            {onlyOne ? null : <option value="">Seleccione una provincia</option>}
            {provinces.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {provinceNote ? (
            <p className="field-help" id={`${province}-hint`}>
              {provinceNote}
            </p>
          ) : null}
          <FieldError name={province} error={errors[province]} />
        </div>
        {AFTER_COUNTRY.slice(1).map(input)}
      </div>
    </fieldset>
  );
}

/** The message of an invalid field, tied to it by aria-describedby. */
export function FieldError({ name, error }: { name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" id={`${name}-error`}>
      {error}
    </p>
  );
}
