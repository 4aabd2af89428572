import type * as S3 from "@aws-sdk/client-s3";
import { backupsToKeep, newestBackup, type Dated } from "~/domain/operations/backup-rotation";
import { config } from "../config.server";

/*
 * The copy of each automatic backup away from the server (issue 32): the same encrypted file,
 * sent to S3-compatible storage (Amazon S3, or any provider speaking its protocol) with the
 * AWS SDK, which signs every request (Signature Version 4). The bucket keeps what the local
 * folder keeps (7 daily, 4 weekly, 12 monthly): after each upload, the copies of the prefix
 * that rotation drops are deleted there too. Only encrypted files leave the machine. The SDK
 * is loaded on the first copy, not at start (the server's memory budget).
 */
export type OffsiteSettings = {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  pathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** From the configuration; null while BACKUP_S3_BUCKET is unset (copies stay on this machine). */
export function offsiteSettings(c = config()): OffsiteSettings | null {
  if (!c.BACKUP_S3_BUCKET) return null;
  return {
    bucket: c.BACKUP_S3_BUCKET,
    prefix: c.BACKUP_S3_PREFIX,
    region: c.BACKUP_S3_REGION,
    endpoint: c.BACKUP_S3_ENDPOINT,
    pathStyle: c.BACKUP_S3_PATH_STYLE === "on",
    credentials:
      c.BACKUP_S3_ACCESS_KEY_ID && c.BACKUP_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.BACKUP_S3_ACCESS_KEY_ID, secretAccessKey: c.BACKUP_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Where a copy lands, as the back office and the log name it. */
export function offsiteAddress(settings: OffsiteSettings, name: string): string {
  return `s3://${settings.bucket}/${settings.prefix}${name}`;
}

/**
 * Runs `work` with a client of the storage, loading the SDK on first use; an error comes back
 * as `failure` followed by the storage's own error name and message.
 */
async function withS3<T>(settings: OffsiteSettings, failure: string, work: (sdk: typeof S3, s3: S3.S3Client) => Promise<T>): Promise<T> {
  const sdk = await import("@aws-sdk/client-s3");
  const s3 = new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.pathStyle,
    credentials: settings.credentials,
    maxAttempts: 3,
  });
  try {
    return await work(sdk, s3);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`${failure} (${reason}).`, { cause: error });
  } finally {
    s3.destroy();
  }
}

export type OffsiteCopy = { address: string; deleted: string[] };

async function listCopies(sdk: typeof S3, s3: S3.S3Client, settings: OffsiteSettings, parse: (name: string) => Dated | null): Promise<Dated[]> {
  const present: Dated[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      const dated = object.Key ? parse(object.Key.slice(settings.prefix.length)) : null;
      if (dated) present.push(dated);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return present;
}

/** The newest copy in the bucket, downloaded (the restore drill's, issue 32); null when there is none. */
export function latestOffsite(settings: OffsiteSettings, parse: (name: string) => Dated | null): Promise<{ name: string; address: string; sealed: Buffer } | null> {
  return withS3(settings, `No se pudo leer la última copia de s3://${settings.bucket}/${settings.prefix}`, async (sdk, s3) => {
    const newest = newestBackup(await listCopies(sdk, s3, settings, parse));
    if (!newest) return null;
    const object = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${newest.name}` }));
    const sealed = Buffer.from(await object.Body!.transformToByteArray());
    return { name: newest.name, address: offsiteAddress(settings, newest.name), sealed };
  });
}

/**
 * Uploads one encrypted backup, then deletes the prefix's copies that rotation no longer keeps.
 * Throws with a Spanish message naming the storage's own error.
 */
export function copyOffsite(settings: OffsiteSettings, name: string, sealed: Buffer, parse: (name: string) => Dated | null): Promise<OffsiteCopy> {
  return withS3(settings, `No se pudo enviar la copia a ${offsiteAddress(settings, name)}`, async (sdk, s3) => {
    await s3.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${name}`, Body: sealed, ContentType: "application/octet-stream" }));
    const present = await listCopies(sdk, s3, settings, parse);
    const kept = backupsToKeep(present);
    const deleted = present.filter((copy) => !kept.has(copy.name)).map((copy) => copy.name);
    for (const old of deleted) await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${old}` }));
    return { address: offsiteAddress(settings, name), deleted };
  });
}
