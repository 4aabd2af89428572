import { afterEach, beforeEach, vi } from "vitest";

// Test files share worker processes (vitest.config.ts, isolate: false): each file starts from
// the environment the run began with and from fresh app modules (configuration memo, caches,
// in-memory limits), while the libraries' modules stay loaded.
const shared = globalThis as typeof globalThis & { __originalEnv?: NodeJS.ProcessEnv };
shared.__originalEnv ??= { ...process.env };
for (const name of Object.keys(process.env)) if (!(name in shared.__originalEnv)) delete process.env[name];
Object.assign(process.env, shared.__originalEnv);
vi.resetModules();

// A test that logs an unexpected console.error fails; expected ones are spied on in the test.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error inesperado: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
