import { Link } from "react-router";
import { TEMPLATE_NAME_MAX } from "~/domain/quotes/quote-template";
import { TextField } from "./quote-editor";

/*
 * «Guardar como plantilla» in the quote editor (issue 30), inside the editor's one form: the
 * button saves the draft and copies its work, options and terms (never the customer, the place
 * or the dates) under the name typed. A name already used brings «Reemplazar la plantilla».
 */
export function TemplateFields({ fields, errors, takenName }: { fields: Record<string, string>; errors: Record<string, string>; takenName?: string }) {
  return (
    <fieldset className="admin-section quote-editor-group quote-template-save" id="plantilla">
      <legend>Guardar como plantilla</legend>
      <p className="field-hint">
        Guarda la descripción, las opciones con sus líneas y las condiciones, sin el cliente, el lugar ni las fechas, para empezar otros presupuestos con ellas. Ver{" "}
        <Link to="/admin/presupuestos/plantillas">todas las plantillas</Link>.
      </p>
      <TextField fields={fields} errors={errors} name="templateName" label="Nombre de la plantilla" maxLength={TEMPLATE_NAME_MAX} placeholder="p. ej. Sustitución de caldera de condensación" autoComplete="off" />
      <div className="admin-actions">
        <button type="submit" name="intent" value="plantilla" className="button button-secondary">
          Guardar como plantilla
        </button>
        {takenName ? (
          <button type="submit" name="intent" value="plantilla-reemplazar" className="button button-secondary">
            Reemplazar la plantilla «{takenName}»
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
