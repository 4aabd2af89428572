import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { JOB_STATUSES } from "~/domain/jobs/job-status";
import type { QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";

export type HeldUnit = { productId: number; units: number };
import { user } from "./schema.server";
import { quotes } from "./schema-quotes.server";

/* Installation jobs made from accepted quotes, and the technicians' calendar feeds (issue 17). */

export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    /** One job per quote; a newly accepted version of the quote updates it. */
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "restrict" }),
    quoteVersion: integer("quote_version").notNull(),
    alternative: text("alternative").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("pendiente_programar"),
    technicianId: text("technician_id").references(() => user.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    customer: jsonb("customer").$type<QuoteParty>().notNull(),
    workPlace: jsonb("work_place").$type<WorkPlace>().notNull(),
    /** Catalogue units of the accepted alternative taken from stock for this job (given back when it is cancelled). */
    heldUnits: jsonb("held_units").$type<HeldUnit[]>().notNull().default([]),
    notes: text("notes").notNull().default(""),
    cancelReason: text("cancel_reason"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("jobs_quote_unique").on(t.quoteId),
    index("jobs_starts_idx").on(t.startsAt),
    index("jobs_technician_starts_idx").on(t.technicianId, t.startsAt),
    index("jobs_status_idx").on(t.status, t.createdAt),
    check("jobs_times", sql`(${t.startsAt} is null and ${t.endsAt} is null) or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A technician's private calendar address (.ics with a secret token); revoking it stops it at once. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("calendar_feeds_token_unique").on(t.token), index("calendar_feeds_user_idx").on(t.userId)],
);
