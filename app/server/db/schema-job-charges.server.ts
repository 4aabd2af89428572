import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { JOB_CHARGE_KINDS, JOB_CHARGE_STATES } from "~/domain/jobs/job-charges";
import { PAY_METHODS } from "~/domain/payments/payment-methods";
import { jobs } from "./schema-jobs.server";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // At most one deposit and one final charge waiting per job. A paid deposit stays when a newly
    // accepted version asks a bigger one: the difference is a second deposit (migration 0017).
    uniqueIndex("job_charges_one_pending").on(t.jobId, t.kind).where(sql`${t.state} = 'pendiente'`),
    index("job_charges_due_idx").on(t.state, t.dueAt),
    check("job_charges_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
