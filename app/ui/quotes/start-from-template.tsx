import { Link } from "react-router";

/*
 * «Empezar desde una plantilla» (issue 30) in the new quote's form: blank, or one of the saved
 * templates, whose work, options and terms the new draft takes (catalogue lines at today's price).
 */
export function StartFromTemplate({ templates, chosen }: { templates: { id: number; name: string; summary: string }[]; chosen: number | null }) {
  if (templates.length === 0) {
    return (
      <p className="field-hint">
        Aún no hay plantillas: guarde un presupuesto como plantilla desde el editor para empezar otros con él.
      </p>
    );
  }
  return (
    <fieldset className="admin-section quote-template-choice">
      <legend>Empezar desde una plantilla</legend>
      <label className="checkbox-field">
        <input type="radio" name="plantilla" value="" defaultChecked={chosen === null} />
        <span>No, en blanco</span>
      </label>
      {templates.map((template) => (
        <label key={template.id} className="checkbox-field">
          <input type="radio" name="plantilla" value={template.id} defaultChecked={chosen === template.id} />
          <span>
            {template.name} <span className="admin-muted">({template.summary})</span>
          </span>
        </label>
      ))}
      <p className="field-hint">
        La plantilla pone la descripción, las opciones y las condiciones; los productos del catálogo, con el precio de hoy. El cliente y el lugar no
        cambian. <Link to="/admin/presupuestos/plantillas">Ver las plantillas</Link>
      </p>
    </fieldset>
  );
}
