import { Form, Link, useLoaderData } from "react-router";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { inboxHref, parseInboxQuery, SEARCH_MAX_LENGTH } from "~/domain/quotes/quote-inbox";
import { REQUEST_STATE_LABELS, REQUEST_STATES } from "~/domain/quotes/request-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listQuoteRequests } from "~/server/quotes/quote-requests.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { DeliveryBadge } from "~/ui/orders/delivery-badge";
import type { Route } from "./+types/admin-requests";
import { AdminPager } from "~/ui/admin/admin-pager";

/** The quote-request inbox (issue 11): newest first, searched, filtered by state, paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseInboxQuery(new URL(request.url).searchParams);
  const list = await listQuoteRequests(await getDb(), query);
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt) })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Solicitudes de presupuesto");

export default function QuoteRequestsPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.state);
  return (
    <>
      <h1>Solicitudes de presupuesto</h1>
      <Form method="get" className="admin-filters" role="search" aria-label="Buscar solicitudes">
        <div className="field">
          <label htmlFor="solicitudes-q">Buscar</label>
          <input
            id="solicitudes-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            aria-describedby="solicitudes-q-ayuda"
          />
          <p id="solicitudes-q-ayuda" className="field-hint">
            Nombre, e-mail, teléfono, localidad o mensaje
          </p>
        </div>
        <div className="field">
          <label htmlFor="solicitudes-estado">Estado</label>
          <select id="solicitudes-estado" name="estado" defaultValue={query.state ?? ""}>
            <option value="">Todos</option>
            {REQUEST_STATES.map((state) => (
              <option key={state} value={state}>
                {REQUEST_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/solicitudes">Quitar filtros</Link> : null}
        </div>
      </Form>
      <p role="status">
        {total === 1 ? "1 solicitud" : `${total} solicitudes`}
        {filtered ? " con estos filtros" : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Solicitudes, de la más reciente a la más antigua</caption>
          <thead>
            <tr>
              <th scope="col">Solicitud</th>
              <th scope="col">Recibida</th>
              <th scope="col">Localidad</th>
              <th scope="col">Estado</th>
              <th scope="col">Entregas</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Solicitud">
                  <Link to={`/admin/solicitudes/${row.id}`}>{row.name || `Solicitud nº ${row.id}`}</Link>
                  <br />
                  <span className="admin-muted">{[row.phone, row.email].filter(Boolean).join(" · ")}</span>
                  {row.product ? (
                    <>
                      <br />
                      <span className="admin-muted">{row.product}</span>
                    </>
                  ) : null}
                </td>
                <td data-label="Recibida">{row.createdAt}</td>
                <td data-label="Localidad">{row.town}</td>
                <td data-label="Estado">
                  <span className="admin-badge">{REQUEST_STATE_LABELS[row.state]}</span>
                </td>
                <td data-label="Entregas">{row.delivery ? <DeliveryBadge state={row.delivery} /> : <span className="admin-muted">Sin registro</span>}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5}>{filtered ? "Ninguna solicitud coincide con estos filtros." : "Aún no hay solicitudes."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <AdminPager label="Páginas de solicitudes" page={query.page} pageCount={pageCount} href={(page) => inboxHref(query, page)} />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/solicitudes", label: "Volver a las solicitudes" }} />;
}
