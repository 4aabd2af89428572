import { sql } from "drizzle-orm";
import { bigserial, customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * What changed that pages show (issue 14, app/server/page-cache/change-watch.server.ts):
 * one row per tag ("site", "products", "f:<family>", "p:<id>") written by triggers on the
 * tables pages read, with the writing transaction's id, so that each instance's page cache can
 * tell exactly which changes committed since it last looked. Kept an hour (scheduled purge).
 */
export const pageChanges = pgTable(
  "page_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tag: text("tag").notNull(),
    tx: xid8("tx").notNull().default(sql`pg_current_xact_id()`),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_changes_tx_idx").on(t.tx), index("page_changes_changed_at_idx").on(t.changedAt)],
);
