// `npm run test:e2e` runs this first: the end-to-end tests drive Debian's Chromium (never a
// downloaded browser). When it is missing, install it with apt as root, or say in one line
// exactly what to run, and stop with that line rather than failing obscurely later.
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

const chrome = process.env.CHROME_PATH || "/usr/bin/chromium";

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (!runnable(chrome)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const custom = Boolean(process.env.CHROME_PATH) && chrome !== "/usr/bin/chromium";
  const command = "apt-get update && apt-get install -y chromium";
  if (!isRoot || custom || !runnable("/usr/bin/apt-get")) {
    const how = custom ? `corrija CHROME_PATH (${chrome}) / fix CHROME_PATH` : `sudo sh -c "${command}"`;
    console.error(`Falta Chromium para las pruebas e2e / Chromium is missing for the e2e tests: ${how}`);
    process.exit(1);
  }
  console.log("Chromium no está instalado: se instala con apt (unos 40 s) / installing Chromium with apt...");
  try {
    execFileSync("sh", ["-c", command], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    console.error(`No se pudo instalar Chromium / could not install Chromium: ejecute / run: ${command}`);
    process.exit(1);
  }
  if (!runnable(chrome)) {
    console.error(`Chromium sigue sin estar en ${chrome} / still missing: ejecute / run: ${command}`);
    process.exit(1);
  }
  console.log("Chromium instalado / installed.");
}
