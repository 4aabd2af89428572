import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { INVOICE_CSV_HEADER, invoiceCsvRow } from "~/domain/invoices/invoice-csv";
import { parseInvoiceFilters } from "~/domain/invoices/invoice-filters";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { exportInvoices } from "~/server/invoices/invoice-list.server";
import { log } from "~/server/log.server";
import type { Route } from "./+types/admin-invoices-export";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/facturas/exportar: the invoices of the filtered period as a CSV file for the
 * accountant (issue 13). Streamed a chunk of rows at a time like the order export; the byte
 * order mark and ";" make a spreadsheet in Spanish open it as it should
 * (domain/invoices/invoice-csv.ts); CRLF line ends as Excel writes them.
 */

const CSV_OPTIONS = { delimiter: ";", record_delimiter: "windows" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const parsed = parseInvoiceFilters(pageUrl(request).searchParams);
  if (!parsed.ok) throw data({ message: parsed.error }, { status: 400 });
  const { filters } = parsed;
  const chunks = exportInvoices(await getDb(), filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${stringify([[...INVOICE_CSV_HEADER]], CSV_OPTIONS)}`));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(stringify(next.value.map(invoiceCsvRow), CSV_OPTIONS)));
      } catch (error) {
        // The headers are gone already: the download breaks off (the browser shows it failed).
        log("facturas").error({ err: error }, "exportación CSV de facturas interrumpida");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const name = `facturas-${filters.from}-a-${filters.to}${filters.series ? `-${filters.series}` : ""}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
