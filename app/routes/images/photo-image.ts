import { data } from "react-router";
import { parsePhotoFile, PHOTO_CONTENT_TYPES } from "~/domain/images/photos";
import { readVariant } from "~/server/images/image-store.server";
import { isPublicImage } from "~/server/jobs/work-report-photos.server";
import type { Route } from "./+types/photo-image";

/**
 * The owner's uploaded pictures: /imagenes/fotos/{imageId}-{width}.{avif|webp|jpg}. A stored
 * copy never changes (a new upload gets a new id), so browsers and proxies may keep it a year
 * without asking again. A private image (a work report's photo of a customer's home, issue 17)
 * is not served here: 404, as for an image that does not exist.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const wanted = parsePhotoFile(params.file);
  const variant = wanted && (await isPublicImage(wanted.imageId)) ? await readVariant(wanted.imageId, wanted.width, wanted.format) : null;
  if (!wanted || !variant) throw data("Imagen no encontrada", { status: 404 });
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: variant.etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (matchesEtag(request.headers.get("if-none-match"), variant.etag)) return new Response(null, { status: 304, headers });
  return new Response(variant.bytes, {
    headers: { ...headers, "Content-Type": PHOTO_CONTENT_TYPES[wanted.format], "Content-Length": String(variant.bytes.byteLength) },
  });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
