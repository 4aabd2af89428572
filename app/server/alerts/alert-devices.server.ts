import { and, eq } from "drizzle-orm";
import { ALERT_KINDS, DEFAULT_ALERT_KINDS, type AlertKind } from "~/domain/alerts/alert-kinds";
import type { Database } from "../db/client.server";
import { alertChoices, pushSubscriptions } from "./alerts-schema.server";

/*
 * A staff member's devices and choices (issue 30, /admin/avisos). A device is its push
 * endpoint: subscribing again (new keys, another account signed in on the same browser)
 * replaces the row of that endpoint, whoever had it.
 */

export type DeviceFacts = { endpoint: string; p256dh: string; auth: string; userAgent: string };

export async function saveDevice(db: Database, userId: string, device: DeviceFacts): Promise<void> {
  const values = { userId, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, userAgent: device.userAgent.slice(0, 300) };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failures: 0, createdAt: new Date() } });
}

/** This person's device with that endpoint, or that number; true when there was one. */
export async function removeDevice(db: Database, userId: string, which: { endpoint: string } | { id: number }): Promise<boolean> {
  const match = "endpoint" in which ? eq(pushSubscriptions.endpoint, which.endpoint) : eq(pushSubscriptions.id, which.id);
  const gone = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), match)).returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function devicesOf(db: Database, userId: string) {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt, lastSentAt: pushSubscriptions.lastSentAt, failures: pushSubscriptions.failures })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

export async function chosenKinds(db: Database, userId: string): Promise<AlertKind[]> {
  const [row] = await db.select({ kinds: alertChoices.kinds }).from(alertChoices).where(eq(alertChoices.userId, userId));
  const kinds = row?.kinds ?? DEFAULT_ALERT_KINDS;
  return ALERT_KINDS.filter((kind) => kinds.includes(kind));
}

export async function chooseKinds(db: Database, userId: string, kinds: AlertKind[]): Promise<void> {
  const unique = ALERT_KINDS.filter((kind) => kinds.includes(kind));
  await db
    .insert(alertChoices)
    .values({ userId, kinds: unique })
    .onConflictDoUpdate({ target: alertChoices.userId, set: { kinds: unique, updatedAt: new Date() } });
}
