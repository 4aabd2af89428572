import { Link, useLoaderData } from "react-router";
import { searchTerms } from "~/domain/admin/search-terms";
import { customerLabel } from "~/domain/customers/customer-facts";
import { CUSTOMER_RECORD_SEARCH_MAX, customerHref, customerRecordsHref, parseCustomerRecordQuery } from "~/domain/customers/customer-list";
import { formatDate } from "~/domain/dates/madrid-dates";
import { telHref } from "~/domain/site/contact-links";
import { readAdminList } from "~/server/admin-list.server";
import { listCustomerRecords } from "~/server/customers/customer-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSearch } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-customers";

/** The customers (issue 30): one record each, with or without an account, newest first; never staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await readAdminList(request, parseCustomerRecordQuery, listCustomerRecords);
  // Fewer than three letters or digits find nothing: say so (the one search's own rule).
  const terms = list.query.q ? searchTerms(list.query.q) : null;
  return { ...list, error: terms && !terms.ok ? terms.error : null, rows: list.rows.map((row) => ({ ...row, label: customerLabel(row), createdAt: formatDate(row.createdAt) })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Clientes");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const documents = (row: Row) =>
  [
    [row.requests, "solicitud", "solicitudes"],
    [row.visits, "visita", "visitas"],
    [row.quotes, "presupuesto", "presupuestos"],
    [row.orders, "pedido", "pedidos"],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(", ") || "Nada todavía";

const table: AdminTable<Row> = {
  caption: "Fichas de clientes, de la más reciente a la más antigua",
  rowKey: (row) => row.id,
  columns: [
    { label: "Cliente", phone: "title", cell: (row) => <Link to={customerHref(row.id)}>{row.label}</Link> },
    { label: "Teléfono", cell: (row) => (row.phone ? <a href={telHref(row.phone)}>{row.phone}</a> : <span className="admin-muted">—</span>) },
    { label: "E-mail", className: "admin-email-cell", cell: (row) => (row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : <span className="admin-muted">—</span>) },
    { label: "Población", cell: (row) => row.town || <span className="admin-muted">—</span> },
    { label: "Documentos", cell: documents },
    { label: "Ficha", cell: (row) => `nº ${row.id}, desde el ${row.createdAt}` },
  ],
};

export default function CustomerRecordsPage() {
  const { query, total, pageCount, rows, error } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Clientes</h1>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <AdminList
        filtered={Boolean(query.q)}
        filter={{
          label: "Buscar clientes",
          submit: "Buscar",
          reset: { to: "/admin/clientes", label: "Ver todos" },
          fields: <FilterSearch id="clientes-q" label="Nombre, empresa, teléfono, e-mail, NIF o dirección" value={query.q} maxLength={CUSTOMER_RECORD_SEARCH_MAX} />,
        }}
        count={{ total, one: "cliente", many: "clientes", suffix: query.q ? (total === 1 ? " encontrado" : " encontrados") : "" }}
        actions={<Link to="/admin/clientes/nuevo">Cliente nuevo</Link>}
        table={table}
        rows={rows}
        empty="Aún no hay clientes: cada solicitud, visita, presupuesto o pedido crea o completa la ficha de su cliente."
        noMatch="Ningún cliente coincide con la búsqueda."
        pager={{ of: "clientes", page: query.page, pageCount, href: (page) => customerRecordsHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/clientes", label: "Volver a los clientes" }} />;
}
