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
import { rmSync } from "node:fs";
import path from "node:path";
// Node 24 runs the TypeScript helper as it is (type stripping): the same start as a spec's own server.
import { fillFromTemplate, startAppServer } from "../support/app-server.ts";

const port = Number(process.env.PORT ?? 3100);
const dataDir = `tests/.tmp/e2e-data-${port}`;
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const template = process.env.E2E_DATA_TEMPLATE;

/** A first start on an empty folder migrates and seeds it; then it stops and loses its task rows. */
async function makeTemplate(folder) {
  rmSync(folder, { recursive: true, force: true });
  const server = await startAppServer({ port: port + 199, dataDir: folder });
  const code = await server.stop();
  if (code !== 0) throw new Error(`el servidor de la plantilla terminó con ${code}:\n${server.output()}`);
  const db = new PGlite({ dataDir: path.join(folder, "pglite"), extensions: { pg_trgm } });
  try {
    await db.exec("delete from scheduled_tasks");
  } finally {
    await db.close();
  }
}

if (template && process.env.E2E_MAKE_DATA_TEMPLATE === "1") await makeTemplate(template);
rmSync(dataDir, { recursive: true, force: true });
fillFromTemplate(dataDir);
const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
