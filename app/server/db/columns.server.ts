import { sql, type SQL } from "drizzle-orm";
import { customType, timestamp } from "drizzle-orm/pg-core";
import { ACCENTED, PLAIN } from "~/domain/catalogue/search-folding";

/*
 * Column helpers every area's schema file uses (docs/decisions/0026-schema-by-area.md).
 * Column names are English; the spec's Spanish field names map to them in
 * docs/decisions/0002-field-names.md. Money is always integer cents.
 */

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's own text search vector (issue 11: the back office's order search; issue 15: search). */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Binary data kept in the database (image variants, certificates), so every instance has it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An SQL text expression lower-cased with its accents folded, letter for letter as
 * foldAccents in ~/domain/catalogue/search-folding does on what people type, so that
 * "garcia" finds "García" (generated search columns, issues 11 and 15).
 */
export function foldedLower(expression: string): SQL {
  return sql`translate(lower(${sql.raw(expression)}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}

/** The digits of a text expression: "+34 600 12 34 56" -> "34600123456" (a phone however typed). */
export const digitsOf = (expression: string) => `regexp_replace(${expression}, '[^0-9]', '', 'g')`;

/** Letters and digits only: "12345678-Z" -> "12345678Z", "F2026-000123" -> "F2026000123". */
export const compactOf = (expression: string) => `regexp_replace(${expression}, '[^0-9A-Za-z]', '', 'g')`;

/**
 * The text the back office's one search matches (issue 30, ~/domain/admin/search-terms): the
 * parts (SQL text expressions, missing ones empty) side by side, lower case with accents
 * folded. Each area's table keeps its own as a generated column with a trigram index.
 */
export function searchedText(parts: string[]): SQL {
  return foldedLower(parts.map((part) => `coalesce(${part}, '')`).join(" || ' ' || "));
}
