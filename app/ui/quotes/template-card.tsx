import { Form, Link } from "react-router";
import { TEMPLATE_NAME_MAX } from "~/domain/quotes/quote-template";

/*
 * One quote template in the list (issue 30): its main action first («Empezar un presupuesto»),
 * «Cambiar el nombre» in a disclosure, and «Eliminar…» apart at the end of the card, a link to
 * the page's second step rather than a button beside the others.
 */

export type TemplateItem = { id: number; name: string; summary: string; updatedAt: string; createdBy: string };

export function TemplateCard({ template, failed }: { template: TemplateItem; failed?: { message: string; name: string } }) {
  const field = `plantilla-${template.id}-nombre`;
  return (
    <li className="admin-section quote-template-card">
      <h2 id={`plantilla-${template.id}`}>{template.name}</h2>
      <p className="admin-muted">
        {template.summary} · guardada el {template.updatedAt} por {template.createdBy}
      </p>
      <p>
        <Link to={`/admin/presupuestos/nuevo?plantilla=${template.id}`} className="button" aria-label={`Empezar un presupuesto con «${template.name}»`}>
          Empezar un presupuesto
        </Link>
      </p>
      <details open={Boolean(failed)}>
        <summary>Cambiar el nombre</summary>
        <Form method="post" className="admin-form" noValidate>
          <input type="hidden" name="intent" value="renombrar" />
          <input type="hidden" name="id" value={template.id} />
          <div className="field">
            <label htmlFor={field}>Nuevo nombre de «{template.name}»</label>
            <input
              id={field}
              name="name"
              required
              maxLength={TEMPLATE_NAME_MAX}
              defaultValue={failed ? failed.name : template.name}
              autoComplete="off"
              {...(failed ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {})}
            />
            {failed ? (
              <p id={`${field}-error`} className="field-error" role="alert">
                {failed.message}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-secondary">
            Guardar el nombre
          </button>
        </Form>
      </details>
      <p className="quote-template-danger">
        <Link to={`/admin/presupuestos/plantillas?eliminar=${template.id}#eliminar-titulo`} className="danger-link" aria-label={`Eliminar la plantilla «${template.name}»`}>
          Eliminar la plantilla
        </Link>
      </p>
    </li>
  );
}
