import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/*
 * The data folder holds the embedded database, the auth secret and, without SMTP, e-mails
 * with password-reset and invitation links (issue 28, finding 4): nobody but the shop's own
 * user may read it. New files: the process's umask 077 (files 0600, folders 0700). Files left
 * by an older version (0666 database pages, 0644 e-mails) are corrected at start.
 */

const PRIVATE_UMASK = 0o077;

/** From now on, whatever this process creates is readable by its own user only. */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

export type Corrected = { files: number; folders: number };

/**
 * Creates the folder 0700 if missing and takes the group's and others' rights off everything
 * below it (symbolic links are left alone: their target may be anywhere).
 */
export function makePrivate(folder: string): Corrected {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const corrected: Corrected = { files: 0, folders: 0 };
  const visit = (entry: string) => {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o077) !== 0) {
        chmodSync(entry, 0o700);
        corrected.folders += 1;
      }
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(entry, stat.mode & 0o700);
      corrected.files += 1;
    }
  };
  visit(path.resolve(folder));
  return corrected;
}
