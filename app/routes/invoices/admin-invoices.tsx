import { planReference } from "~/domain/invoices/invoice-csv";
import { data, Link, useLoaderData } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { invoiceFiltersQuery, INVOICE_SERIES, parseInvoiceFilters, SERIES_LABELS } from "~/domain/invoices/invoice-filters";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listInvoices } from "~/server/invoices/invoice-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminColumn } from "~/ui/admin/admin-list";
import { FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-invoices";
import { PeriodFields, periodReset } from "~/ui/admin/period-filter-form";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /admin/facturas (issue 13): the invoices issued in a period (the current month in Madrid by
 * default), optionally one series, in the order of issue, 50 a page; the period's totals of
 * base, VAT and total per series; the CSV of the same view for the accountant; each number
 * opens its PDF.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseInvoiceFilters(pageUrl(request).searchParams);
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
      repairReference: row.repairReference ?? null,
      jobId: row.jobId ?? null,
      planId: row.planId ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Facturas");

const pdfPath = (number: string) => `/admin/facturas/${encodeURIComponent(number)}/pdf`;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const columns: AdminColumn<Row>[] = [
  {
    label: "Número",
    phone: "title",
    cell: (row) => (
      // A file, not a page: the browser shows the PDF itself.
      <a href={pdfPath(row.number)} aria-label={`${row.number}, PDF`}>
        {row.number}
      </a>
    ),
  },
  { label: "Fecha", cell: (row) => row.issuedOn },
  { label: "Cliente", cell: (row) => <WithNote note={row.nif}>{row.customer}</WithNote> },
  {
    label: "Rectifica",
    cell: (row) =>
      row.rectifies ? (
        <WithNote note={row.reason}>
          <a href={pdfPath(row.rectifies)}>{row.rectifies}</a>
        </WithNote>
      ) : row.annulled ? (
        <WithNote note={row.annulled}>
          <strong>Anulada</strong>
        </WithNote>
      ) : (
        "—"
      ),
  },
  { label: "Base imponible", num: true, cell: (row) => <Price cents={row.baseCents} /> },
  { label: "Cuota IVA", num: true, cell: (row) => <Price cents={row.vatCents} /> },
  { label: "Total", num: true, cell: (row) => <Price cents={row.totalCents} /> },
  { label: "Forma de pago", cell: (row) => row.payMethod },
  {
    label: "Pedido, presupuesto, avería o plan",
    cell: (row) =>
      row.orderNumber ? (
        <Link to={`/admin/pedidos/${encodeURIComponent(row.orderNumber)}`}>{row.orderNumber}</Link>
      ) : row.quoteNumber ? (
        <Link to={`/admin/presupuestos/${encodeURIComponent(row.quoteNumber)}`}>{row.quoteNumber}</Link>
      ) : row.repairReference && row.jobId ? (
        <Link to={`/admin/trabajos/${row.jobId}`}>{row.repairReference}</Link>
      ) : row.planId ? (
        planReference(row.planId)
      ) : null,
  },
];

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
      <AdminList
        filtered={Boolean(filters.series)}
        filter={{
          label: "Filtrar facturas",
          reset: periodReset("/admin/facturas"),
          fields: (
            <>
              <PeriodFields idPrefix="facturas" from={filters.from} to={filters.to} />
              <FilterSelect id="facturas-serie" name="serie" label="Serie" value={filters.series} all="Todas" options={INVOICE_SERIES.map((series) => [series, SERIES_LABELS[series]])} />
            </>
          ),
        }}
        count={{ total: totals.count, one: "factura", many: "facturas", suffix: ` ${period}${annulled > 0 ? ` (y ${annulled === 1 ? "1 anulada" : `${annulled} anuladas`}, fuera de los totales)` : ""}` }}
        csv={`/admin/facturas/exportar${invoiceFiltersQuery(filters)}`}
        actions={
          <Link to="/admin/facturas/verifactu" className="button button-secondary">
            Registros VERI*FACTU
          </Link>
        }
        table={{ caption: `Facturas ${period}, en el orden en que se expidieron`, rowKey: (row) => row.number, columns }}
        rows={rows}
        empty={`No se expidió ninguna factura ${period}.`}
        pager={{ of: "facturas", page: filters.page, pageCount, href: (page) => `/admin/facturas${invoiceFiltersQuery(filters, page)}` }}
      >
        <InvoiceTotals caption={`Totales ${period}`} rows={totalRows} />
      </AdminList>
    </>
  );
}

type TotalsRow = { label: string; count: number; baseCents: number; vatCents: number; totalCents: number };

/** The period's totals per series, and all together: on every page, not only this one's rows. */
function InvoiceTotals({ caption, rows }: { caption: string; rows: TotalsRow[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table stack">
        <caption>{caption}</caption>
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
          {rows.map((row) => (
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
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/facturas", label: "Volver a las facturas" }} filter={{ to: "/admin/facturas", label: "Ver las facturas de este mes" }} />;
}
