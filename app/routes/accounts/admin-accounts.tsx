import { Link, useLoaderData } from "react-router";
import { CUSTOMER_SEARCH_MAX, customersHref, parseCustomerQuery } from "~/domain/accounts/customers";
import { formatDate } from "~/domain/dates/madrid-dates";
import { listCustomers } from "~/server/accounts/customers.server";
import { readAdminList } from "~/server/admin-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSearch } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-accounts";

/** The shop's accounts (issue 11; the customers themselves are the records of issue 30): newest first, searched by e-mail or name. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await readAdminList(request, parseCustomerQuery, listCustomers);
  return { ...list, rows: list.rows.map((row) => ({ ...row, createdAt: formatDate(row.createdAt) })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Cuentas");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Cuentas de clientes, de la más reciente a la más antigua",
  rowKey: (row) => row.id,
  columns: [
    { label: "Nombre", phone: "title", cell: (row) => <Link to={`/admin/cuentas/${encodeURIComponent(row.id)}`}>{row.name || "(sin nombre)"}</Link> },
    { label: "E-mail", className: "admin-email-cell", cell: (row) => row.email },
    { label: "Alta", cell: (row) => row.createdAt },
    { label: "Pedidos", num: true, cell: (row) => row.orderCount },
    { label: "Deshabilitada", cell: (row) => (row.banned ? <span className="admin-badge admin-badge-error">Deshabilitada</span> : "No") },
    { label: "Administrador", cell: (row) => (row.admin === "configuración" ? "Sí, por configuración" : row.admin ? "Sí" : "No") },
  ],
};

export default function AccountsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Cuentas</h1>
      <AdminList
        filtered={Boolean(query.q)}
        filter={{
          label: "Buscar cuentas",
          submit: "Buscar",
          reset: { to: "/admin/cuentas", label: "Ver todas" },
          fields: (
            <>
              <FilterSearch id="cuentas-q" label="Buscar por e-mail o nombre" value={query.q} maxLength={CUSTOMER_SEARCH_MAX} />
            </>
          ),
        }}
        count={{ total, one: "cuenta", many: "cuentas", suffix: query.q ? (total === 1 ? " encontrada" : " encontradas") : "" }}
        table={table}
        rows={rows}
        empty="Aún no hay cuentas."
        noMatch="Ninguna cuenta coincide con la búsqueda."
        pager={{ of: "cuentas", page: query.page, pageCount, href: (page) => customersHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/cuentas", label: "Volver a las cuentas" }} />;
}
