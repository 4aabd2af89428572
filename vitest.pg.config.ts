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
    fileParallelism: false,
    env: { NODE_ENV: "test" },
  },
});
