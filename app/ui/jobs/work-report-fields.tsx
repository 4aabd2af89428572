import type { ReactNode } from "react";
import { CHECKLIST_KINDS, CHECKLISTS, isChecklistKind } from "~/domain/jobs/work-report-checklists";
import { hasLeakCheck, type CombustionDraft, type UnitSlot, type WorkReportFields } from "~/domain/jobs/work-report-form";

/*
 * The work report's fields on the technician's phone (issue 17): the kind of job and its
 * checklist, the combustion analysis of a gas boiler, a serial number per unit, the notes.
 * Every value is kept as typed in the draft (work-report-form.ts checks it).
 */

export type Change = (change: (fields: WorkReportFields) => WorkReportFields) => void;
export type FieldProps = { fields: WorkReportFields; errors: Record<string, string>; change: Change };

const fieldId = (key: string) => `parte-${key.replaceAll(".", "-")}`;

/** aria attributes and the message under a field, for the error at `key`. */
export function fieldError(errors: Record<string, string>, key: string) {
  const message = errors[key];
  const id = `${fieldId(key)}-error`;
  return {
    attrs: message ? { "aria-invalid": true as const, "aria-describedby": id } : {},
    text: message ? (
      <p className="field-error" id={id}>
        {message}
      </p>
    ) : null,
  };
}

function TextField({ name, label, value, errors, onChange, decimal, hint }: { name: string; label: ReactNode; value: string; errors: Record<string, string>; onChange: (value: string) => void; decimal?: boolean; hint?: string }) {
  const error = fieldError(errors, name);
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{label}</label>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <input id={fieldId(name)} type="text" value={value} inputMode={decimal ? "decimal" : undefined} autoComplete="off" onChange={(event) => onChange(event.target.value)} {...error.attrs} />
      {error.text}
    </div>
  );
}

export function ChecklistFields({ fields, errors, change }: FieldProps) {
  const kind = isChecklistKind(fields.checklistKind) ? fields.checklistKind : "mantenimiento";
  const kindError = fieldError(errors, "checklistKind");
  const toggle = (id: string, on: boolean) => change((f) => ({ ...f, done: on ? [...f.done.filter((d) => d !== id), id] : f.done.filter((d) => d !== id) }));
  return (
    <fieldset className="work-report-group">
      <legend>Qué se ha hecho</legend>
      <div className="field">
        <label htmlFor={fieldId("checklistKind")}>Tipo de trabajo</label>
        <select id={fieldId("checklistKind")} value={kind} onChange={(event) => change((f) => ({ ...f, checklistKind: event.target.value }))} {...kindError.attrs}>
          {CHECKLIST_KINDS.map((k) => (
            <option key={k} value={k}>
              {CHECKLISTS[k].label}
            </option>
          ))}
        </select>
        {kindError.text}
      </div>
      <ul className="work-report-checklist">
        {CHECKLISTS[kind].items.map((item) => (
          <li key={item.id} className="checkbox-field">
            <input id={fieldId(`check-${item.id}`)} type="checkbox" checked={fields.done.includes(item.id)} onChange={(event) => toggle(item.id, event.target.checked)} />
            <label htmlFor={fieldId(`check-${item.id}`)}>{item.text}</label>
          </li>
        ))}
      </ul>
      <LeakFields fields={fields} errors={errors} change={change} />
    </fieldset>
  );
}

/**
 * A refrigerant leak found on a maintenance visit (issue 31), only where the checklist has the
 * F-gas leak check: the record says it, with the repair and the check it calls for.
 */
function LeakFields({ fields, errors, change }: FieldProps) {
  if (!hasLeakCheck(fields.checklistKind)) return null;
  const found = fields.leakFound === true;
  const error = fieldError(errors, "leakFound");
  return (
    <div className="work-report-leak">
      <div className="checkbox-field">
        <input id={fieldId("leakFound")} type="checkbox" checked={found} onChange={(event) => change((f) => ({ ...f, leakFound: event.target.checked }))} {...error.attrs} />
        <label htmlFor={fieldId("leakFound")}>Se ha encontrado una fuga de refrigerante</label>
      </div>
      {error.text}
      {found ? (
        <TextField
          name="leakWhere"
          label="Dónde está la fuga y qué se ha hecho"
          value={fields.leakWhere ?? ""}
          errors={errors}
          hint="Queda en el registro: el titular debe repararla en 30 días como mucho y volver a comprobarla en el mes siguiente."
          onChange={(value) => change((f) => ({ ...f, leakWhere: value }))}
        />
      ) : null}
    </div>
  );
}

const COMBUSTION: { key: keyof CombustionDraft; label: string }[] = [
  { key: "co", label: "CO (ppm)" },
  { key: "co2", label: "CO2 (%)" },
  { key: "o2", label: "O2 (%)" },
  { key: "flueTemp", label: "Temperatura de humos (°C)" },
  { key: "efficiency", label: "Rendimiento (%)" },
];

/** The RITE's combustion analysis (IT 3.4.2), only for a gas boiler. */
export function CombustionFields({ fields, errors, change }: FieldProps) {
  if (!isChecklistKind(fields.checklistKind) || !CHECKLISTS[fields.checklistKind].combustion) return null;
  return (
    <fieldset className="work-report-group">
      <legend>Análisis de combustión</legend>
      <p className="field-hint">Lo que marca el analizador de gases. Basta con el CO2 o el O2; decimales con coma (9,5).</p>
      <div className="work-report-row">
        {COMBUSTION.map(({ key, label }) => (
          <TextField
            key={key}
            name={`combustion.${key}`}
            label={label}
            value={fields.combustion[key]}
            errors={errors}
            decimal
            onChange={(value) => change((f) => ({ ...f, combustion: { ...f.combustion, [key]: value } }))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** One serial number per catalogue unit of the accepted option. */
export function SerialFields({ fields, errors, change, units, legend = "Equipos instalados" }: FieldProps & { units: UnitSlot[]; legend?: string }) {
  if (units.length === 0) return null;
  const name = (unit: UnitSlot) => `${unit.brand} ${unit.model}`.trim();
  const count = (unit: UnitSlot) => units.filter((u) => name(u) === name(unit)).length;
  return (
    <fieldset className="work-report-group">
      <legend>{legend}</legend>
      {units.map((unit, i) => {
        const nth = units.slice(0, i + 1).filter((u) => name(u) === name(unit)).length;
        return (
          <TextField
            key={i}
            name={`serials.${i}`}
            label={`Número de serie: ${name(unit)}${count(unit) > 1 ? ` (${nth} de ${count(unit)})` : ""}`}
            value={fields.serials[i] ?? ""}
            errors={errors}
            onChange={(value) => change((f) => ({ ...f, serials: units.map((_, n) => (n === i ? value : (f.serials[n] ?? ""))) }))}
          />
        );
      })}
    </fieldset>
  );
}

export function NotesField({ fields, errors, change }: FieldProps) {
  const error = fieldError(errors, "notes");
  return (
    <div className="field work-report-group">
      <label htmlFor={fieldId("notes")}>Notas del técnico</label>
      <textarea id={fieldId("notes")} rows={4} maxLength={4000} value={fields.notes} onChange={(event) => change((f) => ({ ...f, notes: event.target.value }))} {...error.attrs} />
      {error.text}
    </div>
  );
}

export { TextField, fieldId };
