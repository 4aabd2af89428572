import { sql } from "drizzle-orm";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";
import { outbox } from "~/server/db/shared-schema.server";
import { automaticBackupTask, decryptBackup, listBackups } from "~/server/operations/auto-backup.server";
import { setupTestDatabase } from "../db-utils";
import { s3BackupSettings, s3StandInForFile, setBackupEnv } from "../support/backup-env";

/**
 * Issue 32: each automatic backup is also sent, encrypted, to S3-compatible storage. The
 * stand-in checks every request's AWS Signature Version 4 with the secret it knows, as S3
 * does; the bucket keeps what the local folder keeps (7 daily, 4 weekly, 12 monthly).
 */
const ready = setupTestDatabase();
const KEY_HEX = "5c".repeat(32);
const root = mkdtempSync(path.join(tmpdir(), "tienda-copias-s3-"));
const folder = path.join(root, "copias");
const s3 = s3StandInForFile(root);

function configure(secret = s3().secretAccessKey) {
  setBackupEnv({ BACKUP_KEY: KEY_HEX, BACKUP_DIR: folder, ...s3BackupSettings(s3(), "termoclima/"), BACKUP_S3_SECRET_ACCESS_KEY: secret });
}

const night = (daysBefore: number) =>
  `tienda-${new Date(Date.UTC(2026, 10, 29, 2, 30) - daysBefore * 86_400_000).toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz.enc`;


describe("the copy in S3-compatible storage", () => {
  it("sends the encrypted file, signed; the bucket and the folder keep the same copies after sixty nights", { timeout: 120_000 }, async () => {
    const { db } = await ready;
    configure();
    // Sixty earlier nights, in the folder and in the bucket (their content does not matter here).
    mkdirSync(folder, { recursive: true });
    for (let day = 60; day >= 1; day--) {
      writeFileSync(path.join(folder, night(day)), "antigua");
      s3().objects.set(`termoclima/${night(day)}`, Buffer.from("antigua"));
    }
    s3().objects.set("otra-cosa/informe.pdf", Buffer.from("no es de la tienda"));

    const line = await automaticBackupTask(db, new Date("2026-11-29T02:30:00Z"));
    expect(line).toMatch(/^copia tienda-2026-11-29T02-30-00Z\.tar\.gz\.enc, [\d,]+ MB; 49 antigua\(s\) borrada\(s\); enviada a s3:\/\/copias-termoclima\/termoclima\/tienda-2026-11-29T02-30-00Z\.tar\.gz\.enc$/);

    const local = listBackups(folder).map((backup) => backup.name).sort();
    const remote = [...s3().objects.keys()].filter((key) => key.startsWith("termoclima/")).map((key) => key.slice("termoclima/".length)).sort();
    expect(remote).toEqual(local);
    expect(remote).toHaveLength(12);
    expect(s3().objects.has("otra-cosa/informe.pdf")).toBe(true);

    // The object is the local file, byte for byte: encrypted, and readable with the key.
    const uploaded = s3().objects.get("termoclima/tienda-2026-11-29T02-30-00Z.tar.gz.enc")!;
    expect(uploaded.equals(readFileSync(path.join(folder, "tienda-2026-11-29T02-30-00Z.tar.gz.enc")))).toBe(true);
    expect(uploaded.includes(Buffer.from("PGlite"))).toBe(false);
    expect(decryptBackup(uploaded, Buffer.from(KEY_HEX, "hex")).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    // Every request passed the signature check: one upload, the listing, 49 deletions.
    expect(s3().requests.filter((request) => request.status >= 300)).toEqual([]);
    const methods = s3().requests.map((request) => request.method);
    expect([methods.filter((m) => m === "PUT").length, methods.filter((m) => m === "GET").length, methods.filter((m) => m === "DELETE").length]).toEqual([1, 1, 49]);
  });

  it("a wrong secret key: refused by the storage (SignatureDoesNotMatch); the local copy stays and the shop is told", { timeout: 120_000 }, async () => {
    const { db } = await ready;
    configure("otra-clave-que-no-es-la-del-almacen");
    const before = s3().objects.size;
    const at = new Date("2026-11-30T02:30:00Z");
    await expect(automaticBackupTask(db, at)).rejects.toThrow(
      /^La copia local tienda-2026-11-30T02-30-00Z\.tar\.gz\.enc está hecha, pero: No se pudo enviar la copia a s3:\/\/copias-termoclima\/termoclima\/tienda-2026-11-30T02-30-00Z\.tar\.gz\.enc \(SignatureDoesNotMatch: /,
    );
    expect(existsSync(path.join(folder, "tienda-2026-11-30T02-30-00Z.tar.gz.enc"))).toBe(true);
    expect(s3().objects.size).toBe(before);
    expect(s3().requests.at(-1)).toMatchObject({ method: "PUT", status: 403, code: "SignatureDoesNotMatch" });
    const mails = await db.select().from(outbox).where(sql`${outbox.payload}->>'subject' like '%copia de seguridad automática ha fallado%'`);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0]!.payload)).toMatch(/SignatureDoesNotMatch/);
  });

  it("settings: the two keys go together, and only encrypted copies leave (BACKUP_KEY required)", () => {
    expect(() => parseConfig({ BACKUP_S3_BUCKET: "copias" })).toThrow(/BACKUP_S3_BUCKET: necesita BACKUP_KEY/);
    expect(() => parseConfig({ BACKUP_KEY: KEY_HEX, BACKUP_S3_BUCKET: "copias", BACKUP_S3_ACCESS_KEY_ID: "AKIA1" })).toThrow(/van juntas/);
    expect(() => parseConfig({ BACKUP_KEY: KEY_HEX, BACKUP_S3_BUCKET: "copias", BACKUP_S3_ENDPOINT: "s3 de la oficina" })).toThrow(/BACKUP_S3_ENDPOINT: debe ser una URL completa/);
    expect(parseConfig({ BACKUP_KEY: KEY_HEX, BACKUP_S3_BUCKET: "copias" })).toMatchObject({ BACKUP_S3_REGION: "eu-south-2", BACKUP_S3_PREFIX: "tienda/", BACKUP_S3_PATH_STYLE: "off" });
  });
});
