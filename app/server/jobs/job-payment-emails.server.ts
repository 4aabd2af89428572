import { transferLines } from "../payments/transfer-details.server";
import { formatEuros } from "~/domain/money";
import { config, publicShopInfo, redsysConfig } from "../config.server";
import type { MailMessage } from "../mail.server";

/*
 * The words of a job's money in e-mails (issue 17): how to pay what is owed (card or Bizum on
 * the quote's page when Redsys is set up, or a transfer with the quote's number as the
 * concept), and the notes to the shop (a charge to refund, units released or short, a missing
 * NIF).
 */

/** The quote's page, where the customer pays and downloads the invoices. */
export function quotePageUrl(token: string): string {
  return `${publicShopInfo().baseUrl}/presupuestos/${token}`;
}

/** How to pay `amountCents` of the quote `quoteNumber`: paragraphs for the customer's e-mail. */
export function howToPay(amountCents: number, quoteNumber: string, token: string): string[] {
  const amount = formatEuros(amountCents);
  return [
    redsysConfig()
      ? `Puede pagar ${amount} con tarjeta o Bizum en la página de su presupuesto: ${quotePageUrl(token)}`
      : `Puede ver lo pendiente en la página de su presupuesto: ${quotePageUrl(token)}`,
    "",
    "O por transferencia bancaria:",
    ...transferLines(amountCents, quoteNumber),
  ];
}

/** A note to the shop about a job, with the link to its page in the back office. */
export function shopJobNotice(jobId: number, subject: string, lines: string[]): MailMessage {
  const shop = publicShopInfo();
  return {
    to: config().SHOP_EMAIL,
    subject: `${shop.name}: ${subject}`,
    text: [...lines, "", `${shop.baseUrl}/admin/trabajos/${jobId}`].join("\n"),
  };
}
