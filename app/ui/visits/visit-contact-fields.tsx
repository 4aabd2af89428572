import { Honeypot } from "../honeypot";
import { VISIT_LABELS, VISIT_MAX_LENGTH, type FieldErrors, type VisitField, type VisitFormValues } from "~/domain/visits/visit-fields";

type Props = {
  values: VisitFormValues;
  errors?: FieldErrors;
  /** "Sus datos" for the customer; the owner's «Visita nueva» says whose they are. */
  legend?: string;
};

const AUTOCOMPLETE: Record<VisitField, string> = {
  name: "name",
  phone: "tel",
  email: "email",
  address: "street-address",
  town: "address-level2",
  notes: "off",
};

const TYPES: Partial<Record<VisitField, string>> = { phone: "tel", email: "email" };

/** The customer's details for the visit, prefilled from the request; each field says what is wrong with it. */
export function VisitContactFields({ values, errors = {}, legend = "Sus datos" }: Props) {
  const field = (name: VisitField, required = true) => {
    const id = `visita-${name}`;
    const errorId = `${id}-error`;
    const error = errors[name];
    const common = {
      id,
      name,
      defaultValue: values[name],
      maxLength: VISIT_MAX_LENGTH[name],
      autoComplete: AUTOCOMPLETE[name],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
      required: required || undefined,
    };
    return (
      <div className="field" key={name}>
        <label htmlFor={id}>
          {VISIT_LABELS[name]}
          {required ? (
            <>
              {" "}
              <span className="required" aria-hidden="true">
                *
              </span>
            </>
          ) : null}
        </label>
        {name === "notes" ? <textarea {...common} rows={3} /> : <input {...common} type={TYPES[name] ?? "text"} />}
        {error ? (
          <p id={errorId} className="field-error visit-field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset className="visit-contact">
      <legend className="visit-slots-legend">{legend}</legend>
      <div className="visit-contact-grid">
        {field("name")}
        {field("phone")}
        {field("email")}
        {field("address")}
        {field("town")}
      </div>
      {field("notes", false)}
      <Honeypot id="visita-web" />
    </fieldset>
  );
}
