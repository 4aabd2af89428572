import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, date } from "drizzle-orm/pg-core";
import { ATTEMPT_STATES, CARD_CHARGE_STATES, ONLINE_METHODS, REFUND_CHANNELS, REFUND_STATES } from "~/domain/payments/payment-states";
import { createdAt, updatedAt } from "../db/columns.server";
import { jobCharges } from "../jobs/jobs-schema.server";
import { orders, withdrawals } from "../orders/orders-schema.server";

/* Card and Bizum payments through Redsys and every refund (issue 12); SEPA mandates and cards kept by Redsys (issue 31). */

/**
 * A card Redsys keeps for later charges (issue 31, "pago por referencia"): what its first,
 * authorised payment's notification brought. Never the card number: Redsys's reference, the
 * network's id of that first transaction (quoted by every later charge), the expiry and at most
 * the last four digits. Forgotten (no plan renews with it any more), it is never charged again.
 */
export const storedCards = pgTable(
  "stored_cards",
  {
    id: serial("id").primaryKey(),
    /** Lower case: the customer who paid with it. */
    customerEmail: text("customer_email").notNull(),
    /** The order whose payment kept it (the customer ticked the consent at checkout). */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    /** The Redsys order code of that first payment. */
    firstCode: text("first_code").notNull(),
    identifier: text("identifier").notNull(),
    cofTxnId: text("cof_txn_id").notNull(),
    /** YYYY-MM: usable until the end of that month. */
    expiry: text("expiry").notNull(),
    last4: text("last4"),
    brand: text("brand"),
    forgottenAt: timestamp("forgotten_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("stored_cards_first_code_unique").on(t.firstCode), index("stored_cards_order_idx").on(t.orderId)],
);

/**
 * A charge to a kept card with nobody present (issue 31, merchant-initiated): made in the
 * transaction that claims what it pays, then sent to Redsys once. "enviado" until Redsys's answer
 * is recorded: one that stays so (no answer, or the process stopped) is never sent again; the
 * owner checks it in Redsys's portal.
 */
export const cardCharges = pgTable(
  "card_charges",
  {
    id: serial("id").primaryKey(),
    storedCardId: integer("stored_card_id")
      .notNull()
      .references(() => storedCards.id, { onDelete: "restrict" }),
    /** Redsys's order code of this charge, never used before. */
    code: text("code").notNull(),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    state: text("state", { enum: CARD_CHARGE_STATES }).notNull().default("enviado"),
    responseCode: text("response_code"),
    responseMeaning: text("response_meaning"),
    authorisationCode: text("authorisation_code"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("card_charges_code_unique").on(t.code), check("card_charges_amount_positive", sql`${t.amountCents} > 0`)],
);

/**
 * A SEPA direct debit mandate signed online (issue 31): the customer's account and the moment
 * and place of the signature, the mandate's reference (unique, quoted in every debit). Revoked,
 * it is kept (the bank may ask for it for 14 months after its last debit).
 */
export const sepaMandates = pgTable(
  "sepa_mandates",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    /** Lower case: the customer who signed it (Mis equipos). */
    customerEmail: text("customer_email").notNull(),
    debtorName: text("debtor_name").notNull(),
    iban: text("iban").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    signedIp: text("signed_ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** The mandate text the customer accepted, as shown. */
    wording: text("wording").notNull(),
    /** Set by its first debit sent to the bank: later ones are RCUR instead of FRST. */
    firstCollectedAt: timestamp("first_collected_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sepa_mandates_reference_unique").on(t.reference), index("sepa_mandates_email_idx").on(sql`lower(${t.customerEmail})`)],
);

/**
 * One trip of the customer to Redsys for an order, or for a job's deposit or final balance
 * (issue 17: exactly one of order_id and charge_id). Redsys's order code (Ds_Order, 4 to 12
 * characters, the first 4 digits) is ours per attempt: the shop's order number does not fit
 * it, and Redsys refuses a code it has seen before.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    chargeId: integer("charge_id").references(() => jobCharges.id, { onDelete: "restrict" }),
    code: text("code").notNull(),
    method: text("method", { enum: ONLINE_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: ATTEMPT_STATES }).notNull().default("pendiente"),
    /** Ds_Response of the notification that settled it, and its meaning in Spanish. */
    responseCode: text("response_code"),
    responseMeaning: text("response_meaning"),
    authorisationCode: text("authorisation_code"),
    /** The decoded parameters of the first notification that changed it (for the accountant and disputes). */
    notification: jsonb("notification").$type<Record<string, string>>(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** Signed notifications received for it, the repeated ones included. */
    notificationCount: integer("notification_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_attempts_code_unique").on(t.code),
    index("payment_attempts_order_idx").on(t.orderId, t.createdAt),
    index("payment_attempts_charge_idx").on(t.chargeId, t.createdAt),
    check("payment_attempts_amount_positive", sql`${t.amountCents} > 0`),
    check("payment_attempts_order_or_charge", sql`num_nonnulls(${t.orderId}, ${t.chargeId}) = 1`),
  ],
);

/**
 * Money given back for an order, or (issue 31) for a job's charge (a deposit, a call-out, a
 * final balance): exactly one of the two. Through Redsys (transaction type 3, against one paid
 * attempt) or by a bank transfer the shop made by hand. The sum of refunds not "rechazado"
 * never exceeds what was paid; the back office checks it under the order's (or the job's and
 * the charge's) row lock.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    jobChargeId: integer("job_charge_id").references(() => jobCharges.id, { onDelete: "restrict" }),
    attemptId: integer("attempt_id").references(() => paymentAttempts.id, { onDelete: "restrict" }),
    withdrawalId: integer("withdrawal_id").references(() => withdrawals.id, { onDelete: "set null" }),
    channel: text("channel", { enum: REFUND_CHANNELS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: REFUND_STATES }).notNull(),
    /** "YYYY-MM-DD" (Madrid) of a refund transfer made by hand. */
    refundedOn: date("refunded_on", { mode: "string" }),
    /** The bank reference of a refund transfer, or Redsys's authorisation code. */
    reference: text("reference"),
    responseCode: text("response_code"),
    responseMeaning: text("response_meaning"),
    response: jsonb("response").$type<Record<string, string>>(),
    reason: text("reason").notNull().default(""),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_job_charge_idx").on(t.jobChargeId, t.createdAt),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("refunds_order_or_job_charge", sql`num_nonnulls(${t.orderId}, ${t.jobChargeId}) = 1`),
  ],
);
