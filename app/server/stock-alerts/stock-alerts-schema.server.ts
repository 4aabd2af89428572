import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../catalogue/catalogue-schema.server";
import { createdAt } from "../db/columns.server";

export const STOCK_ALERT_STATES = ["pendiente", "confirmado", "avisado", "retirado"] as const;
export type StockAlertState = (typeof STOCK_ALERT_STATES)[number];

/**
 * "Avísame cuando vuelva a estar disponible" (issue 15): a visitor's request for one e-mail
 * when a product without stock gets stock again. Confirmed by e-mail first (double opt-in),
 * withdrawn by a link carrying `token`; closed ("avisado") once the e-mail is queued.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** Unguessable, in the confirmation and withdrawal links. */
    token: text("token").notNull(),
    state: text("state", { enum: STOCK_ALERT_STATES }).notNull().default("pendiente"),
    /** When the visitor ticked the consent box (the wording they saw is in the code's history). */
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_alerts_token_unique").on(t.token),
    // One open request per address and product: asking twice sends the confirmation again.
    uniqueIndex("stock_alerts_open_unique")
      .on(t.productId, sql`lower(${t.email})`)
      .where(sql`${t.state} in ('pendiente', 'confirmado')`),
    index("stock_alerts_product_state_idx").on(t.productId, t.state),
  ],
);
