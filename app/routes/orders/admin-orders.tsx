import { Form, Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { filtersQuery, hasFilters, MAX_SEARCH_LENGTH, parseOrderFilters } from "~/domain/orders/order-filters";
import { ORDER_STATUSES } from "~/domain/orders/order-status";
import { PAY_METHOD_LABELS, PAY_METHODS } from "~/domain/payments/payment-methods";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listOrders } from "~/server/orders/order-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { OrderStatusBadge } from "~/ui/orders/order-status-badge";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-orders";
import { AdminPager } from "~/ui/admin/admin-pager";

/**
 * /admin/pedidos (issue 11): every order, newest first, filtered by status, payment method,
 * dates and text, paged on the server; the CSV link exports the same filtered list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const list = await listOrders(await getDb(), filters);
  return {
    filters,
    totalCount: list.totalCount,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      number: row.number,
      date: formatDateTime(row.createdAt),
      name: `${row.addressBill.nombre} ${row.addressBill.apellidos}`.trim(),
      company: row.addressBill.empresa,
      email: row.userEmail,
      status: row.status,
      payMethod: PAY_METHOD_LABELS[row.payMethod],
      amountCents: row.amountCents,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Pedidos | Administración" }];

export default function OrdersPage() {
  const { filters, totalCount, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = hasFilters(filters);
  return (
    <>
      <h1>Pedidos</h1>
      {/* A plain GET form: the filters land in the URL, and a new filter starts at page 1. */}
      <Form method="get" className="admin-filters admin-orders-filters" role="search" aria-label="Filtrar pedidos">
        <div className="field">
          <label htmlFor="pedidos-q">Buscar</label>
          <input id="pedidos-q" name="q" type="search" defaultValue={filters.text} maxLength={MAX_SEARCH_LENGTH} aria-describedby="pedidos-q-ayuda" />
          <p id="pedidos-q-ayuda" className="field-hint">
            Número, e-mail, nombre, empresa o NIF
          </p>
        </div>
        <div className="field">
          <label htmlFor="pedidos-estado">Estado</label>
          <select id="pedidos-estado" name="estado" defaultValue={filters.status ?? ""}>
            <option value="">Todos</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pedidos-pago">Forma de pago</label>
          <select id="pedidos-pago" name="pago" defaultValue={filters.payMethod ?? ""}>
            <option value="">Todas</option>
            {PAY_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAY_METHOD_LABELS[method]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pedidos-desde">Desde</label>
          <input id="pedidos-desde" name="desde" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="pedidos-hasta">Hasta</label>
          <input id="pedidos-hasta" name="hasta" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/pedidos">Quitar filtros</Link> : null}
        </div>
      </Form>
      <div className="admin-actions">
        <p role="status" className="admin-orders-count">
          {totalCount === 1 ? "1 pedido" : `${totalCount.toLocaleString("es-ES")} pedidos`}
          {filtered ? " con estos filtros" : ""}
        </p>
        {/* A file, not a page: the browser downloads it (reloadDocument skips the client router). */}
        <Link to={`/admin/pedidos/exportar${filtersQuery(filters)}`} reloadDocument className="button button-secondary">
          Exportar CSV
        </Link>
        {/* Issue 15: equipment with fluorinated gas sold without installation, certificate overdue. */}
        <Link to="/admin/pedidos/gases-fluorados">Certificados de gases fluorados pendientes</Link>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Pedidos, del más reciente al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Número</th>
              <th scope="col">Fecha</th>
              <th scope="col">Cliente</th>
              <th scope="col">Estado</th>
              <th scope="col">Forma de pago</th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <td data-label="Número">
                  <Link to={`/admin/pedidos/${encodeURIComponent(row.number)}`}>{row.number}</Link>
                </td>
                <td data-label="Fecha">{row.date}</td>
                <td data-label="Cliente">
                  {/* One box: a phone's card shows the cell as label and value. */}
                  <span className="admin-orders-customer">
                    {row.company ? `${row.company} · ` : ""}
                    {row.name}
                    <br />
                    <span className="admin-muted admin-orders-email">{row.email}</span>
                  </span>
                </td>
                <td data-label="Estado">
                  <OrderStatusBadge status={row.status} />
                </td>
                <td data-label="Forma de pago">{row.payMethod}</td>
                <td data-label="Total" className="num">
                  <Price cents={row.amountCents} />
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>{filtered ? "Ningún pedido coincide con estos filtros." : "Aún no hay pedidos."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <AdminPager
        label="Páginas de pedidos"
        page={filters.page}
        pageCount={pageCount}
        previousPage={Math.min(filters.page - 1, pageCount)}
        href={(page) => `/admin/pedidos${filtersQuery(filters, page)}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
