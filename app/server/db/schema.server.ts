import { getTableColumns, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { FLAG_NAMES } from "~/domain/site/flags";
import { ORDER_STATUSES } from "~/domain/orders/order-status";
import { PAY_METHODS } from "~/domain/payments/payment-methods";
import { ENERGY_CLASSES, FAMILIES, type BasketLine, type Dimensions, type ProductPhoto } from "~/domain/catalogue/product";
import { REQUEST_STATES } from "~/domain/quotes/request-state";
import { ACCENTED, PLAIN } from "~/domain/catalogue/search-folding";
import { WITHDRAWAL_STATES } from "~/domain/orders/withdrawal-state";

/*
 * One PostgreSQL schema for PGlite (embedded) and PostgreSQL (DATABASE_URL).
 * Column names are English; the spec's Spanish field names map to them in
 * docs/decisions/0002-field-names.md. Money is always integer cents.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's own text search vector (issue 11: the back office's order search; issue 15: search). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });


export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    family: text("family", { enum: FAMILIES }).notNull(),
    slug: text("slug").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    type: text("type").notNull(),
    priceCents: integer("price_cents").notNull(),
    previousPriceCents: integer("previous_price_cents"),
    promotion: boolean("promotion").notNull().default(false),
    promotionDiscountCents: integer("promotion_discount_cents"),
    deal: boolean("deal").notNull().default(false),
    stock: integer("stock").notNull().default(0),
    /** The back office lists the product as low on stock at or below this (issue 11). */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(2),
    certification: text("certification"),
    description: text("description").notNull(),
    description2: text("description2").notNull().default(""),
    image: text("image").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** The owner's uploaded photos, main first (app/server/catalogue); empty: the demo images above. */
    photos: jsonb("photos").$type<ProductPhoto[]>().notNull().default([]),
    energyClass: text("energy_class", { enum: ENERGY_CLASSES }),
    powerKw: doublePrecision("power_kw"),
    flowLpm: doublePrecision("flow_lpm"),
    heatingPowerKw: doublePrecision("heating_power_kw"),
    accumulator: text("accumulator"),
    heatPump: boolean("heat_pump"),
    wifi: boolean("wifi"),
    mainsPowered: boolean("mains_powered"),
    coolingCapacityFgh: integer("cooling_capacity_fgh"),
    noiseIndoorDb: doublePrecision("noise_indoor_db"),
    noiseOutdoorDb: doublePrecision("noise_outdoor_db"),
    refrigerant: text("refrigerant"),
    inverter: boolean("inverter"),
    controller: text("controller"),
    dimensions: jsonb("dimensions").$type<Dimensions>(),
    dimensionsOutdoor: jsonb("dimensions_outdoor").$type<Dimensions>(),
    dimensionsIndoor: jsonb("dimensions_indoor").$type<Dimensions>(),
    dimensionsTank: jsonb("dimensions_tank").$type<Dimensions>(),
    // Issue 15: what the comparison and the sizing advisor line up, and the EU product database.
    /** Seasonal energy efficiency ratio (cooling), air conditioners and aerothermal units. */
    seer: doublePrecision("seer"),
    /** Seasonal coefficient of performance (heating, average climate). */
    scop: doublePrecision("scop"),
    /** Sound power level of the outdoor unit (or the unit), dB(A), as on the energy label. */
    soundPowerDb: doublePrecision("sound_power_db"),
    /** Registration number in EPREL, the EU product database (Regulation 2017/1369). */
    eprelNumber: text("eprel_number"),
    /**
     * Holds fluorinated gas and is not hermetically sealed (a split): sold without our
     * installation only with the buyer's declaration (Real Decreto 115/2017, decision 0012).
     */
    fgasNotSealed: boolean("fgas_not_sealed").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What search matches (issue 15, app/server/catalogue/search): brand, model and type,
     * lower case with accents folded as ~/domain/search-folding does, for the trigram index
     * (one typo) and the text search vector below.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`translate(lower(brand || ' ' || model || ' ' || type), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`,
    ),
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, translate(lower(brand || ' ' || model || ' ' || type), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`,
    ),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    index("products_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_family_idx").on(t.family),
    // The shop's catalogue pages (app/server/catalogue/catalogue.server.ts), visible rows only:
    // a family's page in price order, stopping after the page, with brand and power in the key so
    // the filters and the count are read from the index alone; and brand (then power) filters.
    index("products_shop_price_idx").on(t.family, t.priceCents, t.id, t.brand, t.powerKw).where(sql`${t.active}`),
    index("products_shop_brand_idx").on(t.family, t.brand, t.powerKw).where(sql`${t.active}`),
    check("products_price_positive", sql`${t.priceCents} >= 0`),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
    // The EU energy label is mandatory online for these families (Regulation 2017/1369).
    check(
      "products_energy_class_required",
      sql`${t.family} = 'termostatos' OR ${t.energyClass} IS NOT NULL`,
    ),
  ],
);

export const flags = pgTable("flags", {
  name: text("name", { enum: FLAG_NAMES }).primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: updatedAt(),
});

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The privacy-policy retention job deletes by age (app/server/scheduled).
  (t) => [index("contact_requests_created_idx").on(t.createdAt)],
);

/** The visitor's basket, kept server-side behind an httpOnly cookie (docs/deviations.md). */
export const baskets = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    lines: jsonb("lines").$type<BasketLine[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("carts_updated_idx").on(t.updatedAt)],
);

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

export { ORDER_STATUSES } from "~/domain/orders/order-status";


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
    // Words the back office searches: number, e-mail, billing name and NIF/CIF/NIE.
    // Accents folded (~/domain/search-folding) so "garcia" finds "García".
    search: tsvector("search").generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, translate(lower(number || ' ' || user_email || ' ' || coalesce(address_bill->>'nombre', '') || ' ' || coalesce(address_bill->>'apellidos', '') || ' ' || coalesce(address_bill->>'empresa', '') || ' ' || coalesce(address_bill->>'id', '')), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`,
    ),
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
    index("orders_installation_idx").on(t.installationDate),
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
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

