import { transferLines } from "../payments/transfer-details.server";
import { formatEuros } from "~/domain/money";
import { jobPagePath, jobPageWords, type JobPage } from "~/domain/jobs/job-page";
import { config, publicShopInfo, redsysConfig } from "../config.server";
import type { MailMessage } from "../mail.server";

/*
 * The words of a job's money in e-mails (issue 17): how to pay what is owed (card or Bizum on
 * the job's page, its quote's or its breakdown's, when Redsys is set up, or a transfer with its
 * reference as the concept), and the notes to the shop (a charge to refund, units released or
 * short, a missing NIF).
 */

/** The job's page, where the customer pays and downloads the invoices. */
export function jobPageUrl(page: Pick<JobPage, "kind" | "token">): string {
  return `${publicShopInfo().baseUrl}${jobPagePath(page)}`;
}

/** How to pay `amountCents` of the job whose page is `page`: paragraphs for the customer's e-mail. */
export function howToPay(amountCents: number, page: JobPage): string[] {
  const amount = formatEuros(amountCents);
  const where = `${jobPageWords(page).page}: ${jobPageUrl(page)}`;
  return [
    redsysConfig() ? `Puede pagar ${amount} con tarjeta o Bizum en ${where}` : `Puede ver lo pendiente en ${where}`,
    "",
    "O por transferencia bancaria:",
    ...transferLines(amountCents, page.reference),
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
