import { notFound, requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { findInvoice, invoicePdf } from "~/server/invoices/invoice-document.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import type { Route } from "./+types/admin-invoice-pdf";

/**
 * /admin/facturas/:number/pdf (issue 13): an issued invoice's PDF, drawn from the stored
 * invoice, shown in the browser (inline) and saved as "<number>.pdf".
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const invoice = await findInvoice(db, params.number);
  const file = invoice ? await invoicePdf(db, invoice.id) : null;
  if (!file) notFound();
  return pdfResponse(file);
}
