import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./schema.server";

/*
 * Staff accounts that cannot be taken over (issue 28, docs/decisions/0020-staff-accounts.md);
 * re-exported by schema.server.ts.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A technician's invitation: the link (its SHA-256 kept, never the token) lets its holder set
 * the password and enrol the factor, once, within 72 hours. An existing account of that e-mail
 * gets the role only by accepting it while signed in as that account.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The administrator who sent it (e-mail, as the audit log names people). */
    invitedBy: text("invited_by").notNull(),
    /** The account that accepted it. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("staff_invitations_email_idx").on(t.email)],
);

/** A staff member's passkey (WebAuthn credential), the recommended second factor. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The name the person gave it ("Móvil de Ana"). */
    name: text("name").notNull().default(""),
    /** base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** Comma-separated authenticator transports ("internal,hybrid"). */
    transports: text("transports").notNull().default(""),
    deviceType: text("device_type").notNull().default(""),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * Failed password sign-ins counted per account (besides better-auth's count per client
 * address): each failure makes the next try wait longer; nothing locks the owner out.
 */
export const signInFailures = pgTable("sign_in_failures", {
  /** The account's e-mail, lower case. */
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailedAt: at("last_failed_at").notNull().defaultNow(),
});

/** The browsers a staff member has signed in from: a new one e-mails the owner. */
export const staffDevices = pgTable(
  "staff_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** SHA-256 of the long-lived device cookie's value. */
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
