import { and, eq, inArray, like } from "drizzle-orm";
import { data } from "react-router";
import { parsePhotoFile } from "~/domain/images/photos";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { images } from "../images/images-schema.server";
import { ImageRejected, processImage } from "../images/image-pipeline.server";
import { privatePhotoResponse, readVariant, saveImage, type ServedVariant } from "../images/image-store.server";

/*
 * The photos of a work report (issue 17): pictures of a customer's home, so PRIVATE images
 * (images.private): never served at /imagenes/fotos (app/routes/images/photo-image.ts asks
 * isPublicImage), only to the job's technician and to administrators by their own routes.
 * The phone sends each photo on its own, already brought down to 1600 px (app/ui/jobs/
 * work-report-draft.ts), before the report that names them; each carries a key made on the
 * phone, kept in the stored name, so a photo sent again after a lost answer is stored once.
 */

/** One photo per request; the phone sends JPEGs of at most 1600 px (well under 2 MB). */
export const REPORT_PHOTO_LIMITS = { maxFiles: 1, maxFileBytes: 4_000_000, maxBytes: 4_200_000 };

const PHOTO_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isPhotoKey(value: unknown): value is string {
  return typeof value === "string" && PHOTO_KEY.test(value);
}

/** The stored name of a report photo: which job it belongs to, and the phone's key. */
const storedName = (jobId: number, key: string) => `parte-${jobId}-${key}.jpg`;
const namePrefix = (jobId: number) => `parte-${jobId}-`;

export type SavedPhoto = { ok: true; imageId: number } | { ok: false; message: string };

export async function saveReportPhoto(db: Database, jobId: number, key: string, bytes: Uint8Array): Promise<SavedPhoto> {
  const name = storedName(jobId, key);
  const [existing] = await db.select({ id: images.id }).from(images).where(and(eq(images.private, true), eq(images.originalName, name))).limit(1);
  if (existing) return { ok: true, imageId: existing.id };
  let processed;
  try {
    processed = await processImage(bytes);
  } catch (error) {
    if (error instanceof ImageRejected) return { ok: false, message: `La foto ${error.message}` };
    throw error;
  }
  // Private from its first committed moment: nobody can read it public in between.
  const saved = await db.transaction((tx) => saveImage(tx, processed, name, { private: true }));
  return { ok: true, imageId: saved.imageId };
}

/** Whether every id is a private photo sent for this job (a report may not name anyone else's picture). */
export async function photosOfJob(tx: Transaction, jobId: number, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await tx
    .select({ id: images.id })
    .from(images)
    .where(and(inArray(images.id, [...ids]), eq(images.private, true), like(images.originalName, `${namePrefix(jobId)}%`)));
  return rows.length === new Set(ids).size;
}

/** One stored copy of a photo of this job ("12-320.jpg"), or null. */
export async function readReportPhoto(jobId: number, file: string | undefined): Promise<(ServedVariant & { format: "avif" | "webp" | "jpeg" }) | null> {
  const wanted = parsePhotoFile(file ?? "");
  if (!wanted) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, wanted.imageId), eq(images.private, true), like(images.originalName, `${namePrefix(jobId)}%`)));
  if (!row) return null;
  const variant = await readVariant(wanted.imageId, wanted.width, wanted.format);
  return variant ? { ...variant, format: wanted.format } : null;
}

/** The answer of the technician's and the owner's photo routes: the copy, never kept by a shared cache; or 404. */
export async function reportPhotoResponse(jobId: number | null, file: string | undefined): Promise<Response> {
  const photo = jobId ? await readReportPhoto(jobId, file) : null;
  if (!photo) throw data("Imagen no encontrada", { status: 404 });
  return privatePhotoResponse(photo);
}

/*
 * Whether /imagenes/fotos may serve an image. An image is private or public from the commit
 * that stores it and never changes, so a public answer is remembered (the catalogue's photos
 * are asked for on every page; a private or unknown one is asked again).
 */
const knownPublic = new Set<number>();
const KNOWN_PUBLIC_MAX = 20_000;

export async function isPublicImage(imageId: number): Promise<boolean> {
  if (knownPublic.has(imageId)) return true;
  const db = await getDb();
  const [row] = await db.select({ private: images.private }).from(images).where(eq(images.id, imageId));
  if (!row || row.private) return false;
  if (knownPublic.size >= KNOWN_PUBLIC_MAX) knownPublic.clear();
  knownPublic.add(imageId);
  return true;
}
