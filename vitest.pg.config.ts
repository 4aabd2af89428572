import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The PostgreSQL path: needs TEST_DATABASE_URL (see README); each run uses a new database.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/pg/**/*.test.ts"],
    environment: "node",
    reporters: ["default", "json"],
    outputFile: { json: "tests/.tmp/results/pg.json" },
    setupFiles: ["tests/setup/setup-test-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file works in databases of its own, created and dropped there: files run on every
    // core, sharing their worker's process (tests/setup/setup-test-env.ts). 83 s one file at a
    // time and isolated, 37-39 s so, 30-11-2026.
    maxWorkers: "100%",
    isolate: false,
    env: { NODE_ENV: "test" },
  },
});
