// The e2e server: the production build (E2E_BUILD_DIR or build/) on an embedded database of its
// own under tests/.tmp, one folder per port so that two runs on one machine do not share it.
// It starts on a copy of the run's seeded database (E2E_DATA_TEMPLATE), which the first shared
// server makes (E2E_MAKE_DATA_TEMPLATE=1, playwright.config.ts): Playwright starts its web
// servers one after the other and before globalSetup, so the migrations and the demo catalogue
// run once per run instead of once per server. The template's scheduled tasks' rows are taken
// out, so each server runs its tasks on its first poll as on a new database.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const port = Number(process.env.PORT ?? 3100);
const dataDir = `tests/.tmp/e2e-data-${port}`;
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const template = process.env.E2E_DATA_TEMPLATE;

function startServer(folder, env = {}) {
  return spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: folder, ...env },
  });
}

/** A first start on an empty folder migrates and seeds it; then it stops and loses its task rows. */
async function makeTemplate(folder) {
  rmSync(folder, { recursive: true, force: true });
  const templatePort = port + 199;
  const child = startServer(folder, { PORT: String(templatePort), PUBLIC_BASE_URL: `http://127.0.0.1:${templatePort}` });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor de la plantilla terminó con ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("el servidor de la plantilla no arrancó en 90 s");
    const ok = await fetch(`http://127.0.0.1:${templatePort}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`el servidor de la plantilla terminó con ${code}`);
  const db = new PGlite({ dataDir: path.join(folder, "pglite"), extensions: { pg_trgm } });
  try {
    await db.exec("delete from scheduled_tasks");
  } finally {
    await db.close();
  }
}

if (template && process.env.E2E_MAKE_DATA_TEMPLATE === "1") await makeTemplate(template);
rmSync(dataDir, { recursive: true, force: true });
if (template && existsSync(path.join(template, "pglite"))) cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
const child = startServer(dataDir);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
