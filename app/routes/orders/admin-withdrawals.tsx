import { Link, useLoaderData } from "react-router";
import { parseWithdrawalQuery, withdrawalsHref, withdrawalView } from "~/domain/orders/withdrawal-handling";
import { WITHDRAWAL_STATE_LABELS, WITHDRAWAL_STATES } from "~/domain/orders/withdrawal-state";
import { readAdminList } from "~/server/admin-list.server";
import { listWithdrawals } from "~/server/orders/withdrawal-handling.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSelect } from "~/ui/admin/admin-list-filters";
import { WithdrawalBadge } from "~/ui/orders/withdrawal-summary";
import type { Route } from "./+types/admin-withdrawals";

/** Withdrawals ("Desistir del contrato", issue 11): newest first, filtered by state, paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const list = await readAdminList(request, parseWithdrawalQuery, listWithdrawals);
  return { ...list, rows: list.rows.map((row) => ({ ...withdrawalView(row), orderNumber: row.orderNumber, customerName: row.customerName, userEmail: row.userEmail })) };
}

export const meta: Route.MetaFunction = () => [{ title: "Desistimientos | Administración" }];

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Desistimientos, del más reciente al más antiguo",
  rowKey: (row) => row.id,
  columns: [
    {
      label: "Solicitado",
      phone: "title",
      cell: (row) => (
        <Link to={`/admin/desistimientos/${row.id}`} aria-label={`Desistimiento del pedido ${row.orderNumber}, ${row.requestedAt}`}>
          {row.requestedAt}
        </Link>
      ),
    },
    { label: "Pedido", cell: (row) => <Link to={`/admin/pedidos/${row.orderNumber}`}>{row.orderNumber}</Link> },
    { label: "Cliente", cell: (row) => <WithNote note={row.userEmail}>{row.customerName}</WithNote> },
    { label: "Motivo", className: "admin-reason", cell: (row) => row.reason || <span className="admin-muted">Sin motivo</span> },
    { label: "Estado", cell: (row) => <WithdrawalBadge state={row.state} /> },
  ],
};

export default function WithdrawalsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Desistimientos</h1>
      <AdminList
        filtered={Boolean(query.state)}
        filter={{
          label: "Filtrar desistimientos",
          reset: { to: "/admin/desistimientos", label: "Quitar filtro" },
          fields: (
            <>
              <FilterSelect id="desistimientos-estado" name="estado" label="Estado" value={query.state} options={WITHDRAWAL_STATES.map((state) => [state, WITHDRAWAL_STATE_LABELS[state]])} />
            </>
          ),
        }}
        count={{ total, one: "desistimiento", many: "desistimientos", suffix: query.state ? ` en estado «${WITHDRAWAL_STATE_LABELS[query.state]}»` : "" }}
        table={table}
        rows={rows}
        empty="Aún no hay desistimientos."
        noMatch="Ningún desistimiento en este estado."
        pager={{ of: "desistimientos", page: query.page, pageCount, href: (page) => withdrawalsHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/desistimientos", label: "Volver a los desistimientos" }} />;
}
