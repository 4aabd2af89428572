import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { QuoteDocument, QuoteDraft, QuoteParty, WorkPlace } from "~/domain/quotes/quote-content";
import { QUOTE_RESPONSE_KINDS, QUOTE_STATUSES } from "~/domain/quotes/quote-status";
import { REQUEST_STATES } from "~/domain/quotes/request-state";
import { products } from "../catalogue/catalogue-schema.server";
import { customers } from "../customers/customers-schema.server";
import { compactOf, createdAt, digitsOf, searchedText, updatedAt } from "../db/columns.server";

/* Contact requests (the quote inbox) and written quotes (docs/decisions/0026-schema-by-area.md). */

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: serial("id").primaryKey(),
    nameAndSurname: text("name_and_surname").notNull(),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull(),
    town: text("town").notNull(),
    message: text("message").notNull().default(""),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    sourcePage: text("source_page").notNull().default("/contacto"),
    // The back office's inbox (issue 11).
    state: text("state", { enum: REQUEST_STATES }).notNull().default("nuevo"),
    internalNotes: text("internal_notes").notNull().default(""),
    /** The one customer record (issue 30). */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the back office's one search matches (issue 30). */
    searchText: text("search_text").generatedAlwaysAs(searchedText(["name_and_surname", "email", "address", "town", digitsOf("phone")])),
  },
  // The privacy-policy retention job deletes by age (app/server/scheduled).
  (t) => [index("contact_requests_created_idx").on(t.createdAt), index("contact_requests_customer_idx").on(t.customerId), index("contact_requests_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops"))],
);

/*
 * Written quotes (presupuestos, issue 17). The numbers ("P2026-000123") come from the
 * numbering service (numbering.server.ts), series "P", taken in the creating transaction
 * like the invoices' numbers: correlative, without gaps, on any number of instances.
 */

/** A quote's or a job's customer (QuoteParty, a jsonb column) as the one search reads it. */
export const partyFoundBy = (column: string) => [
  `${column}->>'name'`,
  compactOf(`${column}->>'nif'`),
  `${column}->>'email'`,
  digitsOf(`${column}->>'phone'`),
  `${column}->>'address'`,
  `${column}->>'town'`,
];

/** Where the work is done (WorkPlace, a jsonb column) as the one search reads it. */
export const placeFoundBy = (column: string) => [`${column}->>'address'`, `${column}->>'postcode'`, `${column}->>'town'`];

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
    /** The one customer record (issue 30); the jsonb above is what the quote prints. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the back office's one search matches (issue 30): number, the customer and the work's place. */
    searchText: text("search_text").generatedAlwaysAs(searchedText([compactOf("number"), ...partyFoundBy("customer"), ...placeFoundBy("work_place")])),
  },
  (t) => [
    uniqueIndex("quotes_number_unique").on(t.number),
    uniqueIndex("quotes_sequence_unique").on(t.year, t.sequence),
    uniqueIndex("quotes_token_unique").on(t.token),
    index("quotes_request_idx").on(t.contactRequestId),
    index("quotes_customer_idx").on(t.customerId),
    index("quotes_customer_email_idx").on(sql`lower(${t.customer}->>'email')`),
    index("quotes_status_created_idx").on(t.status, t.createdAt, t.id),
    index("quotes_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** A saved starting point for a new quote (issue 30): the work, the options and the terms, without customer or dates. */
export const quoteTemplates = pgTable(
  "quote_templates",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    draft: jsonb("draft").$type<QuoteDraft>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("quote_templates_name_unique").on(sql`lower(${t.name})`)],
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
    createdAt: createdAt(),
  },
  (t) => [
    index("quote_responses_quote_idx").on(t.quoteId, t.version),
    // One acceptance per version: a second click, or a second instance, cannot sign it twice.
    uniqueIndex("quote_responses_one_acceptance").on(t.quoteId, t.version).where(sql`${t.kind} = 'aceptado'`),
  ],
);
