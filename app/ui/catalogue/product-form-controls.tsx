import type { ProductFormErrors, ProductFormValues } from "~/domain/catalogue/product-form";

/*
 * The inputs of the product form: each with its label, hint and error tied together for screen
 * readers (aria-describedby, aria-invalid). Uncontrolled (defaultValue): the form is a plain
 * post and works without JavaScript; after a refused post the page shows what was typed.
 */

export type ControlsProps = { values: ProductFormValues; errors: ProductFormErrors };

export const fieldId = (name: string) => `producto-${name}`;

function describedBy(name: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${fieldId(name)}-ayuda` : "", error ? `${fieldId(name)}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function HintAndError({ name, hint, error }: { name: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${fieldId(name)}-ayuda`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(name)}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

type TextProps = ControlsProps & {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** "decimal" for euros and measures: the phone shows a keypad with the comma. */
  inputMode?: "decimal" | "numeric" | "text";
  maxLength?: number;
  list?: string;
  rows?: number;
};

export function TextControl({ values, errors, name, label, hint, required, inputMode, maxLength, list, rows }: TextProps) {
  const error = errors[name];
  const common = {
    id: fieldId(name),
    name,
    defaultValue: values[name] ?? "",
    required,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, Boolean(hint), Boolean(error)),
  };
  return (
    <div className="field">
      <label htmlFor={common.id}>
        {label}
        {required ? <span className="required"> *</span> : null}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...common} type="text" inputMode={inputMode} list={list} autoComplete="off" spellCheck={inputMode ? false : undefined} />
      )}
      <HintAndError name={name} hint={hint} error={error} />
    </div>
  );
}

type SelectProps = ControlsProps & {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** The first, empty choice ("Sin etiqueta"); absent when a choice is required. */
  empty?: string;
  required?: boolean;
  hint?: string;
};

export function SelectControl({ values, errors, name, label, options, empty, required, hint }: SelectProps) {
  const error = errors[name];
  const value = values[name] ?? "";
  // A stored value the list does not know (an old type) stays selectable, not silently lost.
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>
        {label}
        {required ? <span className="required"> *</span> : null}
      </label>
      <select
        id={fieldId(name)}
        name={name}
        defaultValue={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
      >
        {empty !== undefined || !value ? <option value="">{empty ?? "Elija una opción"}</option> : null}
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <HintAndError name={name} hint={hint} error={error} />
    </div>
  );
}

export function CheckboxControl({ values, errors, name, label, hint }: ControlsProps & { name: string; label: string; hint?: string }) {
  const error = errors[name];
  return (
    <div>
      <div className="checkbox-field">
        <input
          id={fieldId(name)}
          type="checkbox"
          name={name}
          defaultChecked={Boolean(values[name])}
          aria-describedby={describedBy(name, Boolean(hint), Boolean(error))}
        />
        <label htmlFor={fieldId(name)}>{label}</label>
      </div>
      <HintAndError name={name} hint={hint} error={error} />
    </div>
  );
}
