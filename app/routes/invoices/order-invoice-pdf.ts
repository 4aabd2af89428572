import { data } from "react-router";
import { isOrderNumber } from "~/domain/orders/order-number";
import { getDb } from "~/server/db/db.server";
import { findInvoice, invoicePdf } from "~/server/invoices/invoice-document.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { findMyOrder } from "~/server/orders/my-orders.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/order-invoice-pdf";

/**
 * /login/pedidos/:number/facturas/:invoice — an invoice of one of the signed-in customer's
 * orders, as PDF (issue 13). Someone else's order or invoice answers 404, like one that does
 * not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!isOrderNumber(params.number) || !/^[FR]\d{4}-\d{6}$/.test(params.invoice)) throw data(null, { status: 404 });
  const db = await getDb();
  const [mine, invoice] = await Promise.all([findMyOrder(user, params.number), findInvoice(db, params.invoice)]);
  if (!mine || !invoice || invoice.orderId !== mine.order.id) throw data(null, { status: 404 });
  const file = await invoicePdf(db, invoice.id);
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
