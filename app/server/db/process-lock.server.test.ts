import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { acquireProcessLock, processStart } from "./process-lock.server";

const dir = mkdtempSync(path.join(tmpdir(), "lock-"));
const lockModule = path.resolve(import.meta.dirname, "process-lock.server.ts");

/** A node process that takes the lock and says "taken" or "busy", then waits to be stopped. */
function lockHolder(lockPath: string): { child: ChildProcess; said: Promise<string> } {
  const code = `
    const { acquireProcessLock } = await import(${JSON.stringify(lockModule)});
    try { acquireProcessLock(${JSON.stringify(lockPath)}); console.log("taken"); }
    catch (error) { console.log(error.name === "ProcessLockBusyError" ? "busy" : "error " + error.message); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const said = new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim());
    });
    child.on("exit", (code) => reject(new Error(`lock holder exited (${code}) before answering`)));
  });
  return { child, said };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("acquireProcessLock", () => {
  it("takes a free lock, naming this process and its start, and releases it", () => {
    const lock = path.join(dir, "a.lock");
    const release = acquireProcessLock(lock);
    expect(JSON.parse(readFileSync(lock, "utf8"))).toEqual({ pid: process.pid, start: processStart(process.pid) });
    release();
    expect(existsSync(lock)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith("a.lock"))).toEqual([]);
  });

  it("refuses a lock held by a live process, naming it", () => {
    const lock = path.join(dir, "b.lock");
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, start: processStart(process.ppid) }));
    expect(() => acquireProcessLock(lock)).toThrow(`en uso por el proceso ${process.ppid}`);
    // An older lock holding only a pid: a live pid is taken for the owner.
    writeFileSync(lock, String(process.ppid));
    expect(() => acquireProcessLock(lock)).toThrow(`en uso por el proceso ${process.ppid}`);
  });

  it("takes over a lock left by a dead process", () => {
    const lock = path.join(dir, "c.lock");
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(lock, String(dead));
    const release = acquireProcessLock(lock);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to an unrelated live process (pid reused)", () => {
    const lock = path.join(dir, "d.lock");
    // The parent is alive, but it is not the process that wrote this lock: it started at another time.
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, start: "0bfc6474:1" }));
    const release = acquireProcessLock(lock);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over an unreadable lock, and never removes a lock that is no longer its own", () => {
    const lock = path.join(dir, "e.lock");
    writeFileSync(lock, "\u0000garbage");
    const release = acquireProcessLock(lock);
    const other = JSON.stringify({ pid: process.ppid, start: processStart(process.ppid) });
    writeFileSync(lock, other);
    release();
    expect(readFileSync(lock, "utf8")).toBe(other);
  });

  it("a process killed with SIGKILL leaves a lock that the next start takes over", async () => {
    const lock = path.join(dir, "f.lock");
    const first = lockHolder(lock);
    children.push(first.child);
    expect(await first.said).toBe("taken");
    const second = lockHolder(lock);
    children.push(second.child);
    expect(await second.said).toBe("busy");
    const exited = new Promise((resolve) => first.child.on("exit", resolve));
    first.child.kill("SIGKILL");
    await exited;
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(first.child.pid);
    const release = acquireProcessLock(lock);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("of several processes racing to take over one stale lock, exactly one wins", async () => {
    const lock = path.join(dir, "g.lock");
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, start: "stale" }));
    const racers = Array.from({ length: 4 }, () => lockHolder(lock));
    children.push(...racers.map((racer) => racer.child));
    const answers = await Promise.all(racers.map((racer) => racer.said));
    expect(answers.sort()).toEqual(["busy", "busy", "busy", "taken"]);
  });
});
