import { deliveryNoteFileName, wantsPrices } from "~/domain/orders/delivery-note";
import { notFound, requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { loadDeliveryNote, renderDeliveryNotePdf } from "~/server/orders/delivery-note.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import type { Route } from "./+types/admin-delivery-note-pdf";

/** /admin/pedidos/:number/albaran.pdf (issue 30): the order's delivery note as an A4 PDF; ?precios=no without prices. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const note = await loadDeliveryNote(await getDb(), params.number, wantsPrices(new URL(request.url).searchParams));
  if (!note) notFound();
  return pdfResponse({ filename: deliveryNoteFileName(note.orderNumber, "pdf"), pdf: await renderDeliveryNotePdf(note) });
}