/** Deliveries to outside services (task board, e-mail), done after the commit, retried. */
export const OUTBOX_STATUSES = ["pending", "done", "failed", "skipped"] as const;

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The claim that holds the entry: only that claim may finish it (app/server/outbox.server.ts).
    claimToken: text("claim_token"),
    // Set just before the irreversible step of a send, and when the service took it: an entry
    // found with the first and not the second was interrupted mid-send (it may have arrived).
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** What the delivery is about, e.g. "contact:12" or "order:34" (the back office shows it there). */
    ref: text("ref"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_finished_idx").on(t.status, t.updatedAt),
    index("outbox_ref_idx").on(t.ref),
  ],
);

/** Recurring maintenance tasks: one row per task; a run is claimed by one instance at a time. */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  claimToken: text("claim_token"),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** What the last run did (its log line), or why it failed. */
  lastResult: text("last_result"),
  lastFailed: boolean("last_failed").notNull().default(false),
});

/* Accounts: the tables better-auth expects (its CLI needs Node 22, so they are written here). */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /** Set by us when this session passed the second factor; /admin requires it (issue 11). */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /** The last proof of the password or a passkey in this session (sign-in or re-authentication, issue 28). */
    reauthenticatedAt: timestamp("reauthenticated_at", { withTimezone: true }),
    /** A staff session's last request, for the idle limit (issue 28); updated at most once a minute. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * A product as the app reads it: every column but the generated search ones (issue 15), which
 * only the search's SQL uses and which must not travel in a page's data.
 */
const { searchText: _searchText, searchVector: _searchVector, ...productColumns } = getTableColumns(products);
export { productColumns };
export type Product = Omit<typeof products.$inferSelect, "searchText" | "searchVector">;
export type NewProduct = typeof products.$inferInsert;

/**
 * better-auth's rate-limit counters ("rateLimit" model). better-auth deletes every row here
 * older than its own longest window (60 s), whatever the key, so our limits live apart.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull().unique(),
    count: integer("count").notNull(),
    // Milliseconds since 1970: better-auth's last request, or the start of our own windows.
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limit_last_request_idx").on(t.lastRequest)],
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
 * Our own fixed-window counters (contact form, basket), shared by every instance
 * (app/server/rate-limit.server.ts). Times in milliseconds since 1970; a row is spent once
 * expires_at has passed, and the scheduled purge deletes it then.
 */
export const requestLimits = pgTable(
  "request_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  },
  (t) => [index("request_limits_expires_at_idx").on(t.expiresAt)],
);

export * from "./schema-back-office.server";
export * from "./schema-payments.server";
export * from "./schema-invoices.server";
export * from "./schema-verifactu.server";
export * from "./schema-page-cache.server";
export * from "./schema-stock-alerts.server";
export * from "./schema-fgas.server";
export * from "./schema-visits.server";
export * from "./schema-quotes.server";
export * from "./schema-jobs.server";
export * from "./schema-job-charges.server";
export * from "./schema-staff.server";
