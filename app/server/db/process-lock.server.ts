import { spawnSync } from "node:child_process";
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";

/**
 * PGlite's data folder must be opened by one process only; two writers corrupt it.
 * A lock file names its owner by pid AND process start time: a pid alone is not enough,
 * because after a crash (SIGKILL, power cut, container restart) the pid in a stale lock
 * may belong to an unrelated live process, which must not block the restart.
 */
export type LockOwner = { pid: number; start: string | null };

export class ProcessLockBusyError extends Error {
  constructor(readonly pid: number) {
    super(`La base de datos integrada está en uso por el proceso ${pid}. Deténgalo antes (solo un proceso puede abrirla).`);
    this.name = "ProcessLockBusyError";
  }
}

export function acquireProcessLock(lockPath: string): () => void {
  const content = JSON.stringify({ pid: process.pid, start: processStart(process.pid) } satisfies LockOwner);
  // The lock appears with its content in one step (link), so nobody ever reads a half-written one.
  const draft = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(draft, content);
  try {
    if (!tryCreate(draft, lockPath)) withTakeoverGuard(lockPath, () => takeOver(lockPath, draft));
  } finally {
    rmSync(draft, { force: true });
  }
  return () => {
    // Never remove a lock that is no longer ours.
    if (readText(lockPath) === content) rmSync(lockPath, { force: true });
  };
}

/** Under the guard: refuse a live owner, replace a dead one's lock in one rename. */
function takeOver(lockPath: string, draft: string): void {
  for (;;) {
    if (tryCreate(draft, lockPath)) return;
    const text = readText(lockPath);
    if (text === undefined) continue; // released meanwhile: try to create it again
    const owner = parseOwner(text);
    if (owner && owner.pid !== process.pid && isRunning(owner)) throw new ProcessLockBusyError(owner.pid);
    // The file never disappears during the replacement, so no process can slip in by link.
    renameSync(draft, lockPath);
    return;
  }
}

/** Only one process at a time may judge and replace a stale lock; the guard is held for microseconds. */
function withTakeoverGuard(lockPath: string, work: () => void): void {
  const guard = `${lockPath}.takeover`;
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      writeFileSync(guard, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A process that died inside the guard leaves it behind; seconds old means dead.
      if (ageMs(guard) > 2000) rmSync(guard, { force: true });
      else if (Date.now() > deadline) throw new Error(`No se pudo tomar el cerrojo ${lockPath}: otro proceso lo está tomando.`, { cause: error });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
  try {
    work();
  } finally {
    rmSync(guard, { force: true });
  }
}

const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** Creates `to` with the content of `from` unless it exists; false when it does. */
function tryCreate(from: string, to: string): boolean {
  try {
    try {
      linkSync(from, to);
    } catch (error) {
      // A file system without hard links: exclusive create, then write (a tiny window of an empty lock).
      if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
      writeFileSync(to, readFileSync(from), { flag: "wx" });
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Our JSON lock, or an older plain-pid lock (start unknown); anything else is garbage, i.e. stale. */
export function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), start: null };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (Number.isInteger(value.pid) && (value.pid as number) > 0) {
      return { pid: value.pid as number, start: typeof value.start === "string" ? value.start : null };
    }
  } catch {
    // not JSON
  }
  return null;
}

/** Is the process that wrote this lock still running (same pid, same start time)? */
export function isRunning(owner: LockOwner): boolean {
  if (!signalable(owner.pid)) return false;
  if (owner.start === null) return true; // cannot tell: the safe answer is "yes"
  const now = processStart(owner.pid);
  return now === null ? signalable(owner.pid) : now === owner.start;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When a process started, as a string that no other process shares: on Linux the boot id
 * and the start time in clock ticks (/proc); elsewhere `ps`'s start time; null when unknown.
 */
export function processStart(pid: number): string | null {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Field 22 (starttime); the command name in field 2 may hold spaces and parentheses.
      const startTicks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      return `${bootId()}:${startTicks}`;
    } catch {
      return null;
    }
  }
  if (process.platform === "win32") return null;
  const ps = spawnSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && ps.stdout.trim() ? ps.stdout.trim() : null;
}

let cachedBootId: string | undefined;
function bootId(): string {
  try {
    cachedBootId ??= readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    cachedBootId = "";
  }
  return cachedBootId;
}
