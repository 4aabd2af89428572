import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { inboxHref, parseInboxQuery, SEARCH_MAX_LENGTH } from "~/domain/quotes/quote-inbox";
import { REQUEST_STATE_LABELS, REQUEST_STATES } from "~/domain/quotes/request-state";
import { readAdminList } from "~/server/admin-list.server";
import { listQuoteRequests } from "~/server/quotes/quote-requests.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSearch, FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import { DeliveryBadge } from "~/ui/orders/delivery-badge";
import type { Route } from "./+types/admin-requests";

/** The quote-request inbox (issue 11): newest first, searched, filtered by state, paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await readAdminList(request, parseInboxQuery, listQuoteRequests);
  return { ...list, rows: list.rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Solicitudes de presupuesto");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Solicitudes, de la más reciente a la más antigua",
  rowKey: (row) => row.id,
  columns: [
    {
      label: "Solicitud",
      phone: "title",
      cell: (row) => (
        <WithNote note={row.product}>
          <WithNote note={[row.phone, row.email].filter(Boolean).join(" · ")}>
            <Link to={`/admin/solicitudes/${row.id}`}>{row.name || `Solicitud nº ${row.id}`}</Link>
          </WithNote>
        </WithNote>
      ),
    },
    { label: "Recibida", cell: (row) => row.createdAt },
    { label: "Localidad", cell: (row) => row.town },
    { label: "Estado", cell: (row) => <span className="admin-badge">{REQUEST_STATE_LABELS[row.state]}</span> },
    { label: "Entregas", cell: (row) => (row.delivery ? <DeliveryBadge state={row.delivery} /> : <span className="admin-muted">Sin registro</span>) },
  ],
};

export default function QuoteRequestsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.state);
  return (
    <>
      <h1>Solicitudes de presupuesto</h1>
      <AdminList
        filtered={filtered}
        filter={{
          label: "Buscar solicitudes",
          reset: { to: "/admin/solicitudes" },
          fields: (
            <>
              <FilterSearch id="solicitudes-q" value={query.q} maxLength={SEARCH_MAX_LENGTH} hint="Nombre, e-mail, teléfono, localidad o mensaje" />
              <FilterSelect id="solicitudes-estado" name="estado" label="Estado" value={query.state} options={REQUEST_STATES.map((state) => [state, REQUEST_STATE_LABELS[state]])} />
            </>
          ),
        }}
        count={{ total, one: "solicitud", many: "solicitudes" }}
        actions={<Link to="/admin/solicitudes/nueva">Solicitud nueva (por teléfono)</Link>}
        table={table}
        rows={rows}
        empty="Aún no hay solicitudes."
        noMatch="Ninguna solicitud coincide con estos filtros."
        pager={{ of: "solicitudes", page: query.page, pageCount, href: (page) => inboxHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/solicitudes", label: "Volver a las solicitudes" }} />;
}
