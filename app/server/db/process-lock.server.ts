import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * PGlite's data folder must be opened by one process only; two writers corrupt it.
 * A lock file holding the owner's pid guards it; a lock left by a dead process is taken over.
 */
export function acquireProcessLock(lockPath: string): () => void {
  try {
    writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(lockPath, "utf8").trim());
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `La base de datos integrada está en uso por el proceso ${owner}. Deténgalo antes (solo un proceso puede abrirla).`,
        { cause: error },
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
