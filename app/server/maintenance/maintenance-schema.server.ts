import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { MAINTAINED_FAMILIES } from "~/domain/catalogue/service-prices";
import { PLAN_SOURCES, PLAN_STATES, RENEWAL_METHODS, type PlanCovers } from "~/domain/maintenance/plans";
import { RITE_EQUIPMENT } from "~/domain/maintenance/rite-periods";
import type { WorkPlace } from "~/domain/quotes/quote-content";
import type { InvoiceParty } from "~/domain/invoices/invoice-document";
import { RENEWAL_STATES } from "~/domain/maintenance/renewals";
import { products } from "../catalogue/catalogue-schema.server";
import { customers } from "../customers/customers-schema.server";
import { createdAt, updatedAt } from "../db/columns.server";
import { installedUnits, jobs } from "../jobs/jobs-schema.server";
import { orderLines, orders } from "../orders/orders-schema.server";
import { cardCharges, sepaMandates, storedCards } from "../payments/payments-schema.server";

/*
 * Maintenance plans (issue 31): a customer's yearly maintenance of one or more units. Mis
 * equipos lists them by the customer's verified e-mail, as it lists installed units.
 */

export const maintenancePlans = pgTable(
  "maintenance_plans",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** Lower case: Mis equipos lists by the session's verified address. */
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull().default(""),
    /** Who the renewals' invoices are made out to (the order's billing party). */
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    /** Where the visits are made (Madrid region). */
    place: jsonb("place").$type<WorkPlace>().notNull(),
    family: text("family", { enum: MAINTAINED_FAMILIES }).notNull(),
    state: text("state", { enum: PLAN_STATES }).notNull().default("activo"),
    /** Yearly, VAT included. */
    priceCents: integer("price_cents").notNull(),
    covers: jsonb("covers").$type<PlanCovers>().notNull(),
    /** Madrid calendar days. */
    startedOn: date("started_on", { mode: "string" }).notNull(),
    renewsOn: date("renews_on", { mode: "string" }).notNull(),
    renewalMethod: text("renewal_method", { enum: RENEWAL_METHODS }).notNull().default("transferencia"),
    /** The SEPA mandate the renewals are debited under ("domiciliacion"). */
    sepaMandateId: integer("sepa_mandate_id").references(() => sepaMandates.id, { onDelete: "restrict" }),
    /** The card Redsys keeps for the renewals ("tarjeta"). */
    storedCardId: integer("stored_card_id").references(() => storedCards.id, { onDelete: "restrict" }),
    /** The last periodic inspection of the home's gas installation (the distributor's, every five years), as the customer gave it. */
    gasInspectedOn: date("gas_inspected_on", { mode: "string" }),
    source: text("source", { enum: PLAN_SOURCES }).notNull(),
    /** The shop's line that sold it: one plan per line, whatever the number of payment notifications. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "restrict" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("maintenance_plans_order_line_unique").on(t.orderLineId),
    index("maintenance_plans_email_idx").on(sql`lower(${t.customerEmail})`),
    index("maintenance_plans_customer_idx").on(t.customerId),
    index("maintenance_plans_state_renews_idx").on(t.state, t.renewsOn),
    check("maintenance_plans_price_positive", sql`${t.priceCents} > 0`),
    check("maintenance_plans_renews_after_start", sql`${t.renewsOn} > ${t.startedOn}`),
  ],
);

/**
 * A unit a plan maintains: installed by us (installed_units), bought here and not yet installed
 * (its order line), or declared by the customer (brand, model, serial, installation day).
 */
export const planUnits = pgTable(
  "plan_units",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: "cascade" }),
    installedUnitId: integer("installed_unit_id").references(() => installedUnits.id, { onDelete: "set null" }),
    orderLineId: integer("order_line_id").references(() => orderLines.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    equipment: text("equipment", { enum: RITE_EQUIPMENT }).notNull(),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    serialNumber: text("serial_number").notNull().default(""),
    /** Null while a unit bought here waits for its installation. */
    installedOn: date("installed_on", { mode: "string" }),
    /** Useful nominal power on the unit's plate; null when not known. */
    powerKw: doublePrecision("power_kw"),
    refrigerant: text("refrigerant"),
    chargeKg: doublePrecision("charge_kg"),
    hermeticallySealed: boolean("hermetically_sealed").notNull().default(false),
    leakDetection: boolean("leak_detection").notNull().default(false),
    /** The day of the last maintenance recorded by a signed report. */
    lastMaintainedOn: date("last_maintained_on", { mode: "string" }),
    /** The day a visit's report found a refrigerant leak; cleared by the next report that found none. */
    leakFoundOn: date("leak_found_on", { mode: "string" }),
    /** True when the customer typed it (not bought or installed here). */
    declared: boolean("declared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("plan_units_plan_idx").on(t.planId),
    check("plan_units_power", sql`${t.powerKw} is null or (${t.powerKw} > 0 and ${t.powerKw} < 10000)`),
    check("plan_units_charge", sql`${t.chargeKg} is null or (${t.chargeKg} > 0 and ${t.chargeKg} < 10000)`),
  ],
);

