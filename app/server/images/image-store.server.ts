import { createHash } from "node:crypto";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { PHOTO_CONTENT_TYPES, photoUrlPrefix, type PhotoFormat } from "~/domain/images/photos";
import type { ProductPhoto } from "~/domain/catalogue/product";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { products } from "../catalogue/catalogue-schema.server";
import { orderLines } from "../orders/orders-schema.server";
import { siteMedia } from "../site/site-schema.server";
import { images, imageVariants } from "./images-schema.server";
import { ByteCache } from "./byte-cache.server";
import type { ProcessedImage } from "./image-pipeline.server";

/*
 * Pictures live in the database (images + image_variants), with PGlite as with PostgreSQL, so
 * every instance serves every upload and a backup holds them. Pages ask for the same few
 * copies again and again, so the process keeps the recent ones in memory.
 */

type Executor = Pick<Database, "select" | "insert" | "delete">;

/** What a page needs to draw a stored picture (the same shape as a product's photo). */
export type StoredImage = ProductPhoto;

export async function saveImage(db: Executor, processed: ProcessedImage, originalName: string, options: { private?: boolean } = {}): Promise<StoredImage> {
  const [row] = await db
    .insert(images)
    .values({ width: processed.width, height: processed.height, originalName: originalName.slice(0, 200), private: options.private ?? false })
    .returning({ id: images.id });
  if (!row) throw new Error("saveImage: no id");
  await db.insert(imageVariants).values(processed.variants.map((variant) => ({ imageId: row.id, ...variant })));
  const widths = [...new Set(processed.variants.map((variant) => variant.width))].sort((a, b) => a - b);
  return { imageId: row.id, width: processed.width, height: processed.height, widths };
}

export type ServedVariant = { bytes: Uint8Array<ArrayBuffer>; etag: string };

/** 32 MB: the copies of a page's pictures in every width a visitor's screen asks for. */
const cache = new ByteCache<ServedVariant>(32_000_000, 2_000_000);

/** One stored copy, from memory or the database; null when there is no such copy. */
export async function readVariant(imageId: number, width: number, format: PhotoFormat): Promise<ServedVariant | null> {
  const key = `${imageId}-${width}.${format}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const db = await getDb();
  const [row] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.width, width), eq(imageVariants.format, format)));
  if (!row) return null;
  // From the bytes, not the id: a database restored elsewhere can never pass off old bytes as new.
  const etag = `"${createHash("sha256").update(row.bytes).digest("base64url").slice(0, 27)}"`;
  const served = { bytes: new Uint8Array(row.bytes), etag };
  cache.set(key, served);
  return served;
}

/**
 * Deletes a picture nothing uses any more: no product's gallery, no slot of the home page, and
 * no order line (an order keeps showing the photo the customer bought). Returns whether it went.
 */
export async function deleteImageIfUnused(db: Executor, imageId: number): Promise<boolean> {
  const prefix = photoUrlPrefix(imageId);
  const [inProduct] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.photos} @> ${JSON.stringify([{ imageId }])}::jsonb`)
    .limit(1);
  const [inSite] = await db.select({ area: siteMedia.area }).from(siteMedia).where(eq(siteMedia.imageId, imageId)).limit(1);
  const [inOrder] = await db.select({ id: orderLines.id }).from(orderLines).where(like(orderLines.image, `${prefix}%`)).limit(1);
  if (inProduct || inSite || inOrder) return false;
  await db.delete(images).where(eq(images.id, imageId));
  cache.deletePrefix(`${imageId}-`);
  return true;
}

export function imageCacheSize() {
  return cache.size;
}

/** A private photo's size and the widths of its JPEG copies (work reports, breakdowns), in the order of `ids`. */
export type PhotoSizes = { imageId: number; width: number; height: number; widths: number[] };

export async function photoSizes(db: Pick<Database, "select">, ids: readonly number[]): Promise<PhotoSizes[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: images.id, width: images.width, height: images.height }).from(images).where(inArray(images.id, [...ids]));
  const variants = await db
    .select({ imageId: imageVariants.imageId, width: imageVariants.width })
    .from(imageVariants)
    .where(and(inArray(imageVariants.imageId, [...ids]), eq(imageVariants.format, "jpeg")))
    .orderBy(asc(imageVariants.width));
  return ids.flatMap((id) => {
    const image = rows.find((row) => row.id === id);
    if (!image) return [];
    return [{ imageId: id, width: image.width, height: image.height, widths: variants.filter((v) => v.imageId === id).map((v) => v.width) }];
  });
}

/** A private photo's copy as its routes answer it (work reports, breakdowns): never kept by a shared cache. */
export function privatePhotoResponse(photo: { bytes: Uint8Array<ArrayBuffer>; format: PhotoFormat }): Response {
  return new Response(photo.bytes, {
    headers: {
      "Content-Type": PHOTO_CONTENT_TYPES[photo.format],
      "Content-Length": String(photo.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
