import type { ExtrasCheck } from "~/domain/jobs/job-amounts";
import { emptyExtra, type ExtraDraft } from "~/domain/jobs/work-report-form";
import { Price } from "../price";
import { fieldError, fieldId, TextField, type FieldProps } from "./work-report-fields";

/*
 * Extra work or materials not in the accepted quote (issue 17): each a line like the quote's
 * (labour or material, quantity, unit, price without VAT), with the running total at the job's
 * VAT rate (jobAmounts). The customer accepts it with the signature; extras that would break the
 * reduced VAT's 40 % test are refused here, as on the server.
 */

/** `check`: an installation's running total against its quote; a repair (issue 31) shows its own total elsewhere. */
export function ExtrasFields({ fields, errors, change, check, legend = "Trabajos o materiales adicionales", hint = "Lo que no estaba en el presupuesto. El cliente lo acepta al firmar." }: FieldProps & { check?: ExtrasCheck; legend?: string; hint?: string }) {
  const edit = (i: number, patch: Partial<ExtraDraft>) => change((f) => ({ ...f, extras: f.extras.map((extra, n) => (n === i ? { ...extra, ...patch } : extra)) }));
  const remove = (i: number) => change((f) => ({ ...f, extras: f.extras.filter((_, n) => n !== i) }));
  const refused = fieldError(errors, "extras");
  return (
    <fieldset className="work-report-group" aria-describedby={check && !check.ok ? "parte-extras-rechazo" : undefined}>
      <legend>{legend}</legend>
      <p className="field-hint">{hint}</p>
      {fields.extras.map((extra, i) => {
        const kindError = fieldError(errors, `extras.${i}.kind`);
        return (
          <div key={i} className="work-report-extra" role="group" aria-label={`Adicional ${i + 1}`}>
            <div className="field">
              <label htmlFor={fieldId(`extras.${i}.kind`)}>Tipo</label>
              <select id={fieldId(`extras.${i}.kind`)} value={extra.kind} onChange={(event) => edit(i, { kind: event.target.value as ExtraDraft["kind"] })} {...kindError.attrs}>
                <option value="mano_de_obra">Mano de obra</option>
                <option value="material">Material</option>
              </select>
            </div>
            <TextField name={`extras.${i}.description`} label="Descripción" value={extra.description} errors={errors} onChange={(value) => edit(i, { description: value })} />
            {extra.kind === "material" ? (
              <TextField name={`extras.${i}.quality`} label="Calidad o marca" value={extra.quality} errors={errors} onChange={(value) => edit(i, { quality: value })} />
            ) : null}
            <div className="work-report-row">
              <TextField name={`extras.${i}.quantity`} label="Cantidad" value={extra.quantity} errors={errors} decimal onChange={(value) => edit(i, { quantity: value })} />
              <TextField name={`extras.${i}.unit`} label="Unidad" value={extra.unit} errors={errors} onChange={(value) => edit(i, { unit: value })} />
              <TextField name={`extras.${i}.unitPrice`} label="Precio por unidad sin IVA (€)" value={extra.unitPrice} errors={errors} decimal onChange={(value) => edit(i, { unitPrice: value })} />
            </div>
            <button type="button" className="button button-secondary" onClick={() => remove(i)}>
              Quitar el adicional {i + 1}
            </button>
          </div>
        );
      })}
      <button type="button" className="button button-secondary" onClick={() => change((f) => ({ ...f, extras: [...f.extras, emptyExtra()] }))}>
        Añadir trabajo o material adicional
      </button>
      {check?.ok && check.amounts.extrasBaseCents > 0 ? (
        <p className="work-report-total" data-testid="extras-total">
          Adicionales: <Price cents={check.amounts.extrasBaseCents} /> sin IVA, <strong><Price cents={check.amounts.extrasTotalCents} /> con IVA ({check.amounts.rate} %)</strong>
        </p>
      ) : null}
      {check && !check.ok ? (
        <p className="field-error" id="parte-extras-rechazo" role="alert">
          {check.message}
        </p>
      ) : (
        refused.text
      )}
    </fieldset>
  );
}
