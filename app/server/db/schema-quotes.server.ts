import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { QuoteDocument, QuoteDraft, QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { QUOTE_RESPONSE_KINDS, QUOTE_STATUSES } from "~/domain/quotes/quote-status";
import { contactRequests } from "./schema.server";

/*
 * Written quotes (presupuestos, issue 17); re-exported by schema.server.ts. The numbers
 * ("P2026-000123") come from the numbering service (numbering.server.ts), series "P", taken
 * in the creating transaction like the invoices' numbers: correlative, without gaps, on any
 * number of instances.
 */

export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** The request it answers; null for a quote written after a phone call. */
    contactRequestId: integer("contact_request_id").references(() => contactRequests.id, { onDelete: "set null" }),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("borrador"),
    customer: jsonb("customer").$type<QuoteParty>().notNull(),
    workPlace: jsonb("work_place").$type<WorkPlace>().notNull(),
    /** What the owner is editing; sending freezes it as the next version. */
    draft: jsonb("draft").$type<QuoteDraft>().notNull(),
    /** The last version sent (0: never sent). */
    currentVersion: integer("current_version").notNull().default(0),
    /** Unguessable, in the customer's link. */
    token: text("token").notNull(),
    /** The last sent version's validity, "YYYY-MM-DD" (Madrid): after it the quote shows "Caducado". */
    validUntil: date("valid_until", { mode: "string" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_number_unique").on(t.number),
    uniqueIndex("quotes_sequence_unique").on(t.year, t.sequence),
    uniqueIndex("quotes_token_unique").on(t.token),
    index("quotes_request_idx").on(t.contactRequestId),
    index("quotes_customer_email_idx").on(sql`lower(${t.customer}->>'email')`),
    index("quotes_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** A sent version, never changed or deleted (trigger, migration 0015). */
export const quoteVersions = pgTable(
  "quote_versions",
  {
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    document: jsonb("document").$type<QuoteDocument>().notNull(),
    /** SHA-256 (hex) of the version as rendered for the customer: what an acceptance signs. */
    documentSha256: text("document_sha256").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    sentBy: text("sent_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.version] })],
);

/** The customer's answer to one version: accepted (signed), changes asked, or declined. Never changed (trigger). */
export const quoteResponses = pgTable(
  "quote_responses",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    kind: text("kind", { enum: QUOTE_RESPONSE_KINDS }).notNull(),
    /** The chosen alternative ("A", "B" or "C") of an acceptance. */
    alternative: text("alternative"),
    fullName: text("full_name").notNull().default(""),
    /** "dibujada": SVG path data of the strokes; "escrita": the name typed as a signature. */
    signatureKind: text("signature_kind", { enum: ["dibujada", "escrita"] }),
    signature: text("signature"),
    /** "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS", ticked. */
    statementAccepted: boolean("statement_accepted").notNull().default(false),
    usedMaterialsAuthorised: boolean("used_materials_authorised").notNull().default(false),
    /** The customer confirmed the two conditions of the reduced VAT that the quote cannot check. */
    reducedVatConfirmed: boolean("reduced_vat_confirmed").notNull().default(false),
    /** Changes asked for, or why it was declined. */
    message: text("message").notNull().default(""),
    /** The version's hash as the customer's page showed it. */
    documentSha256: text("document_sha256").notNull(),
    totalCents: integer("total_cents"),
    depositCents: integer("deposit_cents"),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quote_responses_quote_idx").on(t.quoteId, t.version),
    // One acceptance per version: a second click, or a second instance, cannot sign it twice.
    uniqueIndex("quote_responses_one_acceptance").on(t.quoteId, t.version).where(sql`${t.kind} = 'aceptado'`),
  ],
);
