import type { Agent } from "node:https";
import { eq, sql } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import { z } from "zod";
import { ALERT_KINDS, DEFAULT_ALERT_KINDS } from "~/domain/alerts/alert-kinds";
import { user } from "../accounts/accounts-schema.server";
import { staffRoleOf } from "../accounts/staff-roles.server";
import { vapidSettings } from "../config.server";
import { getDb } from "../db/db.server";
import { outbox } from "../db/shared-schema.server";
import { log } from "../log.server";
import { DeliveryError, enqueue, type Handler } from "../outbox.server";
import { PUSH_SEND_KIND } from "./alert-queue.server";
import { alertChoices, pushSubscriptions } from "./alerts-schema.server";
import { vapidKeys } from "./vapid-keys.server";

/*
 * Sending the staff's alerts (issue 30), in two outbox steps. An event's entry (push_alert) is
 * split, when the worker takes it, into one entry per device of an administrator who chose that
 * kind: the choices count as they are then, and each device is retried, or dropped, on its own
 * without sending twice to the others. The split writes the device entries and marks its own
 * entry sent in one transaction, so a crash either way never splits it twice.
 */

const messageSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  title: z.string().min(1).max(200),
  body: z.string().max(300),
  url: z.string().regex(/^\/admin(\/|$)/),
});

const deviceSchema = messageSchema.extend({ subscriptionId: z.number().int().positive() });

/** How long a push service keeps an alert for a phone that is off: a day, then it is old news. */
export const ALERT_TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered in this long is given up on for this attempt. */
const SEND_TIMEOUT_MS = 10_000;

export function pushAlertHandler(): Handler {
  return async (entry) => {
    const parsed = messageSchema.safeParse(entry.payload);
    if (!parsed.success) throw new DeliveryError("aviso con datos no válidos", false);
    const message = parsed.data;
    const db = await getDb();
    const rows = await db
      .select({ id: pushSubscriptions.id, email: user.email, role: user.role, emailVerified: user.emailVerified, kinds: alertChoices.kinds })
      .from(pushSubscriptions)
      .innerJoin(user, eq(user.id, pushSubscriptions.userId))
      .leftJoin(alertChoices, eq(alertChoices.userId, pushSubscriptions.userId))
      .orderBy(pushSubscriptions.id);
    // Administrators only: an account that lost the role keeps its rows but hears nothing.
    const devices = rows.filter((row) => staffRoleOf(row) === "admin" && (row.kinds ?? DEFAULT_ALERT_KINDS).includes(message.kind));
    if (devices.length === 0) return "skipped";
    await db.transaction(async (tx) => {
      for (const device of devices) await enqueue(tx, PUSH_SEND_KIND, { ...message, subscriptionId: device.id }, { ref: entry.ref ?? undefined });
      await tx.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, entry.id));
    });
  };
}

/** `agent`: the TLS settings of the requests (tests trust their stand-in's certificate with it). */
export function pushSendHandler(options: { agent?: Agent } = {}): Handler {
  return async (entry, context) => {
    const parsed = deviceSchema.safeParse(entry.payload);
    if (!parsed.success) throw new DeliveryError("aviso con datos no válidos", false);
    const { subscriptionId, ...message } = parsed.data;
    const db = await getDb();
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    // The device was turned off (or dropped) since: nothing to send.
    if (!device) return "skipped";
    const keys = await vapidKeys(db);
    await context.sending();
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify({ title: message.title, body: message.body, url: message.url }), {
        vapidDetails: { subject: vapidSettings().subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: ALERT_TTL_SECONDS,
        contentEncoding: "aes128gcm",
        timeout: SEND_TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      });
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        // RFC 8030 7.3: the subscription has expired or was withdrawn; it will never work again.
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        log("avisos").info({ device: device.id }, `el servicio de avisos ya no conoce el dispositivo n.º ${device.id} (HTTP ${error.statusCode}): se borra`);
        return "skipped";
      }
      await db.update(pushSubscriptions).set({ failures: sql`${pushSubscriptions.failures} + 1` }).where(eq(pushSubscriptions.id, device.id));
      if (error instanceof WebPushError) {
        // 429 and 5xx pass; any other refusal (a key the service no longer accepts, a payload too large) will not.
        const retryable = error.statusCode === 429 || error.statusCode >= 500;
        throw new DeliveryError(`servicio de avisos: HTTP ${error.statusCode} ${error.body.slice(0, 200)}`.trim(), retryable, { notSent: true });
      }
      throw error;
    }
    await context.sent();
    await db.update(pushSubscriptions).set({ lastSentAt: new Date(), failures: 0 }).where(eq(pushSubscriptions.id, device.id));
  };
}
