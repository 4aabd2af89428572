import { parseArgs } from "node:util";

/**
 * Settings of one soak run: `npm run soak -- --users 8 --skip-build`. Every duration is bounded
 * so that the run always ends by itself; every address is on 127.0.0.1.
 */
export type SoakOptions = {
  users: number;
  /** Seconds of traffic, and when the faults happen (seconds after the traffic starts). */
  durationS: number;
  killAtS: number;
  pauseAtS: number;
  pauseForS: number;
  /** New database connections during the pause: reset at once, or held until it ends. */
  pauseMode: "refuse" | "hold";
  /** 5xx still allowed this long after the database returns, and after the SIGKILL. */
  graceS: number;
  recoveryTargetS: number;
  /** Upper bound of the wait for the outbox to drain after the traffic. */
  drainLimitS: number;
  skipBuild: boolean;
  buildDir: string;
  outDir: string;
  basePort: number;
  adminUrl: string;
  seed: number;
};

export const USAGE = `npm run soak -- [--users N] [--duration S] [--kill-at S] [--pause-at S] [--pause-for S]
                [--pause-mode refuse|hold] [--drain-limit S] [--skip-build] [--base-port P] [--seed N]`;

export function parseOptions(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: "string", default: "8" },
      duration: { type: "string", default: "120" },
      "kill-at": { type: "string", default: "40" },
      "pause-at": { type: "string", default: "80" },
      "pause-for": { type: "string", default: "10" },
      "pause-mode": { type: "string", default: "refuse" },
      grace: { type: "string", default: "2" },
      "drain-limit": { type: "string", default: "300" },
      "skip-build": { type: "boolean", default: process.env.SOAK_SKIP_BUILD === "1" },
      "base-port": { type: "string", default: "3500" },
      "admin-url": { type: "string", default: process.env.SOAK_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
      seed: { type: "string", default: String(Date.now() % 1_000_000) },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: keyof typeof values, min: number, max: number) => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min || value > max) throw new Error(`--${name}: between ${min} and ${max}\n${USAGE}`);
    return value;
  };
  const mode = values["pause-mode"];
  if (mode !== "refuse" && mode !== "hold") throw new Error(`--pause-mode: refuse or hold\n${USAGE}`);
  const options: SoakOptions = {
    users: number("users", 1, 64),
    durationS: number("duration", 20, 900),
    killAtS: number("kill-at", 1, 900),
    pauseAtS: number("pause-at", 1, 900),
    pauseForS: number("pause-for", 1, 120),
    pauseMode: mode,
    graceS: number("grace", 0, 30),
    recoveryTargetS: 10,
    drainLimitS: number("drain-limit", 10, 900),
    skipBuild: values["skip-build"],
    buildDir: "tests/.tmp/build-soak",
    outDir: "tests/.tmp/soak",
    basePort: number("base-port", 1024, 65000),
    adminUrl: values["admin-url"],
    seed: number("seed", 0, 2 ** 31),
  };
  if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)(:\d+)?\//.test(options.adminUrl)) {
    throw new Error("--admin-url: only a PostgreSQL server on this machine (127.0.0.1)");
  }
  if (options.killAtS >= options.durationS || options.pauseAtS + options.pauseForS >= options.durationS) {
    throw new Error("the faults must happen inside the traffic (--kill-at, --pause-at + --pause-for < --duration)");
  }
  return options;
}

/** The ports of one run, all on 127.0.0.1, from --base-port (default 3500-3505). */
export function portsOf(options: SoakOptions) {
  const base = options.basePort;
  return { balancer: base, instances: [base + 1, base + 2], database: base + 3, taskBoard: base + 4, smtp: base + 5 };
}
