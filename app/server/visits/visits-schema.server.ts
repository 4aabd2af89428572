import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { VISIT_STATES } from "~/domain/visits/visit-state";
import { user } from "../accounts/accounts-schema.server";
import { customers } from "../customers/customers-schema.server";
import { createdAt, digitsOf, searchedText, updatedAt } from "../db/columns.server";
import { contactRequests } from "../quotes/quotes-schema.server";

/* The free visit booked after a quote request (issue 17). */

/** One row (id 1): how long a visit slot is and how far ahead visits can be booked. */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: integer("id").primaryKey().default(1),
    slotMinutes: integer("slot_minutes").notNull().default(60),
    horizonDays: integer("horizon_days").notNull().default(14),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("booking_settings_single_row", sql`${t.id} = 1`),
    check("booking_settings_slot_range", sql`${t.slotMinutes} between 15 and 480`),
    check("booking_settings_horizon_range", sql`${t.horizonDays} between 1 and 90`),
  ],
);

/** The owner's weekly availability for visits: Madrid wall-clock "HH:MM" ranges per weekday (1 Monday .. 7 Sunday). */
export const visitHours = pgTable(
  "visit_hours",
  {
    id: serial("id").primaryKey(),
    weekday: integer("weekday").notNull(),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
  },
  (t) => [
    index("visit_hours_weekday_idx").on(t.weekday),
    check("visit_hours_weekday_range", sql`${t.weekday} between 1 and 7`),
    check("visit_hours_order", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** Days without visits (holidays of the shop, training, ...), Madrid's calendar days. */
export const blockedDays = pgTable("blocked_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  reason: text("reason").notNull().default(""),
  createdAt: createdAt(),
});

/** Public holidays in the Comunidad de Madrid (the yearly official list, editable in the back office). */
export const publicHolidays = pgTable("public_holidays", {
  day: date("day", { mode: "string" }).primaryKey(),
  name: text("name").notNull(),
});

/**
 * A booked visit. Two reserved visits never overlap: an exclusion constraint on their time
 * ranges (migration 0015), so two customers racing for the last slot on any number of
 * instances get one booking and one refusal.
 */
export const visits = pgTable(
  "visits",
  {
    id: serial("id").primaryKey(),
    contactRequestId: integer("contact_request_id").references(() => contactRequests.id, { onDelete: "set null" }),
    /** Unguessable, in the links to change or cancel the visit. */
    token: text("token").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    state: text("state", { enum: VISIT_STATES }).notNull().default("reservada"),
    technicianId: text("technician_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    town: text("town").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** The one customer record (issue 30). */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the back office's one search matches (issue 30). */
    searchText: text("search_text").generatedAlwaysAs(searchedText(["name", "email", digitsOf("phone"), "address", "town"])),
  },
  (t) => [
    uniqueIndex("visits_token_unique").on(t.token),
    index("visits_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("visits_starts_idx").on(t.startsAt),
    index("visits_request_idx").on(t.contactRequestId),
    index("visits_customer_idx").on(t.customerId),
    check("visits_order", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
