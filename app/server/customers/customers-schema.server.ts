import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "../accounts/accounts-schema.server";
import { compactOf, createdAt, digitsOf, searchedText, updatedAt } from "../db/columns.server";

/*
 * One customer record (issue 30): a person or a company, with or without an account, found
 * or created from requests, visits, quotes and orders by e-mail, NIF or phone
 * (customer-records.server.ts). Merging two keeps one and points the other at it.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    /** The person, or the company's contact. */
    name: text("name").notNull(),
    company: text("company").notNull().default(""),
    /** NIF, NIE or CIF as typed upper-case without spaces; "" when unknown. */
    nif: text("nif").notNull().default(""),
    /** Lower case; "" when unknown. */
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** The phone's last nine digits, what matching compares ("" when none). */
    phoneKey: text("phone_key").notNull().default(""),
    address: text("address").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    town: text("town").notNull().default(""),
    province: text("province").notNull().default(""),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes").notNull().default(""),
    /** Set when merged into another record: this one is no longer listed or matched. */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => customers.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the back office's one search matches. */
    searchText: text("search_text").generatedAlwaysAs(
      searchedText(["name", "company", compactOf("nif"), "email", digitsOf("phone"), "address", "postcode", "town"]),
    ),
  },
  (t) => [
    index("customers_email_idx").on(t.email).where(sql`merged_into_id is null and email <> ''`),
    index("customers_nif_idx").on(t.nif).where(sql`merged_into_id is null and nif <> ''`),
    index("customers_phone_idx").on(t.phoneKey).where(sql`merged_into_id is null and phone_key <> ''`),
    index("customers_user_idx").on(t.userId),
    index("customers_created_idx").on(t.createdAt, t.id),
    index("customers_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("customers_not_self", sql`${t.mergedIntoId} is null or ${t.mergedIntoId} <> ${t.id}`),
  ],
);
