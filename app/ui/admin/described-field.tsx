import type { ReactNode } from "react";

/** What a described control gets: its id, and its error's and hint's ids when there are any. */
export type DescribedControl = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A label, its control, hint and error, tied together for screen readers (the back office's forms). */
export function DescribedField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: (props: DescribedControl) => ReactNode }) {
  const described = [hint ? `${id}-ayuda` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {hint ? (
        <p id={`${id}-ayuda`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
