import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.server";

/*
 * The tables every area uses: the outbox, the scheduled tasks, our own rate limits, the
 * audit log and the document numbers (docs/decisions/0026-schema-by-area.md).
 */

/** Deliveries to outside services (task board, e-mail), done after the commit, retried. */
export const OUTBOX_STATUSES = ["pending", "done", "failed", "skipped"] as const;

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The claim that holds the entry: only that claim may finish it (app/server/outbox.server.ts).
    claimToken: text("claim_token"),
    // Set just before the irreversible step of a send, and when the service took it: an entry
    // found with the first and not the second was interrupted mid-send (it may have arrived).
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** What the delivery is about, e.g. "contact:12" or "order:34" (the back office shows it there). */
    ref: text("ref"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_finished_idx").on(t.status, t.updatedAt),
    index("outbox_ref_idx").on(t.ref),
  ],
);

/** Recurring maintenance tasks: one row per task; a run is claimed by one instance at a time. */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  claimToken: text("claim_token"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** What the last run did (its log line), or why it failed. */
  lastResult: text("last_result"),
  lastFailed: boolean("last_failed").notNull().default(false),
});

/**
 * Our own fixed-window counters (contact form, basket), shared by every instance
 * (app/server/rate-limit.server.ts). Times in milliseconds since 1970; a row is spent once
 * expires_at has passed, and the scheduled purge deletes it then.
 */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("request_limits_expires_at_idx").on(t.expiresAt)],
);

/**
 * Every change made in the back office: who, what, when, before and after. Rows are never
 * changed or deleted: the migration adds a trigger that refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's e-mail, or "sistema" for the scheduled jobs. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** e.g. "pedido", "producto", "solicitud", "cliente", "sitio". */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/**
 * The next number of each series and year ("F" 2026 -> 124) of every numbered document
 * (invoices "F" and "R", quotes "P"), despite its name. Only the numbering service
 * (app/server/numbering.server.ts) reads or writes it, inside the transaction that writes the
 * document: the row stays locked until it commits, so two instances never get the same
 * number, and a rolled-back document leaves no gap (decision 0022).
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    nextNumber: integer("next_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);
