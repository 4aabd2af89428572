import { Link, useLoaderData } from "react-router";
import { formatDate } from "~/domain/dates/madrid-dates";
import { EXPIRING_SOON_DAYS, isExpired } from "~/domain/quotes/quote-expiry";
import { parseQuoteListQuery, quoteListHref } from "~/domain/quotes/quote-list-query";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "~/domain/quotes/quote-status";
import { alternativeTotals } from "~/domain/quotes/quote-totals";
import { readAdminList } from "~/server/admin-list.server";
import { listQuotes } from "~/server/quotes/quote-store.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSearch, FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-quotes";

/** The written quotes (issue 17): newest first, searched, filtered by status or "Caducado". */
export async function loader({ request }: Route.LoaderArgs) {
  const now = new Date();
  const list = await readAdminList(request, parseQuoteListQuery, (db, query) => listQuotes(db, query, now));
  return {
    ...list,
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

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Presupuestos, del más reciente al más antiguo",
  rowKey: (row) => row.number,
  columns: [
    {
      label: "Número",
      phone: "title",
      cell: (row) => (
        <>
          <Link to={`/admin/presupuestos/${row.number}`}>{row.number}</Link>
          {row.version > 0 ? <span className="admin-muted"> · v{row.version}</span> : null}
        </>
      ),
    },
    { label: "Cliente", cell: (row) => <WithNote note={row.email}>{row.customer}</WithNote> },
    {
      label: "Estado",
      cell: (row) => (
        <>
          <span className="admin-badge">{QUOTE_STATUS_LABELS[row.status]}</span>
          {row.expired ? <span className="admin-badge quote-badge-expired"> Caducado</span> : null}
        </>
      ),
    },
    {
      label: "Totales",
      heading: "Total de cada opción (IVA 21 %)",
      cell: (row) => (
        <>
          {row.totals.length === 0 ? <span className="admin-muted">Sin líneas</span> : null}
          {row.totals.map((t) => (
            <span key={t.key} className="quote-list-total">
              {t.key}: <Price cents={t.cents} />
            </span>
          ))}
        </>
      ),
    },
    { label: "Creado", cell: (row) => row.createdAt },
  ],
};

/** "Caducado" and "Por caducar" are not statuses of their own: a sent quote's date (quote-expiry.ts). */
const STATUS_CHOICES = [
  ...QUOTE_STATUSES.map((status) => [status, QUOTE_STATUS_LABELS[status]] as const),
  ["por_caducar", `Por caducar (${EXPIRING_SOON_DAYS} días)`] as const,
  ["caducado", "Caducado"] as const,
];

export default function QuoteListPage() {
  const { query, total, pageCount, rows } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.q || query.status);
  return (
    <>
      <h1>Presupuestos</h1>
      <p>
        <Link to="/admin/presupuestos/nuevo" className="button">
          Nuevo presupuesto
        </Link>{" "}
        <Link to="/admin/presupuestos/plantillas">Plantillas de presupuesto</Link>
      </p>
      <AdminList
        filtered={filtered}
        filter={{
          label: "Buscar presupuestos",
          reset: { to: "/admin/presupuestos" },
          fields: (
            <>
              <FilterSearch id="presupuestos-q" value={query.q} maxLength={100} hint="Número, cliente o e-mail" />
              <FilterSelect id="presupuestos-estado" name="estado" label="Estado" value={query.status} options={STATUS_CHOICES} />
            </>
          ),
        }}
        count={{ total, one: "presupuesto", many: "presupuestos" }}
        table={table}
        rows={rows}
        empty="Aún no hay presupuestos."
        noMatch="Ningún presupuesto coincide con estos filtros."
        pager={{ of: "presupuestos", page: query.page, pageCount, href: (page) => quoteListHref(query, page) }}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al inicio" }} />;
}
