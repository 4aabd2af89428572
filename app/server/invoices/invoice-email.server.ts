import { jobPagePath, jobPageWords, type JobPage } from "~/domain/jobs/job-page";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { jobRef, orderRef, planRef } from "../outbox-refs.server";
import { formatEuros } from "~/domain/money";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { log } from "../log.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import { invoicePdf } from "./invoice-document.server";
import type { Invoice } from "./invoices-schema.server";

/*
 * The customer's e-mail when an invoice is issued (issue 13), with the PDF attached, through
 * the outbox in the issuing transaction. The PDF is drawn when the e-mail is sent, not in
 * that transaction: drawing takes a tenth of a second, and the transaction holds the locks of
 * the invoice numbers and of the VERI*FACTU chain, which every other payment waits for. A PDF
 * that cannot be drawn never stops the e-mail: it then goes without it and points to "Mis
 * Pedidos" (or the quote's page, for a job's invoice), where the invoice can be downloaded
 * (it is drawn again there).
 */

/** An e-mail in the outbox that carries the PDF of invoice `attachInvoice` once drawn. */
export type InvoiceMail = MailMessage & { attachInvoice?: number };

const ATTACHED = "La encontrará adjunta en PDF.";
const NOT_ATTACHED = "No hemos podido adjuntarla: puede descargarla en el enlace de abajo.";

/**
 * What the invoice is for: the customer's order, or (issue 17) the quote of a job's deposit or
 * final balance, whose page is where the customer downloads it (and pays what is owed);
 * `more`: paragraphs after the invoice's (the final invoice's way to pay).
 */
export type InvoiceMailAbout =
  | { kind: "pedido"; number: string }
  | { kind: "trabajo"; page: JobPage; jobId: number; more?: string[] }
  | { kind: "plan"; planId: number };

function where(about: InvoiceMailAbout) {
  const base = publicShopInfo().baseUrl;
  if (about.kind === "plan") {
    return { of: `del plan de mantenimiento n.º ${about.planId}`, yours: `de la renovación de su plan de mantenimiento n.º ${about.planId}`, download: `«Mis equipos»: ${base}/login/equipos`, ref: planRef(about.planId) };
  }
  return about.kind === "pedido"
    ? { of: `del pedido ${about.number}`, yours: `de su pedido ${about.number}`, download: `«Mis Pedidos»: ${base}/login/pedidos/${about.number}`, ref: null }
    : { ...jobPageWords(about.page), download: `${jobPageWords(about.page).page}: ${base}${jobPagePath(about.page)}`, ref: jobRef(about.jobId) };
}

export async function enqueueInvoiceEmail(tx: Transaction, invoice: Invoice, customerEmail: string, about: InvoiceMailAbout): Promise<void> {
  const shop = publicShopInfo();
  const rectifying = invoice.series === "R";
  const place = where(about);
  const message: InvoiceMail = {
    to: customerEmail,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: ${rectifying ? "factura rectificativa" : "factura"} ${invoice.number} ${place.of}`,
    text: [
      `Hola, ${invoice.buyer.name}:`,
      "",
      rectifying
        ? `Le enviamos la factura rectificativa ${invoice.number} del ${formatYmd(invoice.issuedOn)}, de ${formatEuros(invoice.totalCents)}, ${place.yours}. Motivo: ${invoice.reason ?? ""}`
        : `Le enviamos la factura ${invoice.number} del ${formatYmd(invoice.issuedOn)} ${place.yours}, por ${formatEuros(invoice.totalCents)} (${invoice.exemption ? "sin IVA: operación exenta" : "IVA incluido"}).`,
      "",
      ATTACHED,
      `También puede descargarla cuando quiera en ${place.download}`,
      ...(about.kind === "trabajo" && about.more?.length ? ["", ...about.more] : []),
      "",
      `${shop.legalName} · NIF ${invoice.seller.nif} · ${shop.address} · ${shop.baseUrl}`,
    ].join("\n"),
    attachInvoice: invoice.id,
  };
  await enqueue(tx, "email", { ...message }, { ref: place.ref ?? orderRef(invoice.orderId!) });
}

/** The message to send: with its invoice's PDF attached, drawn now, or saying it could not be. */
export async function withInvoicePdf(db: Database, mail: InvoiceMail): Promise<MailMessage> {
  const { attachInvoice, ...message } = mail;
  if (attachInvoice === undefined) return message;
  try {
    const file = await invoicePdf(db, attachInvoice);
    if (!file) throw new Error(`no existe la factura ${attachInvoice}`);
    const attachment = { filename: file.filename, content: file.pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
    return { ...message, attachments: [...(message.attachments ?? []), attachment] };
  } catch (error) {
    log("facturas").error({ err: error, factura: attachInvoice }, "no se pudo generar el PDF de la factura: el e-mail sale sin él");
    return { ...message, text: message.text.replace(ATTACHED, NOT_ATTACHED) };
  }
}
