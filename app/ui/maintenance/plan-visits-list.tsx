import { Link } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { PLAN_VISIT_STAGE_LABELS, type PlanVisitStage } from "~/domain/maintenance/plan-visits";
import { telHref } from "~/domain/site/contact-links";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";

/** A plan's visit as the owner's due list shows it (issue 31). */
export type PlanVisitRow = {
  id: number;
  planId: number;
  jobId: number;
  dueOn: string;
  stage: PlanVisitStage;
  /** "Lunes, 12 de enero de 2027, de 09:00 a 10:00", once the day is chosen. */
  when: string | null;
  hasTechnician: boolean;
  customerName: string;
  customerPhone: string;
  customerId: number | null;
};

function stageText(row: PlanVisitRow): string {
  if (row.stage !== "reservada") return PLAN_VISIT_STAGE_LABELS[row.stage];
  return `${row.when ?? PLAN_VISIT_STAGE_LABELS.reservada}${row.hasTechnician ? "" : " · sin técnico"}`;
}

const TABLE: AdminTable<PlanVisitRow> = {
  caption: "Visitas de mantenimiento avisadas y no hechas, por fecha en que tocan",
  rowKey: (row) => row.id,
  columns: [
    { label: "Plan", cell: (row) => `Plan n.º ${row.planId}`, phone: "title" },
    {
      label: "Cliente",
      cell: (row) => (
        <>
          {row.customerId ? <Link to={`/admin/clientes/${row.customerId}`}>{row.customerName}</Link> : row.customerName}
          {row.customerPhone ? (
            <>
              {" · "}
              <a href={telHref(row.customerPhone)}>{row.customerPhone}</a>
            </>
          ) : null}
        </>
      ),
    },
    { label: "Le toca antes del", cell: (row) => formatYmd(row.dueOn) },
    { label: "Estado", cell: (row) => (row.stage === "llamar" ? <strong>{stageText(row)}</strong> : stageText(row)) },
    { label: "Trabajo", cell: (row) => <Link to={`/admin/trabajos/${row.jobId}`}>{row.stage === "reservada" ? "Ver o asignar técnico" : "Programar"}</Link> },
  ],
};

/**
 * «Visitas de mantenimiento»: every visit announced and not done — waiting for the customer to
 * choose, reminded, to phone (no answer a week after the reminder), or booked (with or without a
 * technician yet).
 */
export function PlanVisitsList({ rows }: { rows: PlanVisitRow[] }) {
  const toCall = rows.filter((row) => row.stage === "llamar").length;
  return (
    <section aria-labelledby="visitas-plan">
      <h2 id="visitas-plan">Visitas de mantenimiento</h2>
      <AdminList
        table={TABLE}
        rows={rows}
        count={{ total: rows.length, one: "visita en curso", many: "visitas en curso", suffix: toCall ? ` · ${toCall === 1 ? "1 cliente" : `${toCall} clientes`} sin responder: llamar para darles día` : "" }}
        empty="Ninguna visita de mantenimiento avisada está por hacer."
      />
    </section>
  );
}
