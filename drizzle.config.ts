import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each area's tables in its folder, what every area uses in db/ (docs/decisions/0026-schema-by-area.md).
  schema: "./app/server/*/*-schema.server.ts",
  out: "./drizzle",
});
