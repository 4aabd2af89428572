import os from "node:os";
import type { Metadata, Sharp, default as SharpFactory } from "sharp";
import { scaledHeight, variantWidths, LARGEST_WIDTH, type PhotoFormat } from "~/domain/images/photos";

/*
 * Every upload of the back office goes through here (issue 11): it must be a JPEG, PNG or WebP
 * that really decodes (the bytes are checked, not the name or the browser's type), it is turned
 * the way the camera meant (EXIF orientation) and then written out anew, so no metadata of the
 * owner's phone (GPS position, camera, dates) reaches the shop: sharp writes none unless asked
 * with withMetadata/keepMetadata, which we never call. It is resized into a few widths in AVIF
 * and WebP, with a JPEG for browsers that take neither.
 */

/** An upload is at most this big (the issue: "up to 15 MB each"). */
export const MAX_IMAGE_BYTES = 15_000_000;
/**
 * Pixels we agree to decode: a 48-megapixel phone photo fits; a small file that claims to be a
 * 30,000 × 30,000 picture (a decompression bomb) is refused before it fills the memory.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Smaller than this on either side is not a usable photo or logo. */
export const MIN_SIDE = 32;

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/*
 * sharp (libvips and its codecs, about 30 MB resident) is loaded with the first upload, not at
 * start: most processes of the shop never see one (issue 14, decision 0010).
 */
let loading: Promise<typeof SharpFactory> | undefined;
const loadSharp = () =>
  (loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips threads per image: one core of the two stays free for the shop's pages.
    sharp.concurrency(Math.max(1, Math.min(2, os.availableParallelism() - 1)));
    // No file cache: each upload is read once.
    sharp.cache({ files: 0 });
    return sharp;
  }));

export class ImageRejected extends Error {}

export const IMAGE_MESSAGES = {
  notImage: "no es una imagen JPEG, PNG o WebP que podamos leer.",
  tooManyPixels: "tiene demasiados píxeles (máximo 50 megapíxeles). Redúzcala e inténtelo de nuevo.",
  tooSmall: `es demasiado pequeña (mínimo ${MIN_SIDE} píxeles de lado).`,
  tooLarge: "pasa del máximo de 15 MB.",
} as const;

export type Variant = { width: number; height: number; format: PhotoFormat; bytes: Buffer };
export type ProcessedImage = { width: number; height: number; variants: Variant[] };

// "truncated": a file cut short is refused; the harmless warnings many cameras leave are not.
const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" } as const;

/** sharp's error as the owner's reason: too many pixels (its limitInputPixels), or not a picture. */
function rejection(error: unknown): ImageRejected {
  const bomb = error instanceof Error && /pixel limit/i.test(error.message);
  return new ImageRejected(bomb ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.notImage);
}

/** Format and size as the file's own header says, or a refusal. */
async function inspect(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, INPUT).metadata();
  } catch (error) {
    throw rejection(error);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.pages ?? 1) > 1) throw new ImageRejected(IMAGE_MESSAGES.notImage);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejected(IMAGE_MESSAGES.tooManyPixels);
  if (Math.min(meta.width, meta.height) < MIN_SIDE) throw new ImageRejected(IMAGE_MESSAGES.tooSmall);
  return { width: meta.width, height: meta.height };
}

/**
 * The picture decoded once, turned upright and brought down to the largest width, as raw
 * pixels the copies are made from (decoding a 12-megapixel JPEG fifteen times would take far
 * longer). A file that is cut short or broken fails here.
 */
async function decodeUpright(bytes: Uint8Array) {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, INPUT)
      .autoOrient()
      .resize({ width: LARGEST_WIDTH, height: LARGEST_WIDTH * 4, fit: "inside", withoutEnlargement: true })
      // 8-bit sRGB whatever came in (16-bit PNG, greyscale, a CMYK JPEG), as the copies expect.
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw rejection(error);
  }
}

function encode(pipeline: Sharp, format: PhotoFormat): Sharp {
  switch (format) {
    // effort 2: a fifth of the default's time for nearly the same size (measured on 1600 px photos).
    case "avif":
      return pipeline.avif({ quality: 50, effort: 2 });
    case "webp":
      return pipeline.webp({ quality: 78 });
    case "jpeg":
      // JPEG has no transparency: a logo's clear background becomes white, as on the page.
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
  }
}

async function processNow(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejected(IMAGE_MESSAGES.tooLarge);
  await inspect(bytes);
  const { data, info } = await decodeUpright(bytes);
  const sharp = await loadSharp();
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants: Variant[] = [];
  for (const width of variantWidths(info.width)) {
    const height = scaledHeight(info, width);
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const pipeline = sharp(data, raw).resize({ width, height, fit: "fill" });
      variants.push({ width, height, format, bytes: await encode(pipeline, format).toBuffer() });
    }
  }
  return { width: info.width, height: info.height, variants };
}

/*
 * One picture at a time in this process: sharp works on libuv's small thread pool, which the
 * pages also need (files, compression, password hashing); several uploads at once would queue
 * there and slow every page. Uploads are rare, so the queue is short.
 */
let queue: Promise<unknown> = Promise.resolve();

/** The checked, upright, metadata-free copies of an upload, or ImageRejected with a Spanish reason. */
export function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const run = queue.then(() => processNow(bytes));
  queue = run.catch(() => {});
  return run;
}
