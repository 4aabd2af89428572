import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * A production server of a spec's own: the built app (build/ by default, or E2E_BUILD_DIR)
 * on its own port and embedded database, started as an operator would (node
 * <build>/server/index.js), ready once /healthz answers, stopped with SIGTERM (SIGKILL if it
 * hangs). Specs that need flags set while it is down, a restart on the same data, or outside
 * services (SMTP, task board, OpenID) start one of these instead of using the shared server.
 */

export type AppServerOptions = {
  port: number;
  /** The embedded database's folder; a fresh temporary one when left out. Pass it again to restart on the same data. */
  dataDir?: string;
  /** Extra environment (PUBLIC_BASE_URL defaults to the server's own address). */
  env?: NodeJS.ProcessEnv;
  /** Folder holding the build (server/index.js, client/); default E2E_BUILD_DIR or build/. */
  buildDir?: string;
  /** Working directory of the process (a built copy of the app elsewhere). */
  cwd?: string;
  timeoutMs?: number;
};

export type AppServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
};

/**
 * Ports between two parallel workers' shared servers: each worker's spec servers sit in its
 * own range of 200. 300 apart, the ranges of the first three (3100, 3400, 3700) miss the ports
 * fetch refuses to reach ("bad port": 4190, 3659, 4045, ...) and this machine's services
 * (MariaDB 3306, NATS 4222); 1,000 apart, a spec's server landed on 4190.
 */
export const PORTS_PER_WORKER = 300;

/**
 * The shared e2e server of this Playwright worker: E2E_PORT (default 3100) for the first,
 * 300 more for each further one (TEST_PARALLEL_INDEX); `index` names another worker's.
 */
export function sharedPort(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  return Number(process.env.E2E_PORT ?? 3100) + PORTS_PER_WORKER * index;
}

/** A port for a spec's own server, beside its worker's shared e2e server. */
export function specPort(offset: number): number {
  return sharedPort() + offset;
}

/** A new, empty folder for an embedded database. */
export function freshDataDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `tienda-${name}-`));
}

/**
 * The environment variable naming the run's seeded database to copy: made once per run by the
 * first shared server (tests/e2e/start-server.mjs), in the folder dataTemplateFolder names.
 * A start on a copy takes about 2 s here, a first start on an empty folder about 6 s.
 */
export const DATA_TEMPLATE_ENV = "E2E_DATA_TEMPLATE";

/** Where this run's template lives: one folder per E2E_PORT, so that two runs on one machine do not share it. */
export function dataTemplateFolder(): string {
  return path.resolve(`tests/.tmp/data-template-${process.env.E2E_PORT ?? "3100"}`);
}

/** Gives a data folder without a database a copy of the run's seeded one, once there is one. */
export function fillFromTemplate(dataDir: string): void {
  const template = process.env[DATA_TEMPLATE_ENV];
  const target = path.join(dataDir, "pglite");
  if (!template || existsSync(target) || !existsSync(path.join(template, "pglite"))) return;
  cpSync(path.join(template, "pglite"), target, { recursive: true });
}

/** The production build in use: E2E_BUILD_DIR, or build/ of the app. */
export function buildDirectory(): string {
  return path.resolve(process.env.E2E_BUILD_DIR ?? "build");
}

/** Node's flags for the server, as `npm start` passes them (package.json, config.serverNodeFlags). */
export function serverNodeFlags(cwd = process.cwd()): string[] {
  const file = path.join(cwd, "package.json");
  if (!existsSync(file)) return [];
  const pkg = JSON.parse(readFileSync(file, "utf8")) as { config?: { serverNodeFlags?: string } };
  return (pkg.config?.serverNodeFlags ?? "").split(/\s+/).filter(Boolean);
}

/**
 * Node's extra flags for the specs' own servers (playwright.config.ts sets E2E_SERVER_NODE_FLAGS);
 * none for the bench's, which measures the server as `npm start` runs it.
 */
export function testServerNodeFlags(): string[] {
  return (process.env.E2E_SERVER_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
}

/** The data folder of each server this process started, by its address: fixtures read its .eml files there. */
const dataDirs = new Map<string, string>();

/** Where the server at this address keeps its data: a spec's own server, else the worker's shared one. */
export function dataDirOf(baseUrl: string): string {
  return dataDirs.get(baseUrl) ?? `tests/.tmp/e2e-data-${new URL(baseUrl).port}`;
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const { port, timeoutMs = 90_000 } = options;
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? freshDataDir("servidor");
  dataDirs.set(baseUrl, dataDir);
  fillFromTemplate(dataDir);
  const cwd = options.cwd ?? process.cwd();
  const buildDir = path.resolve(cwd, options.buildDir ?? process.env.E2E_BUILD_DIR ?? "build");
  const child = spawn(process.execPath, [...serverNodeFlags(cwd), ...testServerNodeFlags(), path.join(buildDir, "server/index.js")], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PUBLIC_BASE_URL: baseUrl,
      ...options.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + timeoutMs;
  let last = "sin respuesta";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      // Each try gives up after 5 s: a connection that hangs must not hold the loop past its deadline.
      const health = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (health.ok) return { baseUrl, port, dataDir, output: () => output, child, exited, stop };
      last = `/healthz respondió ${health.status}`;
    } catch (error) {
      // not listening yet
      last = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ""}` : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`el servidor no arrancó en ${timeoutMs / 1000} s (último intento: ${last}):\n${output}`);
}
