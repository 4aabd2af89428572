/*
 * A photo brought down on the phone before it is sent (the technician's report, issue 17; a
 * breakdown's photos, issue 31): a JPEG of at most 1600 px, turned the way the camera meant. A
 * 12-megapixel photo of 5 MB becomes a few hundred kB, and the upload from a basement is short.
 */

export const MAX_SIDE = 1600;

/** The largest side of the thumbnail the form shows (a data: address: the pages' CSP allows no blob: images). */
const THUMB_SIDE = 240;

function drawn(bitmap: ImageBitmap, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The photo as a JPEG of at most 1600 px on its longest side, turned the way the camera meant, and its thumbnail. */
export async function downscalePhoto(file: Blob): Promise<{ blob: Blob; thumb: string }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const canvas = drawn(bitmap, MAX_SIDE);
    const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error("toBlob"))), "image/jpeg", 0.85));
    return { blob, thumb: drawn(bitmap, THUMB_SIDE).toDataURL("image/jpeg", 0.7) };
  } finally {
    bitmap.close();
  }
}

