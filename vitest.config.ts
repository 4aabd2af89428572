import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    reporters: ["default", "json"],
    outputFile: { json: "tests/.tmp/results/unit.json" },
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
