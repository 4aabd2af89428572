import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { filtersQuery, hasFilters, MAX_SEARCH_LENGTH, parseOrderFilters } from "~/domain/orders/order-filters";
import { ORDER_STATUSES } from "~/domain/orders/order-status";
import { PAY_METHOD_LABELS, PAY_METHODS } from "~/domain/payments/payment-methods";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listOrders } from "~/server/orders/order-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
import { FilterDate, FilterSearch, FilterSelect } from "~/ui/admin/admin-list-filters";
import { OrderStatusBadge } from "~/ui/orders/order-status-badge";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-orders";
import { pageUrl } from "~/server/http/page-url.server";
import { personName } from "~/domain/orders/my-orders";

/**
 * /admin/pedidos (issue 11): every order, newest first, filtered by status, payment method,
 * dates and text, paged on the server; the CSV link exports the same filtered list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseOrderFilters(pageUrl(request).searchParams);
  const list = await listOrders(await getDb(), filters);
  return {
    filters,
    totalCount: list.totalCount,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      number: row.number,
      date: formatDateTime(row.createdAt),
      name: personName(row.addressBill),
      company: row.addressBill.empresa,
      email: row.userEmail,
      status: row.status,
      payMethod: PAY_METHOD_LABELS[row.payMethod],
      amountCents: row.amountCents,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Pedidos | Administración" }];

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Pedidos, del más reciente al más antiguo",
  rowKey: (row) => row.number,
  columns: [
    { label: "Número", phone: "title", cell: (row) => <Link to={`/admin/pedidos/${encodeURIComponent(row.number)}`}>{row.number}</Link> },
    { label: "Fecha", cell: (row) => row.date },
    { label: "Cliente", cell: (row) => <WithNote note={row.email}>{row.company ? `${row.company} · ${row.name}` : row.name}</WithNote> },
    { label: "Estado", cell: (row) => <OrderStatusBadge status={row.status} /> },
    { label: "Forma de pago", cell: (row) => row.payMethod },
    { label: "Total", num: true, cell: (row) => <Price cents={row.amountCents} /> },
  ],
};

export default function OrdersPage() {
  const { filters, totalCount, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = hasFilters(filters);
  return (
    <>
      <h1>Pedidos</h1>
      <AdminList
        filtered={filtered}
        filter={{
          label: "Filtrar pedidos",
          reset: { to: "/admin/pedidos" },
          fields: (
            <>
              <FilterSearch id="pedidos-q" value={filters.text} maxLength={MAX_SEARCH_LENGTH} hint="Número, e-mail, nombre, empresa o NIF" />
              <FilterSelect id="pedidos-estado" name="estado" label="Estado" value={filters.status} options={ORDER_STATUSES.map((status) => [status, status])} />
              <FilterSelect id="pedidos-pago" name="pago" label="Forma de pago" value={filters.payMethod} all="Todas" options={PAY_METHODS.map((method) => [method, PAY_METHOD_LABELS[method]])} />
              <FilterDate id="pedidos-desde" name="desde" label="Desde" value={filters.from} />
              <FilterDate id="pedidos-hasta" name="hasta" label="Hasta" value={filters.to} />
            </>
          ),
        }}
        count={{ total: totalCount, one: "pedido", many: "pedidos" }}
        csv={`/admin/pedidos/exportar${filtersQuery(filters)}`}
        actions={
          <>
            {/* Issue 30: an order for a customer who phones, paid through an e-mailed link. */}
            <Link to="/admin/pedidos/telefono">Pedido por teléfono</Link>
            {/* Issue 15: equipment with fluorinated gas sold without installation, certificate overdue. */}
            <Link to="/admin/pedidos/gases-fluorados">Certificados de gases fluorados pendientes</Link>
          </>
        }
        table={table}
        rows={rows}
        empty="Aún no hay pedidos."
        noMatch="Ningún pedido coincide con estos filtros."
        pager={{ of: "pedidos", page: filters.page, pageCount, href: (page) => `/admin/pedidos${filtersQuery(filters, page)}` }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
