import { resetConfigForTests } from "~/server/config.server";
import type { S3StandIn } from "./s3-standin";

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
