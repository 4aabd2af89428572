import { useEffect, useRef, useState, type FormEvent } from "react";
import { DIMENSIONS_FIELDS, type DimensionsField } from "~/domain/catalogue/family-fields";
import { dimensionInputName, parseProductForm, type ProductFormErrors } from "~/domain/catalogue/product-form";
import { fieldId } from "./product-form-controls";

/*
 * The product form checked in the browser with the action's own schema before it is sent
 * (zod is in the page's bundle already), so a mistake is named at once; the action checks
 * it again. Without JavaScript the post goes straight to the action.
 */
export function useProductFormCheck(serverErrors: ProductFormErrors | undefined) {
  // What the browser found, and over which answer of the server: a newer answer replaces it.
  const [found, setFound] = useState<{ errors: ProductFormErrors; over: ProductFormErrors | undefined } | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = parseProductForm(new FormData(event.currentTarget));
    if (result.ok) {
      setFound(null);
      return;
    }
    event.preventDefault();
    setFound({ errors: result.errors, over: serverErrors });
  };
  const current = found && found.over === serverErrors ? found.errors : null;
  return { errors: current ?? serverErrors ?? {}, onSubmit };
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
