import { coveredFor, type RepairBill } from "~/domain/repairs/repair-bill";
import { coveredText, REPAIR_CAUSE_LABELS, REPAIR_CAUSES } from "~/domain/repairs/repair-outcome";
import { emptyRepairFields, MAX_REPAIR_PARTS, type RepairFields, type RepairFormFacts, type RepairPartDraft } from "~/domain/repairs/repair-report-form";
import { REDUCED_VAT_CONDITIONS } from "~/domain/quotes/quote-vat";
import { Price } from "../price";
import { fieldError, fieldId, TextField, type FieldProps } from "../jobs/work-report-fields";

/*
 * The repair's part of the technician's report (issue 31): what the customer was told it would
 * cost, the diagnosis and its cause (which decide what the coverage pays for), the parts taken
 * from the shop's stock, whether the unit must be replaced, the customer's confirmation of the
 * reduced VAT's conditions and the NIF for the invoice; then the total the customer signs.
 */

type Props = FieldProps & { facts: RepairFormFacts };

/** The repair's fields as typed (empty ones before the first change), and how to change some of them. */
function repairDraft({ fields, change, facts }: Pick<Props, "fields" | "change" | "facts">) {
  const empty = () => emptyRepairFields(facts.customerNif);
  const repair: RepairFields = fields.repair ?? empty();
  const edit = (patch: Partial<RepairFields>) => change((f) => ({ ...f, repair: { ...(f.repair ?? empty()), ...patch } }));
  return { repair, edit };
}

/** The diagnosis, its cause and the parts from stock: after the checklist. */
export function RepairFindings({ fields, errors, change, facts }: Props) {
  const { repair, edit } = repairDraft({ fields, change, facts });
  const editPart = (i: number, patch: Partial<RepairPartDraft>) => edit({ parts: repair.parts.map((part, n) => (n === i ? { ...part, ...patch } : part)) });
  const diagnosis = fieldError(errors, "repair.diagnosis");
  const cause = fieldError(errors, "repair.cause");
  const chosen = REPAIR_CAUSES.find((c) => c === repair.cause);
  return (
    <>
      <fieldset className="work-report-group">
        <legend>Diagnóstico</legend>
        <p className="field-hint">Lo que se le dijo al cliente al avisar: {facts.coverageText}</p>
        {facts.callOutPaid ? <p className="field-hint">El cliente ya pagó el desplazamiento al avisar: no se le cobra de nuevo.</p> : null}
        <div className="field">
          <label htmlFor={fieldId("repair.diagnosis")}>Qué tenía el equipo y qué se ha hecho</label>
          <textarea id={fieldId("repair.diagnosis")} rows={4} maxLength={2000} value={repair.diagnosis} onChange={(event) => edit({ diagnosis: event.target.value })} {...diagnosis.attrs} />
          {diagnosis.text}
        </div>
        <div className="field">
          <label htmlFor={fieldId("repair.cause")}>Causa de la avería</label>
          <select id={fieldId("repair.cause")} value={repair.cause} onChange={(event) => edit({ cause: event.target.value })} {...cause.attrs}>
            <option value="">Elija la causa</option>
            {REPAIR_CAUSES.map((c) => (
              <option key={c} value={c}>
                {REPAIR_CAUSE_LABELS[c]}
              </option>
            ))}
          </select>
          {cause.text}
        </div>
        {chosen ? (
          <p className="field-hint" data-testid="repair-covered">
            {coveredText(coveredFor(facts.cover, chosen))}
          </p>
        ) : null}
        <div className="checkbox-field">
          <input id={fieldId("repair.replacement")} type="checkbox" checked={repair.replacement} onChange={(event) => edit({ replacement: event.target.checked })} />
          <label htmlFor={fieldId("repair.replacement")}>El equipo no tiene arreglo que compense: hay que sustituirlo (se pide su presupuesto)</label>
        </div>
      </fieldset>
      <fieldset className="work-report-group">
        <legend>Piezas del almacén</legend>
        <p className="field-hint">Las que salen del stock de la tienda. Las demás, escríbalas como material en «Mano de obra y materiales».</p>
        {repair.parts.map((part, i) => {
          const product = fieldError(errors, `repair.parts.${i}.productId`);
          return (
            <div key={i} className="work-report-extra" role="group" aria-label={`Pieza ${i + 1}`}>
              <div className="field">
                <label htmlFor={fieldId(`repair.parts.${i}.productId`)}>Pieza</label>
                <select id={fieldId(`repair.parts.${i}.productId`)} value={part.productId} onChange={(event) => editPart(i, { productId: event.target.value })} {...product.attrs}>
                  <option value="">Elija la pieza</option>
                  {facts.parts.map((choice) => (
                    <option key={choice.id} value={String(choice.id)}>
                      {choice.name} ({choice.stock} en stock)
                    </option>
                  ))}
                </select>
                {product.text}
              </div>
              <TextField name={`repair.parts.${i}.quantity`} label="Unidades" value={part.quantity} errors={errors} decimal onChange={(value) => editPart(i, { quantity: value })} />
              <button type="button" className="button button-secondary" onClick={() => edit({ parts: repair.parts.filter((_, n) => n !== i) })}>
                Quitar la pieza {i + 1}
              </button>
            </div>
          );
        })}
        {repair.parts.length < MAX_REPAIR_PARTS && facts.parts.length > 0 ? (
          <button type="button" className="button button-secondary" onClick={() => edit({ parts: [...repair.parts, { productId: "", quantity: "1" }] })}>
            Añadir pieza del almacén
          </button>
        ) : null}
        {facts.parts.length === 0 ? <p className="admin-muted">No hay piezas en stock.</p> : null}
      </fieldset>
    </>
  );
}

/** The invoice's facts and the total the customer signs: after the labour and materials. */
export function RepairInvoiceFields({ fields, errors, change, facts, bill }: Props & { bill: RepairBill | null }) {
  const { repair, edit } = repairDraft({ fields, change, facts });
  return (
    <fieldset className="work-report-group">
      <legend>Factura</legend>
      <div className="checkbox-field">
        <input id={fieldId("repair.reducedVat")} type="checkbox" checked={repair.reducedVat} onChange={(event) => edit({ reducedVat: event.target.checked })} />
        <label htmlFor={fieldId("repair.reducedVat")}>El cliente confirma las dos condiciones del IVA reducido del 10 %:</label>
      </div>
      <ul className="field-hint">
        {REDUCED_VAT_CONDITIONS.map((condition) => (
          <li key={condition}>«{condition}»</li>
        ))}
      </ul>
      <TextField name="repair.invoiceNif" label="NIF del cliente para la factura" hint="Sin NIF la factura espera: la oficina se lo pedirá." value={repair.invoiceNif} errors={errors} onChange={(value) => edit({ invoiceNif: value })} />
      {bill ? (
        <p className="work-report-total" data-testid="repair-total">
          Total de la reparación: <strong><Price cents={bill.totalCents} /></strong> (IVA del {bill.rate} % incluido
          {repair.reducedVat && bill.rate !== 10 && bill.baseCents > 0 ? "; los materiales pasan del 40 % de la base, así que no cabe el 10 %" : ""})
        </p>
      ) : (
        <p className="field-hint">Elija la causa para ver el importe.</p>
      )}
      {fieldError(errors, "repair.total").text}
    </fieldset>
  );
}
