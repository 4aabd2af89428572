/**
 * npm run soak: the shop under faults and load (issue 10, "Faults and load"). Two app
 * instances on a scratch PostgreSQL database behind a round-robin proxy, a task board that
 * fails 30 % of calls, a local SMTP server, N virtual users for two minutes; at 40 s one
 * instance dies by SIGKILL and is restarted, at 80 s the database is unreachable for 10 s.
 * Then the outbox drains and a table compares what the server acknowledged with what was
 * stored and delivered. Exit code 0 only when every target is met. Loopback addresses only;
 * every phase has a time limit. See README, "Soak".
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { startBalancer } from "./balancer";
import { Browser, type Exchange } from "./browser";
import { startDatabaseLeg } from "./database-leg";
import { createInstance, killInstance, startInstance, stopInstance, waitHealthy, type Instance } from "./instances";
import { startMailSink } from "./mail-sink";
import { parseOptions, portsOf, type SoakOptions } from "./options";
import { seededRandom } from "./random";
import { buildReport, type Timeline } from "./report";
import { createScratchDatabase, outboxCounts, outboxHistory, pendingEntries, prepareCatalogue, storedState, type ScratchDatabase } from "./scratch-database";
import { startTaskBoard } from "./task-board";
import { emptyLedger, runVirtualUser } from "./virtual-user";

const STARTUP_LIMIT_MS = 90_000;
const RECOVERY_WATCH_S = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text: string) => console.log(`[soak] ${text}`);

async function build(options: SoakOptions) {
  if (options.skipBuild) {
    if (!existsSync(path.join(options.buildDir, "server/index.js"))) throw new Error(`--skip-build: no build in ${options.buildDir}`);
    say(`build: reusing ${options.buildDir}`);
    return;
  }
  say(`build: BUILD_DIR=${options.buildDir} react-router build (log: ${options.outDir}/build.log)`);
  const logFile = path.join(options.outDir, "build.log");
  const log = openSync(logFile, "w");
  const child = spawn("npx", ["react-router", "build"], { env: { ...process.env, BUILD_DIR: options.buildDir }, stdio: ["ignore", log, log] });
  closeSync(log);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the build failed:\n${readFileSync(logFile, "utf8").slice(-2000)}`);
}

/** Signs a probe account in and returns its Cookie header, for the recovery probe. */
async function probeAccount(baseUrl: string, run: string): Promise<string> {
  const browser = new Browser(0, baseUrl, [], () => 0);
  const email = `${run}-sonda@example.com`;
  const password = "claveSonda-2026";
  await browser.post("/login", { intent: "register", email, password, redirectTo: "" }, "register");
  const reply = await browser.post("/login", { intent: "signin", email, password, redirectTo: "" }, "sign-in");
  if (reply.status !== 302 || !browser.hasCookie("session_token")) throw new Error(`the probe account could not sign in (${reply.status})`);
  return browser.cookieHeader();
}

