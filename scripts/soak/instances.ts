import { spawn, type ChildProcess } from "node:child_process";
import { openSync, closeSync } from "node:fs";
import path from "node:path";
import type { Backend } from "./balancer";

/**
 * The app instances: `node <build>/server/index.js`, each with its own port and data folder,
 * the same database and signing secret; output goes to <outDir>/instance-<name>.log.
 */
export type Instance = Backend & {
  child: ChildProcess | null;
  starts: number;
  exited: Promise<void>;
};

const running = new Set<ChildProcess>();
// Whatever ends the script, no instance outlives it.
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export function createInstance(name: string, port: number): Instance {
  return { name, port, up: false, child: null, starts: 0, exited: Promise.resolve() };
}

/** `cwd`: the app's folder (its drizzle/ migrations); another version's checkout for the upgrade test. */
export function startInstance(instance: Instance, options: { buildDir: string; outDir: string; env: Record<string, string>; cwd?: string }) {
  const log = openSync(path.join(options.outDir, `instance-${instance.name}.log`), "a");
  const child = spawn(process.execPath, [path.join(options.buildDir, "server/index.js")], {
    cwd: options.cwd ?? process.cwd(),
    env: {
      PATH: process.env.PATH ?? "",
      ...options.env,
      PORT: String(instance.port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: path.join(options.outDir, `data-${instance.name}`),
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  running.add(child);
  child.once("exit", () => running.delete(child));
  instance.child = child;
  instance.starts += 1;
  instance.exited = new Promise((resolve) => child.once("exit", () => resolve()));
  return child;
}

/** Waits until /readyz answers 200 (the database is migrated and reachable). */
export async function waitHealthy(instance: Instance, limitMs: number): Promise<number> {
  const started = Date.now();
  let exited = false;
  void instance.exited.then(() => (exited = true));
  while (Date.now() - started < limitMs) {
    if (exited) throw new Error(`instance ${instance.name} exited while starting (see instance-${instance.name}.log)`);
    try {
      const response = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) {
        instance.up = true;
        return Date.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance ${instance.name} did not answer within ${limitMs / 1000} s`);
}

export async function killInstance(instance: Instance): Promise<void> {
  instance.child?.kill("SIGKILL");
  await instance.exited;
}

/** SIGTERM (the graceful stop finishes within 5 s), then SIGKILL. */
export async function stopInstance(instance: Instance): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 6000);
  await instance.exited;
  clearTimeout(timer);
}
