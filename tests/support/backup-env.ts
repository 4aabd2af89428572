import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import { startS3StandIn, type S3StandIn } from "./s3-standin";

/** Replaces every BACKUP_* setting of this process with `values` (none: all cleared). */
export function setBackupEnv(values: Record<string, string> = {}): void {
  for (const name of Object.keys(process.env)) if (name.startsWith("BACKUP_")) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
}

/** The BACKUP_S3_* settings that send the shop's copies to the stand-in. */
export function s3BackupSettings(s3: S3StandIn, prefix?: string): Record<string, string> {
  return {
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    BACKUP_S3_REGION: s3.region,
    BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
    BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    BACKUP_S3_PATH_STYLE: "on",
    ...(prefix === undefined ? {} : { BACKUP_S3_PREFIX: prefix }),
  };
}

/**
 * The S3 stand-in of a test file: started before its tests; after them the BACKUP_* settings are
 * cleared, the stand-in stopped and the file's temporary folder `root` removed.
 */
export function s3StandInForFile(root: string): () => S3StandIn {
  let s3: S3StandIn | undefined;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    setBackupEnv();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });
  return () => {
    if (!s3) throw new Error("el doble de S3 todavía no ha arrancado (s3StandInForFile, beforeAll)");
    return s3;
  };
}
