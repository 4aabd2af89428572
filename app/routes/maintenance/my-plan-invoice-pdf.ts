import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { findInvoice, invoicePdf } from "~/server/invoices/invoice-document.server";
import { isMyRenewalInvoice } from "~/server/maintenance/my-plans.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/my-plan-invoice-pdf";

/**
 * /login/equipos/facturas/:invoice — the invoice of a renewal of one of the signed-in
 * customer's maintenance plans, as PDF (issue 31). Only for a verified address, like Mis equipos;
 * someone else's invoice answers 404, like one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!user.emailVerified || !/^F\d{4}-\d{6}$/.test(params.invoice)) throw data(null, { status: 404 });
  const db = await getDb();
  const invoice = await findInvoice(db, params.invoice);
  if (!invoice || !(await isMyRenewalInvoice(db, user.email, invoice.planRenewalId))) throw data(null, { status: 404 });
  const file = await invoicePdf(db, invoice.id);
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
