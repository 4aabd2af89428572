import type { AlertMessage } from "~/domain/alerts/alert-kinds";
import { enqueue } from "../outbox.server";

/*
 * The one way an event asks for a staff alert (issue 30): an outbox entry written in the
 * transaction of the event itself (a new order, a request, an acceptance, a payment, a signed
 * report). It costs the customer's action one insert; who is told, and the sending, come
 * afterwards from the outbox worker (push-alerts.server.ts), so a push service that is slow or
 * down never slows or breaks it. `ref` is the event's outbox reference: the alert is listed
 * with its e-mails and purged with them.
 */

/** The entry of one event; the worker splits it into one entry per device (PUSH_SEND_KIND). */
export const PUSH_ALERT_KIND = "push_alert";
/** The entry of one device: sent, retried and dropped on its own. */
export const PUSH_SEND_KIND = "push_send";

type Tx = Parameters<typeof enqueue>[0];

export async function enqueueAlert(tx: Tx, message: AlertMessage, ref: string): Promise<void> {
  await enqueue(tx, PUSH_ALERT_KIND, { ...message }, { ref });
}
