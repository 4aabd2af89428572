import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { invoicePdf } from "~/server/invoices/invoice-document.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { jobInvoiceId, pageKeyOf } from "~/server/jobs/job-payment-page.server";
import type { Route } from "./+types/job-invoice-pdf";

/**
 * /presupuestos/:token/facturas/:invoice and /averias/:token/facturas/:invoice (issue 31) — an
 * invoice of the page's job (its deposit, its final balance, a rectifying one) as PDF (issue
 * 17), drawn from the stored invoice. The page's token is the key, as for the quote's own PDF;
 * another job's invoice is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageKeyOf(request, params.token);
  if (!page || !/^[FR]\d{4}-\d{6}$/.test(params.invoice)) throw data(null, { status: 404 });
  const db = await getDb();
  const id = await jobInvoiceId(db, page, params.invoice);
  const file = id ? await invoicePdf(db, id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
