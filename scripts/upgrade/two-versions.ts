/**
 * npm run test:upgrade [-- <git ref>]: an upgrade without downtime, tried (issue 32). The
 * previous release (by default: the last commit before the newest migration) and this one run
 * on one PostgreSQL database, as during a rolling upgrade behind a balancer:
 *
 *   1. the previous version alone, with customers browsing, asking for quotes, registering
 *      and ordering;
 *   2. this version starts on the same database while that traffic goes on, and applies its
 *      newer migrations; the previous one must stay ready (/readyz) and keep answering;
 *   3. both serve customers at once;
 *   4. the previous version is stopped; this one serves alone.
 *
 * It passes when no request got a 5xx or no answer, and every quote request, order and account
 * either version acknowledged is in the database. Needs git, PostgreSQL (UPGRADE_DATABASE_URL,
 * else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and, the first time,
 * npm to install and build the previous version in a checkout of its own under /tmp.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Browser, type Exchange } from "../soak/browser";
import { createInstance, startInstance, stopInstance, type Instance } from "../soak/instances";
import { seededRandom } from "../soak/random";
import { TOKEN } from "../soak/report";
import { createScratchDatabase, prepareCatalogue, storedState, type ScratchDatabase } from "../soak/scratch-database";
import { emptyLedger, runVirtualUser, type Ledger } from "../soak/virtual-user";

const say = (line: string) => console.log(line);
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

function previousRelease(): string {
  const asked = process.argv[2] ?? process.env.UPGRADE_FROM;
  if (asked) return git("rev-parse", "--verify", `${asked}^{commit}`);
  const newestMigration = git("log", "-1", "--format=%H", "--", "drizzle/meta/_journal.json");
  return git("rev-parse", `${newestMigration}^`);
}

/** A checkout of `commit` under /tmp, installed and built once (kept for the next run). */
function preparePrevious(commit: string): string {
  const dir = path.join(tmpdir(), `tienda-anterior-${commit.slice(0, 10)}`);
  if (!existsSync(path.join(dir, "package.json"))) {
    spawnSync("git", ["worktree", "prune"]);
    git("worktree", "add", "--detach", "--force", dir, commit);
  }
  if (!existsSync(path.join(dir, "node_modules"))) {
    const sameLock = readFileSync(path.join(dir, "package-lock.json"), "utf8") === readFileSync("package-lock.json", "utf8");
    if (sameLock) symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    else {
      say(`  npm ci in ${dir} (its packages differ from this version's)…`);
      execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--silent"], { cwd: dir, stdio: "inherit" });
    }
  }
  if (!existsSync(path.join(dir, "build/server/index.js"))) {
    say(`  building the previous version in ${dir}…`);
    execFileSync("npx", ["react-router", "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  }
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function migrationsApplied(db: ScratchDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
  return rows[0]!.n;
}

async function status(instance: Instance, route: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${instance.port}${route}`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
  await response?.body?.cancel();
  return response?.status ?? 0;
}

/** /readyz's answer; a version older than /readyz (404 there) answers with /healthz's. */
async function readiness(instance: Instance): Promise<number> {
  const ready = await status(instance, "/readyz");
  return ready === 404 ? status(instance, "/healthz") : ready;
}

async function waitReady(instance: Instance, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (instance.child?.exitCode !== null) throw new Error(`the ${instance.name} version exited while starting (see its log)`);
    if ((await readiness(instance)) === 200) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`the ${instance.name} version was not ready within ${limitMs / 1000} s`);
}

async function main() {
  const from = previousRelease();
  const to = git("rev-parse", "HEAD");
  say(`Previous version ${from.slice(0, 10)} (${git("log", "-1", "--format=%s", from).slice(0, 80)}…)`);
  say(`This version     ${to.slice(0, 10)}`);
  const previousDir = preparePrevious(from);
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: ["ignore", "ignore", "inherit"] });

  const adminUrl = process.env.UPGRADE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const outDir = mkdtempSync(path.join(tmpdir(), "tienda-actualizacion-"));
  const db = await createScratchDatabase(adminUrl);
  const instances: Instance[] = [];
  try {
    const env = {
      DATABASE_URL: new URL(`/${db.name}`, adminUrl).toString(),
      SEED_DEMO: "1",
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_BASE_URL: "http://127.0.0.1:5401",
      OUTBOX_POLL_MS: "500",
      CONTACT_RATE_LIMIT: "1000",
      CART_RATE_LIMIT: "1000",
      SIGN_IN_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    };
    const previous = createInstance("anterior", 5401);
    const current = createInstance("nueva", 5402);
    instances.push(previous, current);
    startInstance(previous, { buildDir: path.join(previousDir, "build"), outDir, env, cwd: previousDir });
    await waitReady(previous, 120_000);
    const before = await migrationsApplied(db);
    const products = await prepareCatalogue(db);
    say(`1. previous version up on ${db.name}: ${before} migrations, ${products.length} products`);

    const ledger: Ledger = emptyLedger();
    const exchanges: Exchange[] = [];
    const t0 = Date.now();
    const clock = () => (Date.now() - t0) / 1000;
    let user = 0;
    const customers = (instance: Instance, count: number, untilS: number) =>
      Array.from({ length: count }, () => {
        user += 1;
        return runVirtualUser({
          browser: new Browser(user, `http://127.0.0.1:${instance.port}`, exchanges, clock),
          random: seededRandom(4_000 + user),
          products,
          ledger,
          run: `upg${process.pid}`,
          clock,
          endsAt: untilS,
        });
      });

    // 1-2: customers on the previous version while this one starts and migrates.
    const onPrevious = customers(previous, 3, 30);
    await sleep(5_000);
    startInstance(current, { buildDir: "build", outDir, env });
    const readyIn = await waitReady(current, 120_000);
    const after = await migrationsApplied(db);
    const previousReady = await readiness(previous);
    const readinessRoute = (await status(previous, "/readyz")) === 404 ? "/healthz (that version predates /readyz)" : "/readyz";
    say(`2. this version ready in ${(readyIn / 1000).toFixed(1)} s, migrations ${before} -> ${after}; the previous one's ${readinessRoute}: ${previousReady}`);
    // 3: both at once.
    const onCurrent = customers(current, 3, 30);
    await Promise.all(onPrevious);
    say(`3. both served customers until ${clock().toFixed(0)} s`);
    // 4: the previous one stopped, as the rolling upgrade's last step.
    await stopInstance(previous);
    const alone = customers(current, 2, clock() + 8);
    await Promise.all([...onCurrent, ...alone]);
    say(`4. the previous version stopped; this one served alone until ${clock().toFixed(0)} s`);

    await sleep(1_000);
    const stored = await storedState(db);
    const tokens = new Set(stored.requests.map((row) => TOKEN.exec(row.message)?.[1]).filter(Boolean));
    const numbers = new Set(stored.orders.map((row) => row.number));
    const emails = new Set(stored.users.map((row) => row.email));
    const lost = {
      requests: [...ledger.quotes.acknowledged].filter((token) => !tokens.has(token)).length,
      orders: [...ledger.orders.acknowledged.values()].flatMap((set) => [...set]).filter((number) => !numbers.has(number)).length,
      accounts: [...ledger.accounts.acknowledged].filter((email) => !emails.has(email)).length,
    };
    const failed = exchanges.filter((exchange) => exchange.status === 0 || exchange.status >= 500);
    say("");
    say(`requests sent: ${exchanges.length}; 5xx or no answer: ${failed.length}${failed.length ? ` (${failed.slice(0, 5).map((e) => `${e.method} ${e.label} ${e.status}`).join(", ")})` : ""}`);
    say(`acknowledged: ${ledger.quotes.acknowledged.size} quote requests, ${ledger.orders.acknowledged.size} orders, ${ledger.accounts.acknowledged.size} accounts; lost: ${lost.requests + lost.orders + lost.accounts}`);
    const checks: [string, boolean][] = [
      ["this version applied newer migrations while the previous one served", after > before],
      ["the previous version stayed ready on the newer schema", previousReady === 200],
      ["no 5xx and no unanswered request on either version", failed.length === 0],
      ["customers' quote requests and orders were acknowledged", ledger.quotes.acknowledged.size > 0 && ledger.orders.acknowledged.size > 0],
      ["nothing acknowledged lost", lost.requests + lost.orders + lost.accounts === 0],
    ];
    for (const [what, ok] of checks) say(`${ok ? "PASS" : "FAIL"}  ${what}`);
    say(`Instance logs in ${outDir}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await Promise.all(instances.map(stopInstance));
    await db.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
