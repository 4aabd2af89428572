import { formatYmd } from "~/domain/dates/madrid-dates";
import type { QuoteDocument } from "~/domain/quotes/quote-content";
import { formatEuros } from "~/domain/money";
import { alternativeTotals } from "~/domain/quotes/quote-totals";
import { config, publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { log } from "../log.server";
import type { MailMessage } from "../mail.server";
import { enqueue } from "../outbox.server";
import { quotePdfFile } from "./quote-pdf.server";
import type { Quote } from "./quote-store.server";

/*
 * The quote's e-mails (issue 17), through the outbox in the transaction that causes them: the
 * sent version with its link and its PDF (drawn when the e-mail goes, like the invoices'), the
 * reminder, and the shop's notice of each answer. A PDF that cannot be drawn never stops the
 * e-mail: it goes without it, and the link serves the PDF.
 */

export type QuoteMail = MailMessage & { attachQuote?: { quoteId: number; version: number } };

const ATTACHED = "Le adjuntamos el presupuesto en PDF.";
const NOT_ATTACHED = "No hemos podido adjuntar el PDF: puede descargarlo desde el enlace.";

export const quoteRef = (quoteId: number) => `quote:${quoteId}`;

export function quoteLink(token: string): string {
  return `${publicShopInfo().baseUrl}/presupuestos/${token}`;
}

function totalsLines(document: QuoteDocument): string[] {
  return document.alternatives.map((alternative) => {
    const totals = alternativeTotals(alternative, document.dwellingRenovation);
    const reduced = totals.reduced ? ` (${formatEuros(totals.reduced.totalCents)} con IVA del 10 % si se cumplen sus condiciones)` : "";
    return `- Opción ${alternative.key}${alternative.title ? `, ${alternative.title}` : ""}: ${formatEuros(totals.standard.totalCents)} IVA incluido${reduced}`;
  });
}

export async function enqueueQuoteSentEmail(tx: Transaction, quote: Quote, document: QuoteDocument): Promise<void> {
  const shop = publicShopInfo();
  const message: QuoteMail = {
    to: quote.customer.email,
    replyTo: config().SHOP_EMAIL,
    subject: `${shop.name}: presupuesto ${quote.number}${document.version > 1 ? ` (versión ${document.version})` : ""}`,
    text: [
      `Hola, ${quote.customer.name}:`,
      "",
      `Le enviamos el presupuesto ${quote.number}${document.version > 1 ? `, versión ${document.version}` : ""}, para: ${document.description.split("\n")[0]}`,
      "",
      ...totalsLines(document),
      "",
      `Es válido hasta el ${formatYmd(document.validUntil)}. Puede verlo, elegir una opción y aceptarlo firmando en la pantalla, pedirnos cambios o rechazarlo en:`,
      quoteLink(quote.token),
      "",
      ATTACHED,
      "",
      `${document.seller.legalName} · NIF ${document.seller.nif} · ${document.seller.address} · ${document.seller.phone}`,
    ].join("\n"),
    attachQuote: { quoteId: quote.id, version: document.version },
  };
  await enqueue(tx, "email", { ...message }, { ref: quoteRef(quote.id) });
}

export async function enqueueQuoteReminder(tx: Transaction, quote: Quote): Promise<void> {
  const shop = publicShopInfo();
  await enqueue(
    tx,
    "email",
    {
      to: quote.customer.email,
      replyTo: config().SHOP_EMAIL,
      subject: `${shop.name}: ¿ha podido ver el presupuesto ${quote.number}?`,
      text: [
        `Hola, ${quote.customer.name}:`,
        "",
        `Le enviamos el presupuesto ${quote.number} y todavía no nos ha contestado. Sigue siendo válido hasta el ${formatYmd(quote.validUntil!)}.`,
        "Puede aceptarlo, pedirnos cambios o rechazarlo aquí:",
        quoteLink(quote.token),
        "",
        `Si tiene cualquier duda, responda a este correo o llámenos al ${shop.phone}.`,
      ].join("\n"),
    },
    { ref: quoteRef(quote.id) },
  );
}

/** The shop's notice of a customer's answer, so the owner does not have to look. */
export async function enqueueAnswerNotice(tx: Transaction, quote: Quote, what: string, details: string[]): Promise<void> {
  const shop = publicShopInfo();
  await enqueue(
    tx,
    "email",
    {
      to: config().SHOP_EMAIL,
      ...(quote.customer.email ? { replyTo: quote.customer.email } : {}),
      subject: `Presupuesto ${quote.number}: ${what}`,
      text: [`${quote.customer.name} ${what} el presupuesto ${quote.number}.`, "", ...details, "", `${shop.baseUrl}/admin/presupuestos/${quote.number}`].join("\n"),
    },
    { ref: quoteRef(quote.id) },
  );
}

/** The message to send: with the version's PDF attached, drawn now, or saying it could not be. */
export async function withQuotePdf(db: Database, mail: QuoteMail): Promise<MailMessage> {
  const { attachQuote, ...message } = mail;
  if (!attachQuote) return message;
  try {
    const file = await quotePdfFile(db, attachQuote.quoteId, attachQuote.version);
    if (!file) throw new Error(`no existe la versión ${attachQuote.version} del presupuesto ${attachQuote.quoteId}`);
    const attachment = { filename: file.filename, content: file.pdf.toString("base64"), contentType: "application/pdf", encoding: "base64" as const };
    return { ...message, attachments: [...(message.attachments ?? []), attachment] };
  } catch (error) {
    log("presupuestos").error({ err: error, presupuesto: attachQuote.quoteId }, "no se pudo generar el PDF del presupuesto: el e-mail sale sin él");
    return { ...message, text: message.text.replace(ATTACHED, NOT_ATTACHED) };
  }
}
