import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireProcessLock } from "./process-lock.server";

describe("acquireProcessLock", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lock-"));

  it("takes a free lock and releases it", () => {
    const lock = path.join(dir, "a.lock");
    const release = acquireProcessLock(lock);
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it("refuses a lock held by a live process, naming it", () => {
    const lock = path.join(dir, "b.lock");
    writeFileSync(lock, String(process.ppid));
    expect(() => acquireProcessLock(lock)).toThrow(`en uso por el proceso ${process.ppid}`);
  });

  it("takes over a lock left by a dead process", () => {
    const lock = path.join(dir, "c.lock");
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(lock, String(dead));
    const release = acquireProcessLock(lock);
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
    release();
  });
});
