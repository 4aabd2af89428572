import webpush from "web-push";
import { vapidSettings } from "../config.server";
import type { Database } from "../db/client.server";
import { pushKeys } from "./alerts-schema.server";

/*
 * The shop's VAPID key pair (RFC 8292), which signs every push message and which every
 * subscription is tied to. From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given; otherwise made
 * once and kept in the database (push_keys, one row), so that subscriptions survive restarts
 * and every instance signs with the same key. Two instances starting together: the row's
 * check (id = 1) lets one insert win and both read it. The private key never leaves the server.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

let cached: VapidKeys | undefined;

export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const given = vapidSettings().keys;
  if (given) return given;
  if (cached) return cached;
  const [stored] = await db.select().from(pushKeys);
  if (stored) return (cached = { publicKey: stored.publicKey, privateKey: stored.privateKey });
  const made = webpush.generateVAPIDKeys();
  await db.insert(pushKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
  const [kept] = await db.select().from(pushKeys);
  return (cached = { publicKey: kept!.publicKey, privateKey: kept!.privateKey });
}

/** Only for tests: forget the kept pair (another database). */
export function forgetVapidKeysForTests(): void {
  cached = undefined;
}
