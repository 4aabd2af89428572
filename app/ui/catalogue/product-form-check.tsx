import { useEffect, useRef, useState, type FormEvent } from "react";
import { DIMENSIONS_FIELDS, type DimensionsField } from "~/domain/catalogue/family-fields";
import { dimensionInputName, type ProductFormErrors } from "~/domain/catalogue/product-form";
import { useLazyFormCheck } from "../lazy-form-check";
import { fieldId } from "./product-form-controls";

/*
 * The product form checked in the browser with the action's own schema before it is sent, so
 * a mistake is named at once; the action checks it again. The schema (zod) is fetched when the
 * owner comes to the form, not in the page's first load (app/ui/lazy-form-check.ts). Without
 * JavaScript the post goes straight to the action.
 */
export function useProductFormCheck(serverErrors: ProductFormErrors | undefined) {
  // What the browser found, and over which answer of the server: a newer answer replaces it.
  const [found, setFound] = useState<{ errors: ProductFormErrors; over: ProductFormErrors | undefined } | null>(null);
  const checks = useLazyFormCheck(() => import("~/domain/catalogue/product-form-schema"));
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    checks.submit(event, ({ parseProductForm }, form) => {
      const result = parseProductForm(new FormData(form));
      if (result.ok) {
        setFound(null);
        return true;
      }
      setFound({ errors: result.errors, over: serverErrors });
      return false;
    });
  const current = found && found.over === serverErrors ? found.errors : null;
  return { errors: current ?? serverErrors ?? {}, onSubmit, prepare: checks.prepare };
}

/** The problems, each a link to its field; it takes the focus, so the keyboard starts there. */
export function ProductFormErrorSummary({ errors }: { errors: ProductFormErrors }) {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (entries.length > 0) box.current?.focus();
  }, [errors, entries.length]);
  if (entries.length === 0) return null;
  const target = (name: string) =>
    (DIMENSIONS_FIELDS as string[]).includes(name) ? fieldId(dimensionInputName(name as DimensionsField, "alto")) : fieldId(name);
  return (
    <div ref={box} tabIndex={-1} className="admin-section product-form-errors" role="alert" aria-labelledby="producto-errores">
      <h2 id="producto-errores">No se ha guardado: revise {entries.length === 1 ? "este campo" : `estos ${entries.length} campos`}</h2>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${target(name)}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
