// The e2e server: the production build on a fresh embedded database under tests/.tmp.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = "tests/.tmp/e2e-data";
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}/pglite.lock`, { force: true });
const child = spawn(process.execPath, ["build/server/index.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