/**
 * A plan's renewal for one year (issue 31): made when the customer is told, 30 days before the
 * renewal day (unique per plan and day: however many instances run the task, one notice);
 * paid, it issues its invoice and moves the plan's renewal day a year on; unpaid 30 days after
 * the renewal day, the plan ends.
 */
export const planRenewals = pgTable(
  "plan_renewals",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: "restrict" }),
    /** The renewal day: the year paid for starts here. */
    renewsOn: date("renews_on", { mode: "string" }).notNull(),
    /** VAT included. */
    amountCents: integer("amount_cents").notNull(),
    method: text("method", { enum: RENEWAL_METHODS }).notNull(),
    state: text("state", { enum: RENEWAL_STATES }).notNull().default("pendiente"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    bankReference: text("bank_reference"),
    paidRecordedBy: text("paid_recorded_by"),
    /** A direct debit: the pain.008 file (its message id) that carried it, its sequence type and collection day. */
    sepaMessageId: text("sepa_message_id"),
    sepaSequence: text("sepa_sequence"),
    collectionOn: date("collection_on", { mode: "string" }),
    /** Paid by the kept card: its one charge (never a second: a refusal turns the renewal to a transfer). */
    cardChargeId: integer("card_charge_id").references(() => cardCharges.id, { onDelete: "restrict" }),
    /** The bank returned the debit: its reason code (AC04, MD06...). */
    returnReason: text("return_reason"),
    /** The last day to pay when later than 30 days after the renewal day (a debit returned after it was credited). */
    payBy: date("pay_by", { mode: "string" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("plan_renewals_plan_day_unique").on(t.planId, t.renewsOn),
    uniqueIndex("plan_renewals_card_charge_unique").on(t.cardChargeId),
    index("plan_renewals_state_idx").on(t.state, t.renewsOn),
    check("plan_renewals_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * A plan's maintenance visit when it falls due (issue 31): six weeks before, a maintenance job
 * is opened and the customer is e-mailed free slots to choose from, with this row's token as the
 * key of the booking page. Unique per plan and due day: however many instances run the task,
 * one job and one e-mail. Unbooked after 14 days, one reminder; unbooked a week after that, the
 * owner's list («Visitas sin fecha»). Done when the job's report is signed.
 */
export const planVisits = pgTable(
  "plan_visits",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: "restrict" }),
    /** The day the visit is due (the plan's earliest unit). */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "restrict" }),
    /** Unguessable: the key of the page where the customer chooses the day. */
    token: text("token").notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** The Madrid day of the signed report that recorded it; the plan's units were maintained then. */
    doneOn: date("done_on", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("plan_visits_plan_due_unique").on(t.planId, t.dueOn),
    uniqueIndex("plan_visits_job_unique").on(t.jobId),
    uniqueIndex("plan_visits_token_unique").on(t.token),
  ],
);
