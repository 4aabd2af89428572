import { formatYmd } from "~/domain/orders/madrid-dates";
import { formatEuros } from "~/domain/pricing";
import { config, publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { log } from "../log.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import { orderRef } from "../orders/cancel-order.server";
import { documentOf } from "./invoice-document.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { Invoice } from "./issue-invoice.server";

/*
 * The customer's e-mail when an invoice is issued (issue 13), with the PDF attached, through
 * the outbox in the issuing transaction. A PDF that cannot be drawn never stops the payment
 * or the refund: the e-mail then goes without it and points to "Mis Pedidos", where the
 * invoice can be downloaded (it is drawn again there).
 */

type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function enqueueInvoiceEmail(tx: Executor, invoice: Invoice, customerEmail: string, orderNumber: string): Promise<void> {
  let attachment: MailMessage["attachments"];
  try {
    const pdf = await renderInvoicePdf(await documentOf(tx, invoice));
    attachment = [{ filename: `${invoice.number}.pdf`, content: pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" }];
  } catch (error) {
    log("facturas").error({ err: error, factura: invoice.number }, "no se pudo generar el PDF de la factura: el e-mail sale sin él");
  }
  const shop = publicShopInfo();
  const rectifying = invoice.series === "R";
  const link = `${shop.baseUrl}/login/pedidos/${orderNumber}`;
  const message: MailMessage = {
    to: customerEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: ${rectifying ? "factura rectificativa" : "factura"} ${invoice.number} del pedido ${orderNumber}`,
    text: [
      `Hola, ${invoice.buyer.name}:`,
      "",
      rectifying
        ? `Le enviamos la factura rectificativa ${invoice.number} del ${formatYmd(invoice.issuedOn)}, de ${formatEuros(invoice.totalCents)}, de su pedido ${orderNumber}. Motivo: ${invoice.reason ?? ""}`
        : `Le enviamos la factura ${invoice.number} del ${formatYmd(invoice.issuedOn)} de su pedido ${orderNumber}, por ${formatEuros(invoice.totalCents)} (${invoice.exemption ? "sin IVA: operación exenta" : "IVA incluido"}).`,
      "",
      attachment ? "La encontrará adjunta en PDF." : "No hemos podido adjuntarla: puede descargarla en «Mis Pedidos».",
      `También puede descargarla cuando quiera en «Mis Pedidos»: ${link}`,
      "",
      `${shop.legalName} · NIF ${invoice.seller.nif} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
    ...(attachment ? { attachments: attachment } : {}),
  };
  await enqueue(tx, "email", { ...message }, { ref: orderRef(invoice.orderId) });
}
