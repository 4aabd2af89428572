import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "../accounts/accounts-schema.server";
import { createdAt, updatedAt } from "../db/columns.server";

/*
 * Alerts on the owner's phone (issue 30): Web Push subscriptions of staff devices, which
 * alerts each person wants, and the shop's VAPID keys when the environment gives none.
 */

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The push service's address for this device (unique: a browser has one per key). */
    endpoint: text("endpoint").notNull(),
    /** The device's public key (P-256, base64url) and auth secret (RFC 8291). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    /** Failed sends in a row; the subscription is dropped when the push service says it is gone. */
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/** The alerts one staff member chose; no row: the default set. */
export const alertChoices = pgTable("alert_choices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  kinds: text("kinds").array().notNull(),
  updatedAt: updatedAt(),
});

/** The VAPID key pair kept by the shop when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set (one row). */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("push_keys_one_row", sql`${t.id} = 1`)],
);
