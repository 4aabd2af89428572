import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { InvoiceLineView, InvoiceParty } from "~/domain/invoices/invoice-document";
import { compactOf, searchedText } from "../db/columns.server";
import { jobCharges } from "../jobs/jobs-schema.server";
import { planRenewals } from "../maintenance/maintenance-schema.server";
import { orders } from "../orders/orders-schema.server";
import { refunds } from "../payments/payments-schema.server";

/* Invoices (issue 13). Rows are never changed or deleted (trigger). */

/**
 * An issued invoice, complete ("F") or rectifying ("R"), as it was issued: parties, lines and
 * amounts are copied in, so later changes to the shop, the customer or the catalogue never
 * change it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** "F2026-000123". */
    number: text("number").notNull(),
    series: text("series", { enum: ["F", "R"] }).notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** The order invoiced, or (issue 17) the job's deposit or final balance, or (issue 31) a plan's renewal: exactly one. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    jobChargeId: integer("job_charge_id").references(() => jobCharges.id, { onDelete: "restrict" }),
    planRenewalId: integer("plan_renewal_id").references(() => planRenewals.id, { onDelete: "restrict" }),
    /** A rectifying invoice: the invoice it corrects, and the refund that caused it if any. */
    rectifiesId: integer("rectifies_id"),
    refundId: integer("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
    reason: text("reason"),
    /** Madrid's calendar days. */
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    operationOn: date("operation_on", { mode: "string" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLineView[]>().notNull(),
    vatRate: integer("vat_rate").notNull(),
    baseCents: integer("base_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    exemption: text("exemption"),
    payMethod: text("pay_method").notNull(),
    /** What the back office's one search matches (issue 30): number, and the buyer's name, NIF and address. */
    searchText: text("search_text").generatedAlwaysAs(searchedText([compactOf("number"), "buyer->>'name'", compactOf("buyer->>'nif'"), "(buyer->'address')::text"])),
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    index("invoices_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    uniqueIndex("invoices_sequence_unique").on(t.series, t.year, t.sequence),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_job_charge_idx").on(t.jobChargeId),
    index("invoices_plan_renewal_idx").on(t.planRenewalId),
    check("invoices_order_or_job_charge", sql`num_nonnulls(${t.orderId}, ${t.jobChargeId}, ${t.planRenewalId}) = 1`),
    index("invoices_issued_idx").on(t.issuedOn, t.id),
    check("invoices_total_is_base_plus_vat", sql`${t.totalCents} = ${t.baseCents} + ${t.vatCents}`),
  ],
);

/** An issued invoice as stored (and as every reader of invoices passes it around). */
export type Invoice = typeof invoices.$inferSelect;

/**
 * An invoice that should never have been issued (a transfer recorded against the wrong order,
 * undone by the owner): it stays as issued, marked annulled here, with its VERI*FACTU registro
 * de anulación; it counts in no total, and the order's next payment issues a new invoice.
 */
export const invoiceAnnulments = pgTable("invoice_annulments", {
  invoiceId: integer("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "restrict" }),
  reason: text("reason").notNull(),
  annulledAt: timestamp("annulled_at", { withTimezone: true }).notNull(),
  actor: text("actor").notNull(),
});
