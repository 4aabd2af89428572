// The e2e server: the production build (E2E_BUILD_DIR or build/) on a fresh embedded database
// under tests/.tmp, one folder per port so that two runs on one machine do not share it.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = `tests/.tmp/e2e-data-${process.env.PORT ?? "3100"}`;
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}/pglite.lock`, { force: true });
const buildDir = process.env.E2E_BUILD_DIR ?? "build";
const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
