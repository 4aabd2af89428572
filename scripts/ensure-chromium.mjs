// `npm run test:e2e` runs this first. The end-to-end tests drive Debian's chromium-headless-shell
// (E2E_CHROME_PATH) and Lighthouse in `npm run bench` Debian's full Chromium (CHROME_PATH): never
// a downloaded browser. When one is missing, install its package with apt as root, or say in one
// line exactly what to run, and stop with that line rather than failing obscurely later.
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

/** Each browser: where it is looked for, its default place and the Debian package that puts it there. */
const browsers = [
  { variable: "CHROME_PATH", standard: "/usr/bin/chromium", pkg: "chromium" },
  { variable: "E2E_CHROME_PATH", standard: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" },
].map((browser) => ({ ...browser, file: process.env[browser.variable] || browser.standard }));

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const missing = browsers.filter((browser) => !runnable(browser.file));
if (missing.length > 0) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const custom = missing.find((browser) => browser.file !== browser.standard);
  const command = `apt-get update && apt-get install -y ${missing.map((browser) => browser.pkg).join(" ")}`;
  if (!isRoot || custom || !runnable("/usr/bin/apt-get")) {
    const how = custom ? `corrija ${custom.variable} (${custom.file}) / fix ${custom.variable}` : `sudo sh -c "${command}"`;
    console.error(`Falta Chromium para las pruebas e2e / Chromium is missing for the e2e tests: ${how}`);
    process.exit(1);
  }
  console.log(`Falta ${missing.map((browser) => browser.pkg).join(" y ")}: se instala con apt (unos 40 s) / installing with apt...`);
  try {
    execFileSync("sh", ["-c", command], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    console.error(`No se pudo instalar Chromium / could not install Chromium: ejecute / run: ${command}`);
    process.exit(1);
  }
  const still = missing.filter((browser) => !runnable(browser.file));
  if (still.length > 0) {
    console.error(`Sigue faltando ${still.map((browser) => browser.file).join(", ")} / still missing: ejecute / run: ${command}`);
    process.exit(1);
  }
  console.log("Chromium instalado / installed.");
}