/** One signed-in page from one instance, straight (not through the proxy): the database answered. */
async function signedInPage(port: number, cookie: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/login`, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(3000) });
    return response.status === 200 && (await response.text()).includes("Ha iniciado sesión");
  } catch {
    return false;
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const ports = portsOf(options);
  const runStarted = Date.now();
  const run = `soak${options.seed}`;
  rmSync(options.outDir, { recursive: true, force: true });
  mkdirSync(options.outDir, { recursive: true });
  await build(options);

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => console.error("[soak] cleanup:", error));
  };
  const interrupted = () => {
    console.error("[soak] interrupted: stopping everything and dropping the scratch database");
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  process.once("uncaughtException", (error) => {
    console.error("[soak] unexpected error:", error);
    void cleanup().finally(() => process.exit(2));
  });
  // A hard limit on the whole run, whatever happens.
  const limitS = 120 + options.durationS + options.drainLimitS + 120;
  const watchdog = setTimeout(() => {
    console.error(`[soak] over ${limitS} s: giving up`);
    void cleanup().finally(() => process.exit(2));
  }, limitS * 1000);
  watchdog.unref();

  let t0 = 0;
  const clock = () => (t0 === 0 ? 0 : (Date.now() - t0) / 1000);
  try {
    const board = await startTaskBoard({ port: ports.taskBoard, random: seededRandom(options.seed ^ 0x5eed), clock });
    cleanups.push(board.close);
    const mail = await startMailSink({ port: ports.smtp, clock });
    cleanups.push(mail.close);
    const db: ScratchDatabase = await createScratchDatabase(options.adminUrl);
    cleanups.push(() => db.drop().then(() => say(`dropped database ${db.name}`)));
    say(`database ${db.name}; leg 127.0.0.1:${ports.database} -> 127.0.0.1:5432 (${options.pauseMode})`);
    const admin = new URL(options.adminUrl);
    const leg = await startDatabaseLeg({ port: ports.database, target: { host: "127.0.0.1", port: Number(admin.port || 5432) }, mode: options.pauseMode });
    cleanups.push(leg.close);

    const baseUrl = `http://127.0.0.1:${ports.balancer}`;
    const env = {
      DATABASE_URL: db.urlThrough(ports.database),
      SEED_DEMO: "1",
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_BASE_URL: baseUrl,
      TRUST_PROXY: "loopback",
      SMTP_URL: mail.url,
      TRELLO_API_URL: board.url,
      TRELLO_KEY: "soak-key",
      TRELLO_TOKEN: "soak-token",
      TRELLO_LIST_ID: "soak-list",
      OUTBOX_POLL_MS: "500",
      // One address per virtual user; each may send more than the 5 requests a real visitor would.
      CONTACT_RATE_LIMIT: "1000",
      LOG_LEVEL: "warn",
    };
    const instances: Instance[] = ports.instances.map((port, index) => createInstance(index === 0 ? "a" : "b", port));
    const start = (instance: Instance) => startInstance(instance, { buildDir: options.buildDir, outDir: options.outDir, env });
    cleanups.push(() => Promise.all(instances.map(stopInstance)));
    for (const instance of instances) start(instance);
    await Promise.all(instances.map((instance) => waitHealthy(instance, STARTUP_LIMIT_MS)));
    const products = await prepareCatalogue(db);
    say(`instances a :${ports.instances[0]} and b :${ports.instances[1]} up; ${products.length} products`);

    const balancer = await startBalancer({ port: ports.balancer, backends: instances, clock });
    cleanups.push(balancer.close);
    const probeCookie = await probeAccount(baseUrl, run);

    // The traffic, and the faults on their schedule.
    const exchanges: Exchange[] = [];
    const ledger = emptyLedger();
    t0 = Date.now();
    say(`traffic: ${options.users} virtual users for ${options.durationS} s through ${baseUrl}`);
    const users = Array.from({ length: options.users }, (_, index) =>
      runVirtualUser({
        browser: new Browser(index + 1, baseUrl, exchanges, clock),
        random: seededRandom(options.seed + index + 1),
        products,
        ledger,
        run,
        clock,
        endsAt: options.durationS,
      }),
    );
    const until = async (second: number) => {
      while (clock() < second) await sleep(Math.min(200, (second - clock()) * 1000));
    };

    const timeline: Timeline = { killAt: 0, backAt: null, killedBySignal: false, pauseAt: 0, resumeAt: 0, end: 0 };
    const recovery: Record<string, number | null> = Object.fromEntries(instances.map((instance) => [instance.name, null]));
    let probeFailuresDuringPause = 0;
    const faults = (async () => {
      await until(options.killAtS);
      const victim = instances[1]!;
      const child = victim.child!;
      timeline.killAt = clock();
      await killInstance(victim);
      timeline.killedBySignal = child.signalCode === "SIGKILL";
      say(`${timeline.killAt.toFixed(1)} s: instance ${victim.name} killed (SIGKILL), restarting`);
      start(victim);
      await waitHealthy(victim, STARTUP_LIMIT_MS);
      timeline.backAt = clock();
      say(`${timeline.backAt.toFixed(1)} s: instance ${victim.name} answers again`);

      await until(options.pauseAtS);
      timeline.pauseAt = clock();
      leg.pause();
      say(`${timeline.pauseAt.toFixed(1)} s: database leg paused`);
      // The probe shows the pause bites; it runs beside the schedule, so a held probe cannot delay the resume.
      const probing = (async () => {
        while (leg.paused) {
          const answers = await Promise.all(instances.map((instance) => signedInPage(instance.port, probeCookie)));
          probeFailuresDuringPause += answers.filter((ok) => !ok).length;
          await sleep(250);
        }
      })();
      await until(options.pauseAtS + options.pauseForS);
      leg.resume();
      timeline.resumeAt = clock();
      await probing;
      say(`${timeline.resumeAt.toFixed(1)} s: database leg resumed`);
      while (clock() < timeline.resumeAt + RECOVERY_WATCH_S && instances.some((instance) => recovery[instance.name] === null)) {
        await Promise.all(
          instances.map(async (instance) => {
            if (recovery[instance.name] !== null) return;
            if (await signedInPage(instance.port, probeCookie)) recovery[instance.name] = clock() - timeline.resumeAt;
          }),
        );
        await sleep(200);
      }
      say(`recovery: ${Object.entries(recovery).map(([name, s]) => `${name} ${s === null ? "never" : `${s.toFixed(1)} s`}`).join(", ")}`);
    })();
    await Promise.all([...users, faults]);
    timeline.end = clock();
    say(`traffic over at ${timeline.end.toFixed(1)} s: ${exchanges.length} requests; waiting for the outbox (at most ${options.drainLimitS} s)`);

    // Drain: every entry done or failed for good.
    const drainStart = Date.now();
    let drainedAfterS: number | null = null;
    while (Date.now() - drainStart < options.drainLimitS * 1000) {
      const counts = await outboxCounts(db);
      if (Object.values(counts).every((statuses) => !statuses.pending)) {
        drainedAfterS = (Date.now() - drainStart) / 1000;
        break;
      }
      await sleep(1000);
    }
    const stored = await storedState(db);
    const outbox = await outboxCounts(db);
    const pending = await pendingEntries(db);
    writeFileSync(path.join(options.outDir, "outbox.txt"), `${await outboxHistory(db, t0)}\n`);

    const verdict = buildReport({
      date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
      run,
      cores: availableParallelism(),
      users: options.users,
      seed: options.seed,
      pauseMode: options.pauseMode,
      graceS: options.graceS,
      recoveryTargetS: options.recoveryTargetS,
      timeline,
      exchanges,
      cuts: balancer.cuts,
      ledger,
      stored,
      cards: board.cards,
      mails: mail.messages,
      outbox,
      drainedAfterS,
      pending,
      drainLimitS: options.drainLimitS,
      recovery,
      probeFailuresDuringPause,
      leg: leg.stats,
      board: board.counts,
      runSeconds: (Date.now() - runStarted) / 1000,
    });
    await cleanup();
    console.log(`\n${verdict.text}\n`);
    writeFileSync(path.join(options.outDir, "result.txt"), `${verdict.text}\n`);
    say(`table written to ${options.outDir}/result.txt; instance logs beside it`);
    process.exitCode = verdict.pass ? 0 : 1;
  } catch (error) {
    await cleanup();
    throw error;
  } finally {
    clearTimeout(watchdog);
  }
}

main().catch((error: unknown) => {
  console.error("[soak]", error instanceof Error ? error.message : error);
  process.exit(2);
});
