import { stringify } from "csv-stringify/sync";
import { madridDay } from "~/domain/dates/madrid-dates";
import { CSV_HEADER, csvRow } from "~/domain/orders/order-csv";
import { parseOrderFilters } from "~/domain/orders/order-filters";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { log } from "~/server/log.server";
import { exportOrders } from "~/server/orders/order-list.server";
import type { Route } from "./+types/admin-orders-export";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/pedidos/exportar: the filtered order list as a CSV file for the accountant (issue 11),
 * every page of it. Streamed a chunk of rows at a time, so 100,000 orders never sit in memory
 * at once. The byte order mark and ";" make a spreadsheet in Spanish open it as it should
 * (domain/orders/order-csv.ts); CRLF line ends as Excel writes them.
 */

const CSV_OPTIONS = { delimiter: ";", record_delimiter: "windows" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseOrderFilters(pageUrl(request).searchParams);
  const chunks = exportOrders(await getDb(), filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${stringify([[...CSV_HEADER]], CSV_OPTIONS)}`));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(stringify(next.value.map(csvRow), CSV_OPTIONS)));
      } catch (error) {
        // The headers are gone already: the download breaks off (the browser shows it failed).
        log("orders").error({ err: error }, "exportación CSV de pedidos interrumpida");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pedidos-${madridDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
