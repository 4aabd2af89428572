import { data, Link, useLoaderData } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { invoiceFiltersQuery, INVOICE_SERIES, parseInvoiceFilters, SERIES_LABELS } from "~/domain/invoices/invoice-filters";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listInvoices } from "~/server/invoices/invoice-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-invoices";
import { AdminPager } from "~/ui/admin/admin-pager";
import { PeriodFilterForm } from "~/ui/admin/period-filter-form";

/**
 * /admin/facturas (issue 13): the invoices issued in a period (the current month in Madrid by
 * default), optionally one series, in the order of issue, 50 a page; the period's totals of
 * base, VAT and total per series; the CSV of the same view for the accountant; each number
 * opens its PDF.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseInvoiceFilters(new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.error }, { status: 400 });
  const { filters } = parsed;
  const list = await listInvoices(await getDb(), filters);
  return {
    filters,
    totals: list.totals,
    annulled: list.annulled,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      number: row.number,
      series: row.series,
      issuedOn: formatYmd(row.issuedOn),
      customer: row.buyer.name,
      nif: row.buyer.nif,
      rectifies: row.rectifiesNumber,
      reason: row.reason,
      annulled: row.annulled,
      baseCents: row.baseCents,
      vatCents: row.vatCents,
      totalCents: row.totalCents,
      payMethod: row.payMethod,
      orderNumber: row.orderNumber,
      quoteNumber: row.quoteNumber ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Facturas");

const pdfPath = (number: string) => `/admin/facturas/${encodeURIComponent(number)}/pdf`;

export default function InvoicesPage() {
  const { filters, totals, annulled, pageCount, rows } = useLoaderData<typeof loader>();
  const period = `del ${formatYmd(filters.from)} al ${formatYmd(filters.to)}`;
  const totalRows = [
    ...INVOICE_SERIES.filter((series) => !filters.series || filters.series === series).map((series) => ({ label: SERIES_LABELS[series], ...totals.bySeries[series] })),
    ...(filters.series ? [] : [{ label: "Total", ...totals }]),
  ];
  return (
    <>
      <h1>Facturas</h1>
      <PeriodFilterForm label="Filtrar facturas" idPrefix="facturas" from={filters.from} to={filters.to} thisMonth="/admin/facturas">
        <div className="field">
          <label htmlFor="facturas-serie">Serie</label>
          <select id="facturas-serie" name="serie" defaultValue={filters.series ?? ""}>
            <option value="">Todas</option>
            {INVOICE_SERIES.map((series) => (
              <option key={series} value={series}>
                {SERIES_LABELS[series]}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilterForm>
      <div className="admin-actions">
        <p role="status" className="admin-orders-count">
          {totals.count === 1 ? "1 factura" : `${totals.count.toLocaleString("es-ES")} facturas`} {period}
          {annulled > 0 ? ` (y ${annulled === 1 ? "1 anulada" : `${annulled} anuladas`}, fuera de los totales)` : ""}
        </p>
        {/* A file, not a page: the browser downloads it (reloadDocument skips the client router). */}
        <Link to={`/admin/facturas/exportar${invoiceFiltersQuery(filters)}`} reloadDocument className="button button-secondary">
          Exportar CSV
        </Link>
        <Link to="/admin/facturas/verifactu" className="button button-secondary">
          Registros VERI*FACTU
        </Link>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption>Totales {period}</caption>
          <thead>
            <tr>
              <th scope="col">Serie</th>
              <th scope="col" className="num">
                Facturas
              </th>
              <th scope="col" className="num">
                Base imponible
              </th>
              <th scope="col" className="num">
                Cuota IVA
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {totalRows.map((row) => (
              <tr key={row.label}>
                <th scope="row" data-label="Serie">
                  {row.label}
                </th>
                <td data-label="Facturas" className="num">
                  {row.count.toLocaleString("es-ES")}
                </td>
                <td data-label="Base imponible" className="num">
                  <Price cents={row.baseCents} />
                </td>
                <td data-label="Cuota IVA" className="num">
                  <Price cents={row.vatCents} />
                </td>
                <td data-label="Total" className="num">
                  <Price cents={row.totalCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Facturas {period}, en el orden en que se expidieron</caption>
          <thead>
            <tr>
              <th scope="col">Número</th>
              <th scope="col">Fecha</th>
              <th scope="col">Cliente</th>
              <th scope="col">Rectifica</th>
              <th scope="col" className="num">
                Base imponible
              </th>
              <th scope="col" className="num">
                Cuota IVA
              </th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col">Forma de pago</th>
              <th scope="col">Pedido o presupuesto</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <td data-label="Número">
                  {/* A file, not a page: the browser shows the PDF itself. */}
                  <a href={pdfPath(row.number)} aria-label={`${row.number}, PDF`}>
                    {row.number}
                  </a>
                </td>
                <td data-label="Fecha">{row.issuedOn}</td>
                <td data-label="Cliente">
                  <span className="admin-orders-customer">
                    {row.customer}
                    <br />
                    <span className="admin-muted">{row.nif}</span>
                  </span>
                </td>
                <td data-label="Rectifica">
                  {row.rectifies ? (
                    <span className="admin-orders-customer">
                      <a href={pdfPath(row.rectifies)}>{row.rectifies}</a>
                      {row.reason ? (
                        <>
                          <br />
                          <span className="admin-muted">{row.reason}</span>
                        </>
                      ) : null}
                    </span>
                  ) : row.annulled ? (
                    <span className="admin-orders-customer">
                      <strong>Anulada</strong>
                      <br />
                      <span className="admin-muted">{row.annulled}</span>
                    </span>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label="Base imponible" className="num">
                  <Price cents={row.baseCents} />
                </td>
                <td data-label="Cuota IVA" className="num">
                  <Price cents={row.vatCents} />
                </td>
                <td data-label="Total" className="num">
                  <Price cents={row.totalCents} />
                </td>
                <td data-label="Forma de pago">{row.payMethod}</td>
                <td data-label="Pedido o presupuesto">
                  {row.orderNumber ? (
                    <Link to={`/admin/pedidos/${encodeURIComponent(row.orderNumber)}`}>{row.orderNumber}</Link>
                  ) : row.quoteNumber ? (
                    <Link to={`/admin/presupuestos/${encodeURIComponent(row.quoteNumber)}`}>{row.quoteNumber}</Link>
                  ) : null}
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={9}>{filters.page > 1 ? "Esta página no tiene facturas." : `No se expidió ninguna factura ${period}.`}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <AdminPager
        label="Páginas de facturas"
        page={filters.page}
        pageCount={pageCount}
        previousPage={Math.min(filters.page - 1, pageCount)}
        href={(page) => `/admin/facturas${invoiceFiltersQuery(filters, page)}`}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/facturas", label: "Volver a las facturas" }} filter={{ to: "/admin/facturas", label: "Ver las facturas de este mes" }} />;
}
