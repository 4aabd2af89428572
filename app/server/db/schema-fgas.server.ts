import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./schema.server";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
