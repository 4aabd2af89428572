// `npm start` runs this first: build the app when there is no build or the sources are newer.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const output = "build/server/index.js";
const sources = ["app", "server.ts", "vite.config.ts", "react-router.config.ts", "package.json", "public"];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log("Construyendo la aplicación (react-router build)...");
  execSync("react-router build", { stdio: "inherit" });
}
