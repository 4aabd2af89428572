import { getDb } from "./db/db.server";
import { withInvoicePdf, type InvoiceMail } from "./invoices/invoice-email.server";
import { withFgasPdf, type FgasMail } from "./orders/fgas-email.server";
import { withQuotePdf, type QuoteMail } from "./quotes/quote-emails.server";
import { withWorkReportPdf, type WorkReportMail } from "./jobs/work-report-email.server";
import { verifactuHandler } from "./invoices/verifactu-send.server";
import { VERIFACTU_OUTBOX_KIND } from "./invoices/verifactu-settings.server";
import type { Database } from "./db/client.server";
import { MailError, mailDelivery, outboxMessageId, sendMail, type MailMessage } from "./mail.server";
import { DeliveryError, registerOutboxHandler, type Handler, type OutboxEntry } from "./outbox.server";
import { backInStockMail, STOCK_ALERT_NOTICE_KIND } from "./stock-alerts/stock-alerts.server";
import { describeTaskBoard, trelloCardHandler } from "./quotes/trello.server";
import { log } from "./log.server";
import { PUSH_ALERT_KIND, PUSH_SEND_KIND } from "./alerts/alert-queue.server";
import { pushAlertHandler, pushSendHandler } from "./alerts/push-alerts.server";

/** What the owner reads on an e-mail entry that the outbox will not send again by itself. */
export const MAYBE_SENT_MESSAGE =
  "Un intento anterior se cortó mientras se enviaba este correo por SMTP y puede que llegara; no se reenvía solo para no duplicarlo: compruébelo y, si no llegó, reenvíelo.";

/**
 * E-mails from the outbox, with a Message-ID fixed per entry. A send cut off mid-way (crash,
 * lost connection after the data went out) leaves the entry marked "sending started": the
 * .eml file transport writes the same file again, a no-op; over SMTP nobody can ask the server
 * whether it took the message, so the entry is failed for the owner to check instead of sent
 * twice. What is left: a crash in the milliseconds between the server's "250 OK" and our
 * record of it turns a delivered e-mail into such a "maybe sent" entry (never into a duplicate).
 */
export function emailHandler(compose: MailComposer = storedMail): Handler {
  return async (entry, context) => {
    if (context.interruptedSend && mailDelivery() === "smtp") throw new DeliveryError(MAYBE_SENT_MESSAGE, false);
    try {
      const message = await compose(await getDb(), entry);
      if (!message) return "skipped";
      await sendMail(message, {
        messageId: outboxMessageId(entry),
        signal: context.signal,
        beforeSend: context.sending,
        afterSend: context.sent,
      });
    } catch (error) {
      if (error instanceof MailError) {
        throw new DeliveryError(error.message, error.retryable, { cause: error, notSent: !error.mayHaveBeenSent });
      }
      throw error;
    }
  };
}

/** Writes an entry's e-mail when it is sent; null: nothing to send any more. */
type MailComposer = (db: Database, entry: OutboxEntry) => Promise<MailMessage | null>;

/** The "email" kind: the message is the payload (with an invoice's or an F-gas declaration's PDF added when it names one). */
// A written quote's e-mail (issue 17) carries its version's PDF the same way, and a signed work report's its PDF.
const storedMail: MailComposer = async (db, entry) =>
  withWorkReportPdf(db, await withQuotePdf(db, await withFgasPdf(db, await withInvoicePdf(db, entry.payload as InvoiceMail & FgasMail & QuoteMail & WorkReportMail))));

/** Kinds of outbox entries and who sends them. Called once at start (server.ts) and by tests. */
export function registerOutboxHandlers(): void {
  registerOutboxHandler("email", emailHandler());
  // Contact requests as cards on the task board; "skipped" while Trello is not configured.
  registerOutboxHandler("trello_card", trelloCardHandler());
  // VERI*FACTU records to the AEAT (issue 13); "skipped" while no certificate is configured.
  registerOutboxHandler(VERIFACTU_OUTBOX_KIND, verifactuHandler());
  // Back-in-stock notices (issue 15): queued by a database trigger, written when sent.
  registerOutboxHandler(STOCK_ALERT_NOTICE_KIND, emailHandler(backInStockMail));
  // Alerts on the staff's phones (issue 30): an event's alert, then one send per device.
  registerOutboxHandler(PUSH_ALERT_KIND, pushAlertHandler());
  registerOutboxHandler(PUSH_SEND_KIND, pushSendHandler());
  log("trello").info(describeTaskBoard());
}
