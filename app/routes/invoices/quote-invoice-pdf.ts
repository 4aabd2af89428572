import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { invoicePdf } from "~/server/invoices/invoice-document.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { quoteInvoiceId } from "~/server/jobs/job-payment-page.server";
import { isQuoteToken } from "~/server/quotes/quote-store.server";
import type { Route } from "./+types/quote-invoice-pdf";

/**
 * /presupuestos/:token/facturas/:invoice — an invoice of the quote's job (its deposit, its
 * final balance, a rectifying one) as PDF (issue 17), drawn from the stored invoice. The
 * quote's token is the key, as for the quote's own PDF; another quote's invoice is a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isQuoteToken(params.token) || !/^[FR]\d{4}-\d{6}$/.test(params.invoice)) throw data(null, { status: 404 });
  const db = await getDb();
  const id = await quoteInvoiceId(db, params.token, params.invoice);
  const file = id ? await invoicePdf(db, id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
