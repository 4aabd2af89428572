import { eq } from "drizzle-orm";
import {
  changeGallery,
  galleryForAudit,
  photosRoomLeft,
  type GalleryChange,
} from "~/domain/catalogue/photo-gallery";
import { photoUrls } from "~/domain/images/photos";
import type { ProductPhoto } from "~/domain/catalogue/product";
import { audit, type Actor } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { demoImages } from "./demo-catalogue.server";
import { products } from "./catalogue-schema.server";
import { ImageRejected, processImage, type ProcessedImage } from "../images/image-pipeline.server";
import { deleteImageIfUnused, saveImage } from "../images/image-store.server";

/*
 * A product's photos (issue 11). products.photos is the gallery, main first; products.image
 * and products.images, which the shop, order lines and search engines read, are rewritten
 * from it in the same statement, and updated_at moves (the sitemap's lastmod). Every change
 * is audited in its transaction.
 */

export type PhotoProduct = { id: number; family: string; slug: string; brand: string; model: string; photos: ProductPhoto[] };

export async function readPhotoProduct(db: Database, id: number): Promise<PhotoProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      family: products.family,
      slug: products.slug,
      brand: products.brand,
      model: products.model,
      photos: products.photos,
    })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/** The product's row, locked until the transaction ends (two owners' clicks apply one after the other). */
async function lockProduct(tx: Transaction, id: number) {
  const [row] = await tx
    .select({ id: products.id, slug: products.slug, photos: products.photos })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row ?? null;
}

async function writeGallery(tx: Transaction, row: { id: number; slug: string }, photos: ProductPhoto[]) {
  const urls = photoUrls(photos) ?? demoImages(row.slug);
  await tx
    .update(products)
    .set({ photos, image: urls.image, images: urls.images, updatedAt: new Date() })
    .where(eq(products.id, row.id));
}

export type UploadFile = { name: string; bytes: Uint8Array };
export type UploadResult =
  | { ok: true; added: number; rejected: { name: string; reason: string }[] }
  | { ok: false; reason: "not-found" | "full"; rejected: { name: string; reason: string }[] };

/**
 * Checks and resizes each file (slow: seconds each, outside any transaction), then adds the
 * good ones at the end of the gallery in one transaction. A file that is not a usable image is
 * reported by name with the reason; the others still go in.
 */
export async function addProductPhotos(db: Database, actor: Actor, productId: number, files: UploadFile[]): Promise<UploadResult> {
  const before = await readPhotoProduct(db, productId);
  if (!before) return { ok: false, reason: "not-found", rejected: [] };
  if (files.length > photosRoomLeft(before.photos)) return { ok: false, reason: "full", rejected: [] };
  const processed: { name: string; image: ProcessedImage }[] = [];
  const rejected: { name: string; reason: string }[] = [];
  for (const file of files) {
    try {
      processed.push({ name: file.name, image: await processImage(file.bytes) });
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      rejected.push({ name: file.name, reason: error.message });
    }
  }
  if (processed.length === 0) return { ok: true, added: 0, rejected };
  const outcome = await db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    if (!row) return "not-found" as const;
    // Another upload may have filled the gallery while these were being resized.
    if (processed.length > photosRoomLeft(row.photos)) return "full" as const;
    const added: ProductPhoto[] = [];
    for (const { name, image } of processed) added.push(await saveImage(tx, image, name));
    const photos = [...row.photos, ...added];
    await writeGallery(tx, row, photos);
    await audit(tx, actor, {
      action: "fotos.subir",
      entity: "producto",
      entityId: productId,
      before: galleryForAudit(row.photos),
      after: { ...galleryForAudit(photos), archivos: processed.map((p) => p.name.slice(0, 200)) },
    });
    return "ok" as const;
  });
  if (outcome !== "ok") return { ok: false, reason: outcome, rejected };
  return { ok: true, added: processed.length, rejected };
}

const CHANGE_ACTIONS: Record<GalleryChange["kind"], string> = {
  up: "fotos.ordenar",
  down: "fotos.ordenar",
  main: "fotos.principal",
  remove: "fotos.quitar",
};

/** Moves, promotes or removes one photo. "stale": it is no longer in the gallery (another tab changed it). */
export async function changeProductPhotos(
  db: Database,
  actor: Actor,
  productId: number,
  change: GalleryChange,
): Promise<"ok" | "not-found" | "stale"> {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockProduct(tx, productId);
    if (!row) return "not-found" as const;
    const photos = changeGallery(row.photos, change);
    if (!photos) return "stale" as const;
    await writeGallery(tx, row, photos);
    // A removed photo's bytes go too, unless an order line still shows it.
    if (change.kind === "remove") await deleteImageIfUnused(tx, change.imageId);
    await audit(tx, actor, {
      action: CHANGE_ACTIONS[change.kind],
      entity: "producto",
      entityId: productId,
      before: galleryForAudit(row.photos),
      after: galleryForAudit(photos),
    });
    return "ok" as const;
  });
  return outcome;
}
