import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orders, user } from "./schema.server";

/* Tables of the back office (issue 11); re-exported by schema.server.ts. */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** better-auth's two-factor plugin ("twoFactor" model): the TOTP secret and backup codes, encrypted. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * Every change made in the back office: who, what, when, before and after. Rows are never
 * changed or deleted: the migration adds a trigger that refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The administrator's e-mail, or "sistema" for the scheduled jobs. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** e.g. "pedido", "producto", "solicitud", "cliente", "sitio". */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at.desc()), index("audit_log_entity_idx").on(t.entity, t.entityId)],
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

/** An uploaded picture (product photo, carousel image, brand logo), checked and stripped of metadata. */
export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** The name the file had on the owner's device, for the back office only. */
  originalName: text("original_name").notNull().default(""),
  /** A photo of a customer's home in a work report (issue 17): never served at /imagenes/fotos. */
  private: boolean("private").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The resized copies of an image that pages serve (in the database, so every instance has them). */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format", { enum: ["avif", "webp", "jpeg", "png"] }).notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

/** The owner's own pictures on the home page: the renovation carousel and the brand-logo strip. */
export const siteMedia = pgTable(
  "site_media",
  {
    area: text("area", { enum: ["carrusel", "marcas"] }).notNull(),
    position: integer("position").notNull(),
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "restrict" }),
    caption: text("caption").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.position] })],
);

