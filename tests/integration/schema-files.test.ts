import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import drizzleConfig from "../../drizzle.config";
import { setupTestDatabase } from "../db-utils";

/*
 * Each area's tables sit in its own app/server/<area>/<area>-schema.server.ts and drizzle-kit
 * reads them by a glob (docs/decisions/0026-schema-by-area.md). A table written in a file the
 * glob misses would silently drop out of the next `npm run db:generate`: this pins that the
 * glob finds every table the migrations made, and nothing else.
 */
const SCHEMA_GLOB = "./app/server/*/*-schema.server.ts";
const schemaFiles = import.meta.glob<Record<string, unknown>>("/app/server/*/*-schema.server.ts", { eager: true });

const handle = setupTestDatabase();

describe("the schema files", () => {
  it("are the files drizzle-kit reads", () => {
    expect("schema" in drizzleConfig && drizzleConfig.schema).toBe(SCHEMA_GLOB);
    expect(Object.keys(schemaFiles)).toContain("/app/server/db/shared-schema.server.ts");
  });

  it("define every table of the migrated database, each once", async () => {
    const defined = Object.values(schemaFiles)
      .flatMap((module) => Object.values(module))
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table));
    const { db } = await handle;
    const { rows } = await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(new Set(defined).size).toBe(defined.length);
    expect([...defined].sort()).toEqual(rows.map((row) => row.name).sort());
  });
});
