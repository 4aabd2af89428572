import { Form, Link } from "react-router";
import { customerLabel } from "~/domain/customers/customer-facts";
import { customerHref, NOTES_MAX } from "~/domain/customers/customer-list";
import { FormReply } from "~/ui/admin/form-reply";

/* The forms of a customer's page (issue 30): details and notes, and merging a duplicate. They post without JavaScript. */

export type RecordReply =
  | { intent: "datos" | "unir"; ok: true; message: string }
  | { intent: "datos" | "unir"; ok: false; error: string; errors?: Record<string, string>; values?: Record<string, string> };

type Details = { name: string; company: string; nif: string; email: string; phone: string; address: string; postcode: string; town: string; province: string; notes: string };

function Reply({ reply, intent }: { reply: RecordReply | undefined; intent: RecordReply["intent"] }) {
  return <FormReply reply={reply?.intent === intent ? reply : null} />;
}

const FIELDS: { name: keyof Omit<Details, "notes">; label: string; type?: string; autoComplete: string; max: number }[] = [
  { name: "name", label: "Nombre y apellidos", autoComplete: "off", max: 120 },
  { name: "company", label: "Empresa", autoComplete: "off", max: 120 },
  { name: "nif", label: "NIF, NIE o CIF", autoComplete: "off", max: 20 },
  { name: "email", label: "E-mail", type: "email", autoComplete: "off", max: 200 },
  { name: "phone", label: "Teléfono", type: "tel", autoComplete: "off", max: 30 },
  { name: "address", label: "Dirección", autoComplete: "off", max: 200 },
  { name: "postcode", label: "Código postal", autoComplete: "off", max: 5 },
  { name: "town", label: "Población", autoComplete: "off", max: 100 },
  { name: "province", label: "Provincia", autoComplete: "off", max: 100 },
];

/** The record's fields and notes, with what was typed and each field's message after a refusal. */
export function CustomerFields({ values, errors }: { values: Partial<Record<keyof Details, string>>; errors: Record<string, string> }) {
  return (
    <>
      {FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`ficha-${field.name}`}>{field.label}</label>
          <input
            id={`ficha-${field.name}`}
            name={field.name}
            type={field.type ?? "text"}
            autoComplete={field.autoComplete}
            maxLength={field.max}
            defaultValue={values[field.name] ?? ""}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? `ficha-${field.name}-error` : undefined}
          />
          {errors[field.name] ? (
            <p id={`ficha-${field.name}-error`} className="field-error">
              {errors[field.name]}
            </p>
          ) : null}
        </div>
      ))}
      <div className="field">
        <label htmlFor="ficha-notes">Notas (solo las ve la administración)</label>
        <textarea id="ficha-notes" name="notes" rows={5} maxLength={NOTES_MAX} defaultValue={values.notes ?? ""} />
      </div>
    </>
  );
}

export function CustomerDetailsForm({ details, reply }: { details: Details; reply: RecordReply | undefined }) {
  const failed = reply && reply.intent === "datos" && !reply.ok ? reply : null;
  return (
    <details className="admin-section" open={Boolean(failed)}>
      <summary>Editar datos y notas</summary>
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="intent" value="datos" />
        <CustomerFields values={failed?.values ?? details} errors={failed?.errors ?? {}} />
        <button type="submit" className="button">
          Guardar la ficha
        </button>
        <Reply reply={reply} intent="datos" />
      </Form>
    </details>
  );
}

type Candidate = { id: number; name: string; company: string; email: string; phone: string; town: string };

/** Kept apart at the end of the page: a merge cannot be undone from here. */
export function MergeForm({ id, candidates, reply }: { id: number; candidates: Candidate[]; reply: RecordReply | undefined }) {
  return (
    <section className="admin-section admin-danger-zone" aria-labelledby="ficha-unir">
      <h2 id="ficha-unir">Unir con otra ficha</h2>
      <p>
        Si este cliente tiene otra ficha (escribió con otro e-mail o teléfono), únala a esta: todo lo de la otra ficha pasa a esta ficha (nº {id}), que
        conserva sus datos y completa los que le falten. No se puede deshacer desde aquí.
      </p>
      {candidates.length > 0 ? (
        <>
          <p>Fichas con el mismo nombre o la misma dirección:</p>
          <ul className="admin-record-list">
            {candidates.map((candidate) => (
              <li key={candidate.id}>
                <Link to={customerHref(candidate.id)}>
                  Ficha nº {candidate.id}: {customerLabel(candidate)}
                </Link>
                <span className="admin-muted">{[candidate.email, candidate.phone, candidate.town].filter(Boolean).join(" · ")}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Form method="post" className="admin-form">
        <input type="hidden" name="intent" value="unir" />
        <div className="field">
          <label htmlFor="ficha-otra">Número de la otra ficha</label>
          <input id="ficha-otra" name="other" inputMode="numeric" autoComplete="off" maxLength={12} required defaultValue={candidates.length === 1 ? String(candidates[0]!.id) : ""} />
        </div>
        <div className="checkbox-field">
          <input id="ficha-confirmar" name="confirm" type="checkbox" value="si" required />
          <label htmlFor="ficha-confirmar">Son el mismo cliente: pasar todo lo de la otra ficha a esta</label>
        </div>
        <button type="submit" className="button button-danger">
          Unir fichas
        </button>
        <Reply reply={reply} intent="unir" />
      </Form>
    </section>
  );
}
