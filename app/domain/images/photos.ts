import type { ProductPhoto } from "../catalogue/product";

/*
 * The owner's uploaded pictures (issue 11): each is stored in a few widths, in AVIF and WebP
 * for browsers that take them and JPEG for the rest, at
 * /imagenes/fotos/{imageId}-{width}.{avif|webp|jpg}. An id never changes content, so the
 * addresses can be cached for ever.
 */

/** The widths pages choose from (srcset); a picture is never enlarged to reach one. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1600] as const;
export const LARGEST_WIDTH = 1600;

export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

const EXTENSIONS: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/**
 * The widths to make of a picture `width` pixels wide: the standard ones below it, and its own
 * width (at most the largest) when no standard width is close to it (a 1000 px photo gives 320,
 * 640 and 1000, not a 960 that looks the same).
 */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, LARGEST_WIDTH);
  const below = PHOTO_WIDTHS.filter((standard) => standard < top * 0.9);
  return [...below, top];
}

/** The height of a copy `width` wide, keeping the proportions of `original`. */
export function scaledHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

/** What every address of one picture starts with (an order line still showing it is found by it). */
export function photoUrlPrefix(imageId: number): string {
  return `/imagenes/fotos/${imageId}-`;
}

export function photoUrl(imageId: number, width: number, format: PhotoFormat): string {
  return `${photoUrlPrefix(imageId)}${width}.${EXTENSIONS[format]}`;
}

export function photoSrcSet(photo: Pick<ProductPhoto, "imageId" | "widths">, format: PhotoFormat): string {
  return photo.widths.map((width) => `${photoUrl(photo.imageId, width, format)} ${width}w`).join(", ");
}

/** The width nearest 640 (a card or a mid-size page), for the single addresses: products.image, og:image. */
export function middleWidth(widths: readonly number[]): number {
  let best: number = widths[0] ?? LARGEST_WIDTH;
  for (const width of widths) if (Math.abs(width - 640) < Math.abs(best - 640)) best = width;
  return best;
}

/** The JPEG address that stands for the picture where one address is wanted (products.image, images). */
export function photoMainUrl(photo: Pick<ProductPhoto, "imageId" | "widths">): string {
  return photoUrl(photo.imageId, middleWidth(photo.widths), "jpeg");
}

/**
 * A row id as a URL or a form gives it ("12"), or null: at most nine digits, so that a number
 * past PostgreSQL's integer is a 404 or a 400 here rather than a database error (a 500).
 */
export function parseRowId(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/** "12-640.webp" -> the variant it names, or null. */
export function parsePhotoFile(file: string): { imageId: number; width: number; format: PhotoFormat } | null {
  const match = /^([1-9]\d{0,8})-([1-9]\d{0,4})\.(avif|webp|jpg)$/.exec(file);
  if (!match) return null;
  const format = match[3] === "jpg" ? "jpeg" : (match[3] as PhotoFormat);
  return { imageId: Number(match[1]), width: Number(match[2]), format };
}

/** The photo whose main address is `src` (the gallery pairs product.images with product.photos). */
export function photoOfUrl(photos: readonly ProductPhoto[], src: string): ProductPhoto | undefined {
  return photos.find((photo) => photoMainUrl(photo) === src);
}

/** products.image and products.images kept in step with the photos (main first); null: none left. */
export function photoUrls(photos: readonly ProductPhoto[]): { image: string; images: string[] } | null {
  const [main] = photos;
  if (!main) return null;
  return { image: photoMainUrl(main), images: photos.map(photoMainUrl) };
}
