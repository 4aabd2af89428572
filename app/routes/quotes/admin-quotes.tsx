import { Form, Link, useLoaderData } from "react-router";
import { formatDate } from "~/domain/dates/madrid-dates";
import { isExpired } from "~/domain/quotes/quote-expiry";
import { parseQuoteListQuery, quoteListHref } from "~/domain/quotes/quote-list-query";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "~/domain/quotes/quote-status";
import { alternativeTotals } from "~/domain/quotes/quote-totals";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listQuotes } from "~/server/quotes/quote-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { AdminPager } from "~/ui/admin/admin-pager";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-quotes";

/** The written quotes (issue 17): newest first, searched, filtered by status or "Caducado". */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseQuoteListQuery(new URL(request.url).searchParams);
  const now = new Date();
  const list = await listQuotes(await getDb(), query, now);
  return {
    query: { ...query, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    rows: list.rows.map((quote) => ({
      number: quote.number,
      customer: quote.customer.name || "Sin cliente todavía",
      email: quote.customer.email,
      status: quote.status,
      expired: (quote.status === "enviado" || quote.status === "cambios_pedidos") && isExpired(quote.validUntil, now),
      version: quote.currentVersion,
      createdAt: formatDate(quote.createdAt),
      totals: quote.draft.alternatives.map((a) => ({ key: a.key, cents: alternativeTotals(a, quote.draft.dwellingRenovation).standard.totalCents })),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Presupuestos");

export default function QuoteListPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.status);
  return (
    <>
      <h1>Presupuestos</h1>
      <p>
        <Link to="/admin/presupuestos/nuevo" className="button">
          Nuevo presupuesto
        </Link>
      </p>
      <Form method="get" className="admin-filters" role="search" aria-label="Buscar presupuestos">
        <div className="field">
          <label htmlFor="presupuestos-q">Buscar</label>
          <input id="presupuestos-q" name="q" type="search" defaultValue={query.q} maxLength={100} aria-describedby="presupuestos-q-ayuda" />
          <p id="presupuestos-q-ayuda" className="field-hint">
            Número, cliente o e-mail
          </p>
        </div>
        <div className="field">
          <label htmlFor="presupuestos-estado">Estado</label>
          <select id="presupuestos-estado" name="estado" defaultValue={query.status ?? ""}>
            <option value="">Todos</option>
            {QUOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {QUOTE_STATUS_LABELS[status]}
              </option>
            ))}
            <option value="caducado">Caducado</option>
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/presupuestos">Quitar filtros</Link> : null}
        </div>
      </Form>
      <p role="status">
        {total === 1 ? "1 presupuesto" : `${total} presupuestos`}
        {filtered ? " con estos filtros" : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Presupuestos, del más reciente al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Número</th>
              <th scope="col">Cliente</th>
              <th scope="col">Estado</th>
              <th scope="col">Total de cada opción (IVA 21 %)</th>
              <th scope="col">Creado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <td data-label="Número">
                  <Link to={`/admin/presupuestos/${row.number}`}>{row.number}</Link>
                  {row.version > 0 ? <span className="admin-muted"> · v{row.version}</span> : null}
                </td>
                <td data-label="Cliente">
                  {row.customer}
                  {row.email ? (
                    <>
                      <br />
                      <span className="admin-muted">{row.email}</span>
                    </>
                  ) : null}
                </td>
                <td data-label="Estado">
                  <span className="admin-badge">{QUOTE_STATUS_LABELS[row.status]}</span>
                  {row.expired ? <span className="admin-badge quote-badge-expired"> Caducado</span> : null}
                </td>
                <td data-label="Totales">
                  {row.totals.length === 0 ? <span className="admin-muted">Sin líneas</span> : null}
                  {row.totals.map((t) => (
                    <span key={t.key} className="quote-list-total">
                      {t.key}: <Price cents={t.cents} />
                    </span>
                  ))}
                </td>
                <td data-label="Creado">{row.createdAt}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5}>{filtered ? "Ningún presupuesto coincide con estos filtros." : "Aún no hay presupuestos."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? <AdminPager label="Páginas de presupuestos" page={query.page} pageCount={pageCount} href={(page) => quoteListHref(query, page)} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al inicio" }} />;
}
