import { data } from "react-router";
import { parseRecordFilters } from "~/domain/invoices/verifactu-filters";
import { registrosXml } from "~/domain/invoices/verifactu-xml";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { config } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { recordsForExport } from "~/server/invoices/verifactu-list.server";
import type { Route } from "./+types/admin-verifactu-export";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * /admin/facturas/verifactu/exportar: the VERI*FACTU records generated in a period as the
 * AEAT's submission document (RegFactuSistemaFacturacion of SuministroLR.xsd), in the chain's
 * order, for the owner's advisor or a manual check. At most 1000 records a file, as the schema
 * allows: "parte" picks the next thousand.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = pageUrl(request).searchParams;
  const parsed = parseRecordFilters(params);
  if (!parsed.ok) throw data({ message: parsed.error }, { status: 400 });
  const rawPart = params.get("parte")?.trim() || "1";
  if (!/^\d{1,6}$/.test(rawPart) || Number(rawPart) < 1) throw data({ message: "La parte no es válida." }, { status: 400 });
  const part = Number(rawPart);
  const { filters } = parsed;
  const records = await recordsForExport(await getDb(), filters, part);
  if (records.length === 0) throw data({ message: "No hay registros de facturación en ese periodo." }, { status: 404 });
  const c = config();
  const xml = registrosXml({ NombreRazon: c.SHOP_LEGAL_NAME, NIF: c.SHOP_NIF }, records.map((record) => record.registro));
  const name = `verifactu-${filters.from}-a-${filters.to}${part > 1 ? `-parte-${part}` : ""}.xml`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
