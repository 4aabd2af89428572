import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { REPAIR_FAMILY_LABELS, REPAIR_STATE_LABELS, REPAIR_STATES, repairReference } from "~/domain/repairs/repair-fields";
import { parseRepairListQuery, repairListHref } from "~/domain/repairs/repair-list";
import { readAdminList } from "~/server/admin-list.server";
import { listRepairRequests } from "~/server/repairs/repair-requests.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-repairs";

/** /admin/averias (issue 31): the breakdowns reported, urgent new ones first, then newest; filtered by state. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await readAdminList(request, parseRepairListQuery, listRepairRequests);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      reference: repairReference(row.id),
      name: row.customerName,
      phone: row.customerPhone,
      town: row.town,
      unit: [REPAIR_FAMILY_LABELS[row.family], [row.brand, row.model].filter(Boolean).join(" ")].filter(Boolean).join(": "),
      urgent: row.urgency === "urgente",
      state: row.state,
      createdAt: formatDateTime(row.createdAt),
      covered: row.coverage.callOutCents === 0,
      jobId: row.jobId,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Averías");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Avisos de avería: los urgentes sin atender primero, después del más reciente al más antiguo",
  rowKey: (row) => row.id,
  columns: [
    {
      label: "Aviso",
      phone: "title",
      cell: (row) => (
        <WithNote note={`${row.phone} · ${row.unit}`}>
          <Link to={`/admin/averias/${row.id}`}>
            {row.reference} · {row.name}
          </Link>
        </WithNote>
      ),
    },
    { label: "Recibido", cell: (row) => row.createdAt },
    { label: "Localidad", cell: (row) => row.town },
    { label: "Urgencia", cell: (row) => (row.urgent ? <strong className="admin-badge admin-badge-warn">Urgente</strong> : "Normal") },
    { label: "Cobertura", cell: (row) => (row.covered ? "Garantía o plan" : "Desplazamiento") },
    {
      label: "Estado",
      cell: (row) => (
        <>
          <span className="admin-badge">{REPAIR_STATE_LABELS[row.state]}</span>
          {row.jobId ? (
            <>
              {" "}
              <Link to={`/admin/trabajos/${row.jobId}`}>Reparación</Link>
            </>
          ) : null}
        </>
      ),
    },
  ],
};

export default function RepairsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Averías</h1>
      <AdminList
        filtered={Boolean(query.state)}
        filter={{
          label: "Filtrar avisos de avería",
          reset: { to: "/admin/averias" },
          fields: <FilterSelect id="averias-estado" name="estado" label="Estado" value={query.state} options={REPAIR_STATES.map((state) => [state, REPAIR_STATE_LABELS[state]])} />,
        }}
        count={{ total, one: "aviso de avería", many: "avisos de avería" }}
        actions={<Link to="/admin/averias/nueva">Avería nueva (por teléfono)</Link>}
        table={table}
        rows={rows}
        empty="Aún no hay avisos de avería."
        noMatch="Ningún aviso coincide con este filtro."
        pager={{ of: "avisos", page: query.page, pageCount, href: (page) => repairListHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al panel" }} />;
}
