import type { ProductPhoto } from "./product";

/*
 * A product's gallery as the owner arranges it (issue 11): the first photo is the main one
 * (cards, the detail page's first picture, order lines, search engines); the rest follow in
 * the owner's order. Pure: the server locks the row, applies one of these, and saves.
 */

/** More would make the detail page's strip of thumbnails long and the page heavy. */
export const MAX_PHOTOS_PER_PRODUCT = 12;
/** At most this many files in one upload (each up to 15 MB: the post stays under 100 MB). */
export const MAX_PHOTOS_PER_UPLOAD = 6;

export type GalleryChange =
  | { kind: "up"; imageId: number }
  | { kind: "down"; imageId: number }
  | { kind: "main"; imageId: number }
  | { kind: "remove"; imageId: number };

/** The gallery after the change, or null when the photo is not in it (a stale page). */
export function changeGallery(photos: readonly ProductPhoto[], change: GalleryChange): ProductPhoto[] | null {
  const at = photos.findIndex((photo) => photo.imageId === change.imageId);
  if (at === -1) return null;
  const next = [...photos];
  const [photo] = next.splice(at, 1);
  if (!photo) return null;
  switch (change.kind) {
    case "remove":
      return next;
    case "main":
      return [photo, ...next];
    case "up":
      next.splice(Math.max(0, at - 1), 0, photo);
      return next;
    case "down":
      next.splice(Math.min(next.length, at + 1), 0, photo);
      return next;
  }
}

/** How many more photos fit in the gallery. */
export function photosRoomLeft(photos: readonly ProductPhoto[]): number {
  return Math.max(0, MAX_PHOTOS_PER_PRODUCT - photos.length);
}

/** What the audit log keeps of a gallery: the image ids in order, main first. */
export function galleryForAudit(photos: readonly ProductPhoto[]): { fotos: number[] } {
  return { fotos: photos.map((photo) => photo.imageId) };
}

export type PhotoIntent = "upload" | GalleryChange["kind"];

/** The answer of the photos page's forms: a message, and the files that were refused with why. */
export type PhotoReply =
  | { ok: true; intent: PhotoIntent; message: string; rejected: { name: string; reason: string }[] }
  | { ok: false; intent: PhotoIntent | null; error: string; rejected: { name: string; reason: string }[] };

export function isGalleryChange(intent: unknown): intent is GalleryChange["kind"] {
  return intent === "up" || intent === "down" || intent === "main" || intent === "remove";
}

/** "1 foto añadida.", "3 fotos añadidas." */
export function addedMessage(count: number): string {
  return count === 1 ? "1 foto añadida." : `${count} fotos añadidas.`;
}
