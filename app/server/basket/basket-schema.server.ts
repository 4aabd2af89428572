import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { BasketLine } from "~/domain/catalogue/product";
import { createdAt, updatedAt } from "../db/columns.server";

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
