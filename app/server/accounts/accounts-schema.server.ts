import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, searchedText, updatedAt } from "../db/columns.server";

/*
 * Accounts (docs/decisions/0026-schema-by-area.md): the tables better-auth expects, which its
 * drizzle adapter takes from here (app/server/auth.server.ts; its CLI needs Node 22, so they
 * are written by hand), and the staff's own (issue 28).
 */

/** An account's name and e-mail as the one search matches them (admin/search.server.ts uses this same expression). */
export const USER_FOUND_BY = searchedText(["name", "email"]);

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The back office's one search (issue 30) finds an account by name or e-mail. An index on the
  // expression, not a generated column: better-auth reads and returns the user's whole row.
  () => [index("user_search_trgm_idx").using("gin", sql`(${USER_FOUND_BY}) gin_trgm_ops`)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /** Set by us when this session passed the second factor; /admin requires it (issue 11). */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** The last proof of the password or a passkey in this session (sign-in or re-authentication, issue 28). */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
    /** A staff session's last request, for the idle limit (issue 28); updated at most once a minute. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's two-factor plugin ("twoFactor" model): the TOTP secret and backup codes, encrypted. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/* Staff accounts that cannot be taken over (issue 28, docs/decisions/0020-staff-accounts.md). */

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
    createdAt: createdAt(),
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
    createdAt: createdAt(),
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
