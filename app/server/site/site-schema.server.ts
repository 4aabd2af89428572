import { boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { FLAG_NAMES } from "~/domain/site/flags";
import { updatedAt } from "../db/columns.server";
import { images } from "../images/images-schema.server";

/* The site's switches and the owner's home-page pictures (docs/decisions/0026-schema-by-area.md). */

export const flags = pgTable("flags", {
  name: text("name", { enum: FLAG_NAMES }).primaryKey(),
  enabled: boolean("enabled").notNull().default(false),
  updatedAt: updatedAt(),
});

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
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.area, t.position] })],
);
