// Starts the production build under another Node binary and loads a few pages: CI proves with
// it that the shop still runs on Node 22, the older LTS line it supports (decision 0025).
// Usage: node scripts/smoke-node.mjs <path-to-node> <report-name>
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const [nodeBinary, reportName = "node"] = process.argv.slice(2);
if (!nodeBinary) {
  console.error("uso: node scripts/smoke-node.mjs <node> <informe>");
  process.exit(2);
}
const port = Number(process.env.SMOKE_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "humo-"));
const child = spawn(nodeBinary, ["build/server/index.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_BASE_URL: "" },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
child.stderr.on("data", (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));

const checks = [];
async function check(name, run) {
  try {
    await run();
    checks.push({ name, ok: true });
  } catch (error) {
    checks.push({ name, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`sin respuesta de /healthz en 120 s\n${output.slice(-2000)}`);
}

const version = await new Promise((resolve) => {
  const probe = spawn(nodeBinary, ["--version"]);
  let text = "";
  probe.stdout.on("data", (chunk) => (text += chunk));
  probe.on("exit", () => resolve(text.trim()));
});
console.log(`Prueba de humo con Node ${version}`);

await check(`arranca con Node ${version}`, () => waitForHealth(Date.now() + 120_000));
for (const page of ["/", "/tienda/calderas", "/tienda/detalle/calderas/1", "/contacto", "/login"]) {
  await check(`GET ${page}`, async () => {
    const response = await fetch(base + page);
    const html = await response.text();
    if (response.status !== 200 || !html.includes('<html lang="es"')) throw new Error(`${response.status}`);
  });
}
await check("POST /cookies (una acción)", async () => {
  const response = await fetch(`${base}/cookies`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: "decision=rechazar&redirectTo=%2Ftienda",
  });
  if (response.status !== 302 || response.headers.get("location") !== "/tienda") throw new Error(`${response.status}`);
});
child.kill("SIGTERM");
await check("se detiene limpiamente con SIGTERM", async () => {
  const { code } = await exited;
  if (code !== 0) throw new Error(`salió con ${code}`);
});
rmSync(dataDir, { recursive: true, force: true });

for (const result of checks) console.log(`${result.ok ? "ok  " : "FALLO"} ${result.name}${result.ok ? "" : `: ${result.error}`}`);
const failed = checks.filter((result) => !result.ok).length;
mkdirSync("tests/.tmp/results", { recursive: true });
// The shape .ci/summarize.mjs reads (Vitest's counters).
writeFileSync(
  `tests/.tmp/results/${reportName}.json`,
  JSON.stringify({ numPassedTests: checks.length - failed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0 }),
);
process.exit(failed > 0 ? 1 : 0);
