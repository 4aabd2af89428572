import { MailError, sendMail, type MailMessage } from "./mail.server";
import { DeliveryError, registerOutboxHandler } from "./outbox.server";

/** Kinds of outbox entries and who sends them. Called once at start (server.ts) and by tests. */
export function registerOutboxHandlers(): void {
  registerOutboxHandler("email", async (entry) => {
    try {
      await sendMail(entry.payload as MailMessage);
    } catch (error) {
      if (error instanceof MailError) throw new DeliveryError(error.message, error.retryable, { cause: error });
      throw error;
    }
  });
}
