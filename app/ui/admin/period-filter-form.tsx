import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The filter of a back-office list by period (invoices, VERI*FACTU records): "Desde" and
 * "Hasta" as dates, the list's own fields (`children`), "Filtrar" and a link back to this
 * month. A plain GET form: the period lands in the URL, and a new period starts at page 1.
 */
export function PeriodFilterForm({ label, idPrefix, from, to, thisMonth, children }: { label: string; idPrefix: string; from: string; to: string; thisMonth: string; children?: ReactNode }) {
  return (
    <Form method="get" className="admin-filters" role="search" aria-label={label}>
      <div className="field">
        <label htmlFor={`${idPrefix}-desde`}>Desde</label>
        <input id={`${idPrefix}-desde`} name="desde" type="date" defaultValue={from} required />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-hasta`}>Hasta</label>
        <input id={`${idPrefix}-hasta`} name="hasta" type="date" defaultValue={to} required />
      </div>
      {children}
      <div className="admin-actions">
        <button type="submit" className="button">
          Filtrar
        </button>
        <Link to={thisMonth}>Este mes</Link>
      </div>
    </Form>
  );
}
