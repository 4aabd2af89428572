import { madridDay } from "~/domain/dates/madrid-dates";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { exportPriceList } from "~/server/catalogue/price-list.server";
import { getDb } from "~/server/db/db.server";
import type { Route } from "./+types/admin-products-export";

/**
 * /admin/catalogo/exportar: the whole catalogue's price list as CSV (issue 11), to change
 * prices and stock in a spreadsheet and import it back at /admin/catalogo/importar.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response(await exportPriceList(await getDb()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogo-${madridDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
