import { boolean, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../db/columns.server";

/* Uploaded pictures and the sizes pages serve (issue 11; docs/decisions/0026-schema-by-area.md). */

/** An uploaded picture (product photo, carousel image, brand logo), checked and stripped of metadata. */
export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** The name the file had on the owner's device, for the back office only. */
  originalName: text("original_name").notNull().default(""),
  /** A photo of a customer's home in a work report (issue 17): never served at /imagenes/fotos. */
  private: boolean("private").notNull().default(false),
  createdAt: createdAt(),
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
