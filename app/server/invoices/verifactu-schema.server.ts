import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { SUBMISSION_STATES } from "~/domain/invoices/verifactu-filters";
import type { RegistroAlta, RegistroAnulacion } from "~/domain/invoices/verifactu-record";
import { invoices } from "./invoices-schema.server";

/*
 * VERI*FACTU billing records (issue 13, decision 0008).
 * verifactu_records is append-only (trigger) and one chain: each record names the one before
 * it (unique, so the chain cannot fork; one record only chained to nothing), taken under the
 * lock of verifactu_chain's single row. What changes afterwards, the submission to the AEAT,
 * lives in verifactu_submissions.
 */

export type StoredRegistro = { kind: "alta"; record: RegistroAlta } | { kind: "anulacion"; record: RegistroAnulacion };

export const verifactuRecords = pgTable(
  "verifactu_records",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ["alta", "anulacion"] }).notNull(),
    /** The record before this one in the shop's chain; null only for the first. */
    previousId: integer("previous_id"),
    /** The invoice's series and number, as in the record. */
    number: text("number").notNull(),
    /** SHA-256, upper-case hexadecimal. */
    huella: text("huella").notNull(),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull(),
    /** The record as built, with the AEAT's field names: what is exported and sent. */
    registro: jsonb("registro").$type<StoredRegistro>().notNull(),
  },
  (t) => [
    uniqueIndex("verifactu_records_previous_unique").on(t.previousId),
    uniqueIndex("verifactu_records_huella_unique").on(t.huella),
    index("verifactu_records_invoice_idx").on(t.invoiceId),
    index("verifactu_records_generated_idx").on(t.generatedAt, t.id),
    check("verifactu_records_huella_hex", sql`${t.huella} ~ '^[0-9A-F]{64}$'`),
  ],
);

/** The chain's head, one row (id 1): locked by whoever appends, so records are chained one at a time. */
export const verifactuChain = pgTable("verifactu_chain", {
  id: integer("id").primaryKey(),
  lastRecordId: integer("last_record_id").references(() => verifactuRecords.id, { onDelete: "restrict" }),
  records: integer("records").notNull().default(0),
});

/** Where each record stands with the AEAT, and the AEAT's answer about it. */
export const verifactuSubmissions = pgTable(
  "verifactu_submissions",
  {
    recordId: integer("record_id")
      .primaryKey()
      .references(() => verifactuRecords.id, { onDelete: "restrict" }),
    state: text("state", { enum: SUBMISSION_STATES }).notNull().default("pendiente"),
    /** Submissions that carried it. */
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The AEAT's secure verification code of the submission that answered. */
    csv: text("csv"),
    errorCode: text("error_code"),
    errorText: text("error_text"),
  },
  (t) => [index("verifactu_submissions_state_idx").on(t.state, t.recordId)],
);

/**
 * The sender, one row (id 1): a lease so one submission runs at a time across instances, the
 * AEAT's waiting time before the next one, and the outcome of the last try for the back office.
 */
export const verifactuSender = pgTable("verifactu_sender", {
  id: integer("id").primaryKey(),
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  nextSendAt: timestamp("next_send_at", { withTimezone: true }),
  lastTriedAt: timestamp("last_tried_at", { withTimezone: true }),
  lastOutcome: text("last_outcome"),
});
