import type { ReactNode } from "react";
import { Form, Link } from "react-router";

export type AdminListFiltersProps = {
  /** The form's name for assistive technology: "Filtrar pedidos". */
  label: string;
  /** A filter is set: on a phone the form starts open, showing what the list is filtered by. */
  active: boolean;
  /** The button, and the disclosure's name on a phone: "Filtrar" unless the form only searches. */
  submit?: string;
  /** The way back to the whole list, beside the button: "Quitar filtros" while a filter is set, or `always` (a period's "Este mes"). */
  reset?: { to: string; label?: string; always?: boolean };
  children: ReactNode;
};

/**
 * The filters of a back-office list (decision 0024): a plain GET form, so the filters land in
 * the URL, a filtered list can be linked to, and a new filter starts at page 1 (the page number
 * is not one of its fields). On a phone it folds behind its button's name, a <details> that
 * works without JavaScript; from 700 px it is always open and the disclosure is hidden
 * (admin.css, ".admin-list-filters").
 */
export function AdminListFilters({ label, active, submit = "Filtrar", reset, children }: AdminListFiltersProps) {
  return (
    <details className="admin-list-filters" open={active}>
      <summary>{submit}</summary>
      <Form method="get" className="admin-filters" role="search" aria-label={label}>
        {children}
        <div className="admin-actions">
          <button type="submit" className="button">
            {submit}
          </button>
          {reset && (active || reset.always) ? <Link to={reset.to}>{reset.label ?? "Quitar filtros"}</Link> : null}
        </div>
      </Form>
    </details>
  );
}

/** A text search of a list, with the hint of what it searches in. */
export function FilterSearch({ id, label = "Buscar", name = "q", value, maxLength, hint }: { id: string; label?: string; name?: string; value: string | undefined; maxLength: number; hint?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="search" defaultValue={value} maxLength={maxLength} aria-describedby={hint ? `${id}-ayuda` : undefined} />
      {hint ? (
        <p id={`${id}-ayuda`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A choice among a list's values, "Todos" (no filter) first. `options`: [value, words] pairs. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all = "Todos",
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null | undefined;
  all?: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date bound of a list's period ("Desde", "Hasta"). */
export function FilterDate({ id, name, label, value, required }: { id: string; name: string; label: string; value: string | null | undefined; required?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} required={required} />
    </div>
  );
}
