import { Form } from "react-router";
import { PROVINCES } from "~/domain/provinces";
import type { SizedFamily } from "~/domain/sizing/sizing-guide";
import {
  FAMILY_FIELDS,
  INSULATION_LABELS,
  INSULATIONS,
  LIMITS,
  PARAMS,
  SIZING_PATH,
  SUN_EXPOSURES,
  SUN_LABELS,
  type SizingField,
} from "~/domain/sizing/sizing-inputs";

type Props = {
  family: SizedFamily;
  values: Partial<Record<SizingField, string>>;
  errors: Partial<Record<SizingField, string>>;
};

/** The id of a field's input (or group), for its label and the error summary's links. */
export const fieldId = (field: SizingField) => `potencia-${PARAMS[field]}`;
const hintId = (field: SizingField) => `${fieldId(field)}-ayuda`;
const errorId = (field: SizingField) => `${fieldId(field)}-error`;

const LABELS: Record<SizingField, (family: SizedFamily) => string> = {
  surface: (family) => (family === "aires" ? "Superficie de la estancia (m²)" : "Superficie de la vivienda (m²)"),
  ceiling: () => "Altura del techo (m)",
  province: () => "Provincia",
  insulation: () => "Aislamiento",
  sun: (family) => (family === "aires" ? "Sol que recibe la estancia" : "Sol que recibe la vivienda"),
  occupants: (family) => (family === "aires" ? "Personas que suelen estar en la estancia" : "Personas que viven en la casa"),
  bathrooms: () => "Baños con la ducha abierta a la vez",
  hotWater: () => "¿También agua caliente sanitaria?",
};

const HINTS: Partial<Record<SizingField, (family: SizedFamily) => string>> = {
  surface: (family) =>
    family === "aires" ? "La habitación o el salón que quiere enfriar." : "La superficie útil que quiere calentar.",
  ceiling: () => "Lo normal es de 2,5 a 2,7 m. Admite decimales con coma.",
  bathrooms: () => "Si en casa se duchan dos personas a la vez, elija 2.",
};

/**
 * The advisor's question (issue 15): a GET form, so a result is a link and the page works
 * without JavaScript. The server checks it (app/domain/sizing/sizing-form-schema.ts) and
 * writes each message under its field; the browser's own checks stay off so the messages
 * are always the same, in Spanish.
 */
export function SizingForm({ family, values, errors }: Props) {
  const fields = FAMILY_FIELDS[family];
  const described = (field: SizingField) =>
    [HINTS[field] ? hintId(field) : null, errors[field] ? errorId(field) : null].filter(Boolean).join(" ") || undefined;
  const wrapper = (field: SizingField) => (errors[field] ? "field field-invalid" : "field");
  const hint = (field: SizingField) => {
    const text = HINTS[field]?.(family);
    return text ? (
      <p className="field-hint" id={hintId(field)}>
        {text}
      </p>
    ) : null;
  };
  const error = (field: SizingField) =>
    errors[field] ? (
      <p className="field-error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;
  const text = (field: "surface" | "ceiling" | "occupants", inputMode: "decimal" | "numeric") => (
    <div className={wrapper(field)} key={field}>
      <label htmlFor={fieldId(field)}>{LABELS[field](family)}</label>
      {hint(field)}
      <input
        id={fieldId(field)}
        name={PARAMS[field]}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        defaultValue={values[field] ?? ""}
        maxLength={8}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field)}
        required={field === "surface"}
      />
      {error(field)}
    </div>
  );
  const choices = <T extends string>(field: "insulation" | "sun" | "hotWater", options: readonly T[], label: (option: T) => { label: string; hint?: string }) => (
    <fieldset
      id={fieldId(field)}
      className={`${wrapper(field)} sizing-choices`}
      key={field}
      aria-describedby={errors[field] ? errorId(field) : undefined}
    >
      <legend>{LABELS[field](family)}</legend>
      {options.map((option) => {
        const { label: text, hint: detail } = label(option);
        return (
          <label className="choice sizing-choice" key={option}>
            <input
              type="radio"
              name={PARAMS[field]}
              value={option}
              defaultChecked={values[field] === option}
              aria-invalid={errors[field] ? true : undefined}
            />
            <span>
              {text}
              {detail ? <span className="sizing-choice-hint">{detail}</span> : null}
            </span>
          </label>
        );
      })}
      {error(field)}
    </fieldset>
  );

  const render = (field: SizingField) => {
    switch (field) {
      case "surface":
        return text("surface", "decimal");
      case "ceiling":
        return text("ceiling", "decimal");
      case "occupants":
        return text("occupants", "numeric");
      case "province":
        return (
          <div className={wrapper(field)} key={field}>
            <label htmlFor={fieldId(field)}>{LABELS.province(family)}</label>
            <select
              id={fieldId(field)}
              name={PARAMS.province}
              defaultValue={values.province ?? ""}
              aria-invalid={errors.province ? true : undefined}
              aria-describedby={described(field)}
              required
            >
              <option value="">Elija su provincia</option>
              {PROVINCES.map((province) => (
                <option key={province} value={province}>
                  {province}
                </option>
              ))}
            </select>
            {error(field)}
          </div>
        );
      case "bathrooms":
        return (
          <div className={wrapper(field)} key={field}>
            <label htmlFor={fieldId(field)}>{LABELS.bathrooms(family)}</label>
            {hint(field)}
            <select
              id={fieldId(field)}
              name={PARAMS.bathrooms}
              defaultValue={values.bathrooms ?? "1"}
              aria-invalid={errors.bathrooms ? true : undefined}
              aria-describedby={described(field)}
            >
              {Array.from({ length: LIMITS.bathrooms.max }, (_, i) => String(i + 1)).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {error(field)}
          </div>
        );
      case "insulation":
        return choices("insulation", INSULATIONS, (option) => INSULATION_LABELS[option]);
      case "sun":
        return choices("sun", SUN_EXPOSURES, (option) => SUN_LABELS[option]);
      case "hotWater":
        return choices("hotWater", ["si", "no"] as const, (option) => ({
          label: option === "si" ? "Sí, calefacción y agua caliente" : "No, solo calefacción",
        }));
    }
  };

  return (
    <Form method="get" action={SIZING_PATH} className="sizing-form" noValidate>
      <input type="hidden" name={PARAMS.family} value={family} />
      {fields.map(render)}
      <button type="submit" className="button button-accent sizing-submit">
        Calcular la potencia
      </button>
    </Form>
  );
}
