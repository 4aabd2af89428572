import { Form, Link, useLoaderData } from "react-router";
import { CUSTOMER_SEARCH_MAX, customersHref, parseCustomerQuery } from "~/domain/accounts/customers";
import { formatDate } from "~/domain/dates/madrid-dates";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { listCustomers } from "~/server/accounts/customers.server";
import { getDb } from "~/server/db/db.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-customers";
import { AdminPager } from "~/ui/admin/admin-pager";

/** The customers (issue 11): every account, newest first, searched by e-mail or name. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseCustomerQuery(new URL(request.url).searchParams);
  const list = await listCustomers(await getDb(), query);
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({ ...row, createdAt: formatDate(row.createdAt) })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Clientes");

export default function CustomersPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Clientes</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Buscar clientes">
        <div className="field">
          <label htmlFor="clientes-q">Buscar por e-mail o nombre</label>
          <input id="clientes-q" name="q" type="search" defaultValue={query.q} maxLength={CUSTOMER_SEARCH_MAX} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Buscar
          </button>
          {query.q ? <Link to="/admin/clientes">Ver todos</Link> : null}
        </div>
      </Form>
      <p role="status">
        {total === 1 ? "1 cuenta" : `${total} cuentas`}
        {query.q ? (total === 1 ? " encontrada" : " encontradas") : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack admin-customers-table">
          <caption className="visually-hidden">Cuentas de clientes, de la más reciente a la más antigua</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">E-mail</th>
              <th scope="col">Alta</th>
              <th scope="col" className="num">
                Pedidos
              </th>
              <th scope="col">Deshabilitada</th>
              <th scope="col">Administrador</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Nombre">
                  <Link to={`/admin/clientes/${encodeURIComponent(row.id)}`}>{row.name || "(sin nombre)"}</Link>
                </td>
                <td data-label="E-mail" className="admin-email-cell">{row.email}</td>
                <td data-label="Alta">{row.createdAt}</td>
                <td data-label="Pedidos" className="num">{row.orderCount}</td>
                <td data-label="Deshabilitada">{row.banned ? <span className="admin-badge admin-badge-error">Deshabilitada</span> : "No"}</td>
                <td data-label="Administrador">{row.admin === "configuración" ? "Sí, por configuración" : row.admin ? "Sí" : "No"}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>{query.q ? "Ninguna cuenta coincide con la búsqueda." : "Aún no hay cuentas."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <AdminPager label="Páginas de clientes" page={query.page} pageCount={pageCount} href={(page) => customersHref(query, page)} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/clientes", label: "Volver a los clientes" }} />;
}
