import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import { freshDataDir, specPort, startAppServer } from "../support/app-server";

/**
 * The process as an operator sees it: its own server on its own embedded database,
 * stopped with SIGTERM, a flag set with `npm run flag` in between, started again.
 */
const PORT = specPort(40);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = freshDataDir("proceso");
const env = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1" };

const startServer = () => startAppServer({ port: PORT, dataDir });

function runFlag(...args: string[]) {
  return spawnSync("npm", ["run", "--silent", "flag", "--", ...args], { env, encoding: "utf8" });
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

/** What under the folder the group or others could read, write or enter (issue 28, finding 4). */
function notPrivate(folder: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = statSync(entry);
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${entry}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(folder);
  return found;
}

test("SIGTERM finishes the request in flight, closes the database and exits within 5 s", async () => {
  const server = await startServer();
  expect((await fetch(`${base}/`)).status).toBe(200);
  // A new embedded database: every file and folder the shop's own only, PGlite's unpacked ones too.
  expect(notPrivate(dataDir)).toEqual([]);

  // A form post whose body is still arriving when the signal comes. "Expect: 100-continue":
  // the server's "100 Continue" says it has the request; its log says it has the signal.
  const req = http.request(`${base}/cookies`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", Expect: "100-continue" },
  });
  const reply = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => resolve(res.statusCode ?? 0));
    req.on("error", reject);
  });
  const received = new Promise((resolve) => req.once("continue", resolve));
  req.flushHeaders();
  await received;
  req.write("decision=rech");
  server.child.kill("SIGTERM");
  const signalledAt = Date.now();
  await expect.poll(() => server.output()).toContain("señal recibida");
  req.end("azar&redirectTo=/");
  expect(await reply).toBe(302);
  const code = await server.exited;
  const tookMs = Date.now() - signalledAt;
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(5000);
  expect(server.output()).toContain("cerrado limpiamente");
  // Not listening any more.
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
});

test("maintenance flag: pages answer 503, assets and /healthz keep working; data survives restarts", async () => {
  const flagOn = runFlag("maintenance", "on");
  expect(flagOn.status, flagOn.stderr).toBe(0);
  expect(flagOn.stdout).toContain("maintenance: activado");

  const server = await startServer();
  try {
    for (const pathname of ["/", "/tienda", "/no-existe"]) {
      const response = await fetch(`${base}${pathname}`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("600");
      expect(await response.text()).toContain("Estamos en mantenimiento");
    }
    const post = await fetch(`${base}/cookies`, { method: "POST", body: new URLSearchParams({ decision: "aceptar" }) });
    expect(post.status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);

    // The embedded database belongs to the running server: the script refuses, clearly.
    const refused = runFlag("maintenance", "off");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("en uso por el proceso");
  } finally {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }

  const flagOff = runFlag("maintenance", "off");
  expect(flagOff.status, flagOff.stderr).toBe(0);
  const again = await startServer();
  try {
    expect((await fetch(`${base}/`)).status).toBe(200);
  } finally {
    again.child.kill("SIGTERM");
    await again.exited;
  }
});

test("the flag command explains its usage", () => {
  const wrong = runFlag("mantenimiento", "si");
  expect(wrong.status).toBe(1);
  expect(wrong.stderr).toContain("Uso: npm run flag -- <campaignCalderas|");
});
