import { Form, Link, useLoaderData } from "react-router";
import { parseWithdrawalQuery, withdrawalsHref, withdrawalView } from "~/domain/orders/withdrawal-handling";
import { WITHDRAWAL_STATE_LABELS, WITHDRAWAL_STATES } from "~/domain/orders/withdrawal-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listWithdrawals } from "~/server/orders/withdrawal-handling.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { WithdrawalBadge } from "~/ui/orders/withdrawal-summary";
import type { Route } from "./+types/admin-withdrawals";
import { AdminPager } from "~/ui/admin/admin-pager";

/** Withdrawals ("Desistir del contrato", issue 11): newest first, filtered by state, paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseWithdrawalQuery(new URL(request.url).searchParams);
  const list = await listWithdrawals(await getDb(), query);
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      ...withdrawalView(row),
      orderNumber: row.orderNumber,
      customerName: row.customerName,
      userEmail: row.userEmail,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Desistimientos | Administración" }];

export default function WithdrawalsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Desistimientos</h1>
      <Form method="get" className="admin-filters" aria-label="Filtrar desistimientos">
        <div className="field">
          <label htmlFor="desistimientos-estado">Estado</label>
          <select id="desistimientos-estado" name="estado" defaultValue={query.state ?? ""}>
            <option value="">Todos</option>
            {WITHDRAWAL_STATES.map((state) => (
              <option key={state} value={state}>
                {WITHDRAWAL_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {query.state ? <Link to="/admin/desistimientos">Quitar filtro</Link> : null}
        </div>
      </Form>
      <p role="status">
        {total === 1 ? "1 desistimiento" : `${total} desistimientos`}
        {query.state ? ` en estado «${WITHDRAWAL_STATE_LABELS[query.state]}»` : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Desistimientos, del más reciente al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Solicitado</th>
              <th scope="col">Pedido</th>
              <th scope="col">Cliente</th>
              <th scope="col">Motivo</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Solicitado">
                  <Link to={`/admin/desistimientos/${row.id}`} aria-label={`Desistimiento del pedido ${row.orderNumber}, ${row.requestedAt}`}>
                    {row.requestedAt}
                  </Link>
                </td>
                <td data-label="Pedido">
                  <Link to={`/admin/pedidos/${row.orderNumber}`}>{row.orderNumber}</Link>
                </td>
                <td data-label="Cliente">
                  {row.customerName}
                  <br />
                  <span className="admin-muted">{row.userEmail}</span>
                </td>
                <td className="admin-reason" data-label="Motivo">{row.reason || <span className="admin-muted">Sin motivo</span>}</td>
                <td data-label="Estado">
                  <WithdrawalBadge state={row.state} />
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5}>{query.state ? "Ningún desistimiento en este estado." : "Aún no hay desistimientos."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <AdminPager label="Páginas de desistimientos" page={query.page} pageCount={pageCount} href={(page) => withdrawalsHref(query, page)} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/desistimientos", label: "Volver a los desistimientos" }} />;
}
