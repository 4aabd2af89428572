import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "~/domain/orders/order-status";
import { WITHDRAWAL_STATES } from "~/domain/orders/withdrawal-state";
import { PAY_METHODS } from "~/domain/payments/payment-methods";
import { user } from "../accounts/accounts-schema.server";
import { customers } from "../customers/customers-schema.server";
import { bytea, compactOf, createdAt, digitsOf, foldedLower, searchedText, tsvector, updatedAt } from "../db/columns.server";

/* Orders, their lines, status changes, withdrawals and F-gas declarations (docs/decisions/0026-schema-by-area.md). */

export type Address = {
  id: string;
  nombre: string;
  apellidos: string;
  empresa: string;
  direccion: string;
  pais: "España";
  poblacion: string;
  provincia: string;
  cp: string;
  telefono: string;
};

/** Words the back office's order search reads (issue 11): number, e-mail, billing name and NIF/CIF/NIE. */
const SEARCHED = [
  "number",
  "user_email",
  "coalesce(address_bill->>'nombre', '')",
  "coalesce(address_bill->>'apellidos', '')",
  "coalesce(address_bill->>'empresa', '')",
  "coalesce(address_bill->>'id', '')",
].join(" || ' ' || ");

/** What the back office's one search matches (issue 30): number, e-mail, both addresses' people, NIF, place and phones. */
const FOUND_BY = [
  compactOf("number"),
  "user_email",
  ...["address_bill", "address_send"].flatMap((address) => [
    `${address}->>'nombre'`,
    `${address}->>'apellidos'`,
    `${address}->>'empresa'`,
    compactOf(`${address}->>'id'`),
    digitsOf(`${address}->>'telefono'`),
  ]),
  "address_send->>'direccion'",
  "address_send->>'poblacion'",
  "address_send->>'cp'",
];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("Pendiente de Pago"),
    amountCents: integer("amount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** Charged without Spanish VAT (delivered to Canarias, Ceuta or Melilla; decision 0009), as the checkout decided. */
    vatExempt: boolean("vat_exempt").notNull().default(false),
    addressSend: jsonb("address_send").$type<Address>().notNull(),
    addressBill: jsonb("address_bill").$type<Address>().notNull(),
    payMethod: text("pay_method", { enum: PAY_METHODS }).notNull(),
    // One order per checkout attempt, whatever the number of clicks (issue 4).
    idempotencyKey: text("idempotency_key"),
    // The back office's status flow (issue 11; app/domain/orders/order-status.ts).
    paidAt: timestamp("paid_at", { withTimezone: true }),
    bankReference: text("bank_reference"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** "YYYY-MM-DD", Madrid's calendar day of the installation visit. */
    installationDate: text("installation_date"),
    installationSlot: text("installation_slot"),
    cancelReason: text("cancel_reason"),
    internalNotes: text("internal_notes").notNull().default(""),
    /** When the unpaid-transfer reminder went out (app/server/scheduled). */
    transferReminderAt: timestamp("transfer_reminder_at", { withTimezone: true }),
    // Card and Bizum (issue 12): the units are taken at the order and held until hold_until;
    // with no payment by then they go back (units_held false) and paying again takes them anew.
    unitsHeld: boolean("units_held").notNull().default(true),
    /** When a card or Bizum order was switched to transfer: its transfer deadlines count from then. */
    transferSince: timestamp("transfer_since", { withTimezone: true }),
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** The one customer record (issue 30). */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** An order taken by phone (issue 30): who in the shop made it, and the customer's unguessable payment link. */
    placedBy: text("placed_by"),
    payToken: text("pay_token"),
    /** When the customer agreed, at checkout, that Redsys keeps the card to renew the order's maintenance plans (issue 31). */
    renewalCardConsentAt: timestamp("renewal_card_consent_at", { withTimezone: true }),
    // Accents folded (foldedLower) so "garcia" finds "García".
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, ${foldedLower(SEARCHED)})`),
    searchText: text("search_text").generatedAlwaysAs(searchedText(FOUND_BY)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.number),
    uniqueIndex("orders_idempotency_unique").on(t.idempotencyKey),
    index("orders_user_email_idx").on(t.userEmail),
    // The back office's list: newest first, filtered by status or payment method (issue 11).
    // Ascending, read backwards: PostgreSQL uses a row comparison (created_at, id) < (...) of
    // the export's keyset paging only on an ascending index (scripts/bench/admin-orders.ts).
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_pay_method_created_idx").on(t.payMethod, t.createdAt, t.id),
    index("orders_search_idx").using("gin", t.search),
    index("orders_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("orders_installation_idx").on(t.installationDate),
    index("orders_customer_idx").on(t.customerId),
    uniqueIndex("orders_pay_token_unique").on(t.payToken),
    index("orders_hold_idx").on(t.holdUntil).where(sql`units_held and hold_until is not null`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id"),
    family: text("family").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    type: text("type").notNull(),
    priceCents: integer("price_cents").notNull(),
    gas: text("gas"),
    region: text("region"),
    image: text("image"),
    /** A maintenance contracted for a unit we installed (issue 31): installed_units.id, checked against the buyer when the plan is made. */
    installedUnitId: integer("installed_unit_id"),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** Every status change of an order, with what was recorded with it (bank reference, carrier...). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.at)],
);

/** A customer's withdrawal from an order (EU Directive 2023/2673; issue 5). */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    reason: text("reason").notNull().default(""),
    // Handled in the back office: recibido -> devuelto -> reembolsado (issue 11).
    state: text("state", { enum: WITHDRAWAL_STATES }).notNull().default("recibido"),
    goodsReturnedAt: timestamp("goods_returned_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundCents: integer("refund_cents"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("withdrawals_order_unique").on(t.orderId), index("withdrawals_created_idx").on(t.createdAt)],
);

/**
 * The buyer's declaration for equipment with fluorinated gases that is not hermetically
 * sealed, bought without our installation (Real Decreto 115/2017, issue 15, decision 0012):
 * made when the order is placed; the installing company's details may follow later, and the
 * installer's certificate is uploaded from the order page.
 */
export const fgasDeclarations = pgTable("fgas_declarations", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** The declaring buyer's full name, as typed. */
  declarantName: text("declarant_name").notNull(),
  /** The declaring buyer's NIF/NIE/CIF. */
  declarantId: text("declarant_id").notNull(),
  declaredAt: timestamp("declared_at", { withTimezone: true }).notNull().defaultNow(),
  /** The authorised installing company, when known. */
  installerName: text("installer_name").notNull().default(""),
  installerId: text("installer_id").notNull().default(""),
  /** The company's registration as authorised for fluorinated gases (its region's register). */
  installerRegistration: text("installer_registration").notNull().default(""),
  certificate: bytea("certificate"),
  certificateName: text("certificate_name"),
  certificateType: text("certificate_type"),
  certificateAt: timestamp("certificate_at", { withTimezone: true }),
});
