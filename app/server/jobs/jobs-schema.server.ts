import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { JOB_CHARGE_KINDS, JOB_CHARGE_STATES } from "~/domain/jobs/job-charges";
import { JOB_KINDS, type ServiceUnit } from "~/domain/jobs/job-kinds";
import type { RepairTerms } from "~/domain/repairs/repair-bill";
import { JOB_STATUSES } from "~/domain/jobs/job-status";
import type { WorkReportContent } from "~/domain/jobs/work-report-content";
import { PAY_METHODS } from "~/domain/payments/payment-methods";
import type { QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { user } from "../accounts/accounts-schema.server";
import { products } from "../catalogue/catalogue-schema.server";
import { createdAt, searchedText, updatedAt } from "../db/columns.server";
import { partyFoundBy, placeFoundBy, quotes } from "../quotes/quotes-schema.server";

/*
 * Installation jobs made from accepted quotes, the technicians' calendar feeds, work reports,
 * installed units and what the customer owes for a job (issue 17).
 */

export type HeldUnit = { productId: number; units: number };

export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    /** An installation comes from a quote; a maintenance visit from a plan (issue 31), without one. */
    kind: text("kind", { enum: JOB_KINDS }).notNull().default("instalacion"),
    /** One job per quote; a newly accepted version of the quote updates it. Null for a job without a quote. */
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    quoteVersion: integer("quote_version"),
    alternative: text("alternative"),
    /** What a job without a quote is ("Mantenimiento del plan n.º 12"); its reference where an installation shows its quote's number. */
    title: text("title").notNull().default(""),
    /** The units a job without a quote works on (a plan's units, as they were when it was opened). */
    units: jsonb("units").$type<ServiceUnit[]>().notNull().default([]),
    /** A repair's breakdown, its page and what it said the repair would cost (issue 31); null on other jobs. */
    repair: jsonb("repair").$type<RepairTerms>(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the back office's one search matches (issue 30); the quote's number is the quote's. */
    searchText: text("search_text").generatedAlwaysAs(searchedText([...partyFoundBy("customer"), ...placeFoundBy("work_place")])),
  },
  (t) => [
    uniqueIndex("jobs_quote_unique").on(t.quoteId),
    index("jobs_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("jobs_starts_idx").on(t.startsAt),
    index("jobs_technician_starts_idx").on(t.technicianId, t.startsAt),
    index("jobs_status_idx").on(t.status, t.createdAt),
    check("jobs_times", sql`(${t.startsAt} is null and ${t.endsAt} is null) or ${t.endsAt} > ${t.startsAt}`),
    check("jobs_quote_of_installation", sql`(${t.kind} = 'instalacion') = (${t.quoteId} is not null and ${t.quoteVersion} is not null and ${t.alternative} is not null)`),
    check("jobs_terms_of_repair", sql`(${t.kind} = 'reparacion') = (${t.repair} is not null)`),
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
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("calendar_feeds_token_unique").on(t.token), index("calendar_feeds_user_idx").on(t.userId)],
);

/**
 * The technician's signed work report (parte de trabajo) of a job: one per job, never changed
 * or deleted (trigger, migration 0016). The idempotency key comes from the technician's phone:
 * a report sent twice (a lost answer in a boiler room) is stored once.
 */
export const workReports = pgTable(
  "work_reports",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key").notNull(),
    content: jsonb("content").$type<WorkReportContent>().notNull(),
    /** images.id of the report's photos (private images). */
    photoImageIds: jsonb("photo_image_ids").$type<number[]>().notNull().default([]),
    technicianId: text("technician_id").references(() => user.id, { onDelete: "set null" }),
    technicianName: text("technician_name").notNull().default(""),
    /** The customer's signature: SVG path data of the strokes drawn on the phone. */
    signature: text("signature").notNull(),
    signerName: text("signer_name").notNull().default(""),
    signerIdNumber: text("signer_id_number").notNull().default(""),
    /** The extra work's total (VAT included) the customer accepted with the signature; 0 without extras. */
    extrasTotalCents: integer("extras_total_cents").notNull().default(0),
    /** SHA-256 (hex) of the report's canonical text as the customer signed it. */
    documentSha256: text("document_sha256").notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("work_reports_job_unique").on(t.jobId), uniqueIndex("work_reports_idempotency_unique").on(t.idempotencyKey)],
);

/**
 * A unit installed by a job, for the customer's "Mis equipos": what it is, its serial number,
 * when it was installed and when each guarantee ends (Madrid calendar days).
 */
export const installedUnits = pgTable(
  "installed_units",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    /** The customer's e-mail as the quote has it ("Mis equipos" lists by a verified address). */
    customerEmail: text("customer_email").notNull(),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    serialNumber: text("serial_number").notNull(),
    installedOn: date("installed_on", { mode: "string" }).notNull(),
    /** The shop's guarantee on the installation work (6 months). */
    labourWarrantyUntil: date("labour_warranty_until", { mode: "string" }).notNull(),
    /** The shop's guarantee on the parts (2 years). */
    partsWarrantyUntil: date("parts_warranty_until", { mode: "string" }).notNull(),
    /** The legal guarantee of goods sold to a consumer (3 years, TRLGDCU art. 120); null for a business. */
    legalGuaranteeUntil: date("legal_guarantee_until", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [index("installed_units_email_idx").on(sql`lower(${t.customerEmail})`), index("installed_units_job_idx").on(t.jobId)],
);

/*
 * What the customer owes for a job (issue 17): the deposit and the final balance. Payment
 * attempts through Redsys and invoices point at a charge (payment_attempts.charge_id,
 * invoices.job_charge_id) where an order's point at the order.
 */
export const jobCharges = pgTable(
  "job_charges",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: JOB_CHARGE_KINDS }).notNull(),
    /** VAT included. */
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: JOB_CHARGE_STATES }).notNull().default("pendiente"),
    /** A deposit's payment window: unpaid after it, the job's units go back to stock. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    payMethod: text("pay_method", { enum: PAY_METHODS }),
    /** Redsys's authorisation code, or the transfer's bank reference. */
    bankReference: text("bank_reference"),
    /** Who recorded a transfer ("Redsys" for card and Bizum). */
    paidRecordedBy: text("paid_recorded_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one deposit and one final charge waiting per job. A paid deposit stays when a newly
    // accepted version asks a bigger one: the difference is a second deposit (migration 0017).
    uniqueIndex("job_charges_one_pending").on(t.jobId, t.kind).where(sql`${t.state} = 'pendiente'`),
    index("job_charges_due_idx").on(t.state, t.dueAt),
    check("job_charges_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
