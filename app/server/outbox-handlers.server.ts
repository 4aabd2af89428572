import { MailError, sendMail, type MailMessage } from "./mail.server";
import { DeliveryError, registerOutboxHandler } from "./outbox.server";
import { describeTaskBoard, trelloCardHandler } from "./trello.server";

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
  // Contact requests as cards on the task board; "skipped" while Trello is not configured.
  registerOutboxHandler("trello_card", trelloCardHandler());
  console.log(describeTaskBoard());
}
