import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { data } from "react-router";
import { parsePhotoFile } from "~/domain/images/photos";
import type { Database, Transaction } from "../db/client.server";
import { getDb } from "../db/db.server";
import { images } from "../images/images-schema.server";
import { ImageRejected, processImage } from "../images/image-pipeline.server";
import { deleteImageIfUnused, privatePhotoResponse, readVariant, saveImage } from "../images/image-store.server";

/*
 * The photos of a breakdown (issue 31): pictures of a customer's home and unit, so PRIVATE images
 * (never served at /imagenes/fotos), named "averia-<key>-<n>.jpg" and shown only to
 * administrators by their own route. Each goes through the image pipeline (size, pixels, format).
 */

/**
 * Three photos sent with the form. With JavaScript the page brings each down to 1600 px first
 * (a few hundred kB); without, a phone camera's own files (a few MB each) must still fit. The
 * one public action allowed past the 1 MB of every other form: its rate limit is counted before
 * the body is read.
 */
export const REPAIR_FORM_LIMITS = { maxFiles: 3, maxFileBytes: 8_000_000, maxBytes: 20_000_000 };

export type ProcessedPhotos = { ok: true; processed: Awaited<ReturnType<typeof processImage>>[] } | { ok: false; message: string };

/** The photos of the form, checked and brought down to their web sizes before anything is stored. */
export async function processRepairPhotos(files: File[]): Promise<ProcessedPhotos> {
  const processed = [];
  for (const [i, file] of files.entries()) {
    try {
      processed.push(await processImage(new Uint8Array(await file.arrayBuffer())));
    } catch (error) {
      if (error instanceof ImageRejected) return { ok: false, message: `La foto ${files.length > 1 ? `n.º ${i + 1} ` : ""}${error.message}` };
      throw error;
    }
  }
  return { ok: true, processed };
}

/** Stores them private under one key; their ids, in order. */
export async function storeRepairPhotos(db: Database, processed: Awaited<ReturnType<typeof processImage>>[]): Promise<number[]> {
  if (processed.length === 0) return [];
  const key = randomUUID();
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [i, photo] of processed.entries()) ids.push((await saveImage(tx, photo, `averia-${key}-${i + 1}.jpg`, { private: true })).imageId);
    return ids;
  });
}

/** The owner's route: one stored copy of a breakdown's photo ("12-320.jpg"), if it is one of `photoIds`. */
export async function repairPhotoResponse(photoIds: readonly number[], file: string | undefined): Promise<Response> {
  const wanted = parsePhotoFile(file ?? "");
  if (!wanted || !photoIds.includes(wanted.imageId)) throw data("Imagen no encontrada", { status: 404 });
  const db = await getDb();
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(inArray(images.id, [wanted.imageId]), eq(images.private, true), like(images.originalName, "averia-%")));
  const variant = row ? await readVariant(wanted.imageId, wanted.width, wanted.format) : null;
  if (!variant) throw data("Imagen no encontrada", { status: 404 });
  return privatePhotoResponse({ bytes: variant.bytes, format: wanted.format });
}

/** The photos of breakdowns being deleted (the privacy policy's period). */
export async function deleteRepairPhotos(tx: Transaction, ids: readonly number[]): Promise<number> {
  let gone = 0;
  for (const id of ids) if (await deleteImageIfUnused(tx, id)) gone++;
  return gone;
}
