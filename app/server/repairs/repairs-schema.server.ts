import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { Coverage } from "~/domain/repairs/repair-coverage";
import { REPAIR_FAMILIES, REPAIR_SOURCES, REPAIR_STATES, URGENCIES } from "~/domain/repairs/repair-fields";
import { customers } from "../customers/customers-schema.server";
import { createdAt, updatedAt } from "../db/columns.server";
import { installedUnits, jobs } from "../jobs/jobs-schema.server";
import { maintenancePlans } from "../maintenance/maintenance-schema.server";

/*
 * Breakdowns reported to the shop (issue 31, «averías»): from the public form, from a unit of
 * «Mis equipos», or taken by the owner on the phone. A known unit brings its plate, guarantees
 * and plan; the coverage shown before sending is kept as it was shown.
 */
export const repairRequests = pgTable(
  "repair_requests",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** Lower case. */
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    address: text("address").notNull(),
    postcode: text("postcode").notNull(),
    town: text("town").notNull(),
    /** The unit we installed, when reported from «Mis equipos» (its customer's, checked). */
    installedUnitId: integer("installed_unit_id").references(() => installedUnits.id, { onDelete: "set null" }),
    /** The running plan that maintains it, if any. */
    planId: integer("plan_id").references(() => maintenancePlans.id, { onDelete: "set null" }),
    family: text("family", { enum: REPAIR_FAMILIES }).notNull(),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    serialNumber: text("serial_number").notNull().default(""),
    problem: text("problem").notNull(),
    urgency: text("urgency", { enum: URGENCIES }).notNull(),
    availability: text("availability").notNull().default(""),
    /** Private images (the image pipeline), in the order sent. */
    photoIds: jsonb("photo_ids").$type<number[]>().notNull().default([]),
    /** What the form said it would cost before the diagnosis (coverage-of at the moment it was sent). */
    coverage: jsonb("coverage").$type<Coverage>().notNull(),
    source: text("source", { enum: REPAIR_SOURCES }).notNull(),
    /** The owner who took it by phone. */
    takenBy: text("taken_by"),
    state: text("state", { enum: REPAIR_STATES }).notNull().default("nueva"),
    ownerNotes: text("owner_notes").notNull().default(""),
    /** The customer's page of the breakdown, /averias/<token> (newLinkToken): its repair, report, invoices and payments. */
    token: text("token")
      .notNull()
      .default(sql`translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`),
    /** The repair job the owner opened for it. */
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("repair_requests_state_idx").on(t.state, t.createdAt),
    index("repair_requests_email_idx").on(sql`lower(${t.customerEmail})`),
    index("repair_requests_customer_idx").on(t.customerId),
    uniqueIndex("repair_requests_token_unique").on(t.token),
    uniqueIndex("repair_requests_job_unique").on(t.jobId),
    check("repair_requests_call_out", sql`(${t.coverage}->>'callOutCents')::int >= 0`),
  ],
);
