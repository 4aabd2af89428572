import { data } from "react-router";
import {
  addedMessage,
  isGalleryChange,
  MAX_PHOTOS_PER_PRODUCT,
  MAX_PHOTOS_PER_UPLOAD,
  type PhotoIntent,
  type PhotoReply,
} from "~/domain/catalogue/photo-gallery";
import { parseRowId } from "~/domain/images/photos";
import type { Admin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { MAX_IMAGE_BYTES } from "../images/image-pipeline.server";
import { bodyProblemMessage, bodyProblemStatus, readUploadForm, uploadedFiles } from "../http/request-body.server";
import { addProductPhotos, changeProductPhotos } from "./product-photos.server";

/*
 * The forms of /admin/catalogo/:id/fotos (issue 11): the upload (multipart) and, beside each
 * photo, move up, move down, make main and remove (plain forms). Bad input answers 400 with a
 * Spanish message; a limit passed, 413 with which one.
 */

type Rejected = { name: string; reason: string }[];

const fail = (intent: PhotoIntent | null, error: string, status = 400, rejected: Rejected = []) =>
  data<PhotoReply>({ ok: false, intent, error, rejected }, { status });

const done = (intent: PhotoIntent, message: string, rejected: Rejected = []) =>
  data<PhotoReply>({ ok: true, intent, message, rejected });

/** Six photos of 15 MB and the rest of the form. */
export const UPLOAD_LIMITS = {
  maxFiles: MAX_PHOTOS_PER_UPLOAD,
  maxFileBytes: MAX_IMAGE_BYTES,
  maxBytes: MAX_PHOTOS_PER_UPLOAD * MAX_IMAGE_BYTES + 1_000_000,
};

const CHANGE_MESSAGES = {
  up: "Foto movida.",
  down: "Foto movida.",
  main: "Foto principal cambiada.",
  remove: "Foto quitada.",
} as const;

export async function productPhotosAction(request: Request, admin: Admin, idParam: string | undefined) {
  const productId = parseRowId(idParam);
  if (!productId) throw data(null, { status: 404 });
  let form: FormData;
  try {
    form = await readUploadForm(request, UPLOAD_LIMITS);
  } catch (error) {
    // Too many or too big files: the page says so beside the upload, rather than an error page.
    const message = bodyProblemMessage(error);
    if (bodyProblemStatus(error) === 413 && message) return fail("upload", message, 413);
    throw error;
  }
  const db = await getDb();
  const actor = { email: admin.email };
  const intent = form.get("intent");

  if (intent === "upload") {
    const files = uploadedFiles(form, "fotos");
    if (files.length === 0) return fail("upload", "Elija al menos una foto (JPEG, PNG o WebP).");
    const read = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
    const result = await addProductPhotos(db, actor, productId, read);
    if (!result.ok && result.reason === "not-found") throw data(null, { status: 404 });
    if (!result.ok) {
      return fail("upload", `La galería admite ${MAX_PHOTOS_PER_PRODUCT} fotos: quite alguna antes de subir más.`, 409);
    }
    if (result.added === 0) return fail("upload", "Ninguna foto se ha podido añadir.", 400, result.rejected);
    return done("upload", addedMessage(result.added), result.rejected);
  }

  if (isGalleryChange(intent)) {
    const imageId = parseRowId(form.get("imageId"));
    if (!imageId) return fail(intent, "No sabemos de qué foto se trata.");
    const outcome = await changeProductPhotos(db, actor, productId, { kind: intent, imageId });
    if (outcome === "not-found") throw data(null, { status: 404 });
    if (outcome === "stale") return fail(intent, "Esa foto ya no está en la galería (puede que se cambiara en otra pestaña).", 409);
    return done(intent, CHANGE_MESSAGES[intent]);
  }

  return fail(null, "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.");
}
