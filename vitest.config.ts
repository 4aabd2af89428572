import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Vitest's default is one worker less than the cores: on a 2-core machine, one (147 s
    // here); every core: 106 s. Each file has its own embedded database.
    maxWorkers: "100%",
    // Files share their worker's process (tests/setup/setup-test-env.ts gives each file the
    // run's environment and fresh app modules): the libraries load once per worker, not once
    // per file. The unit suite took 188 s isolated and 106-123 s shared, 30-11-2026.
    isolate: false,
    reporters: ["default", "json"],
    outputFile: { json: "tests/.tmp/results/unit.json" },
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
