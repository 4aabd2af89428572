import { data } from "react-router";
import { firstMessage } from "~/domain/fields/field-errors";
import { isFlagName } from "~/domain/site/flags";
import { FLAG_LABELS } from "~/domain/site/flag-labels";
import { captionSchema, isSiteArea, isSlot, slotTarget, type SiteIntent, type SiteReply } from "~/domain/site/site-media";
import type { Admin } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { ImageRejected, MAX_IMAGE_BYTES } from "../images/image-pipeline.server";
import { bodyProblemMessage, bodyProblemStatus, readUploadForm, uploadedFiles } from "../http/request-body.server";
import { switchFlag } from "./flags.server";
import { restoreSlot, saveSlot } from "./site-media.server";

/*
 * The forms of /admin/sitio (issue 11): switch a flag; put a picture and its text in a slot of
 * the carousel or the brand strip; give a slot its demo back. Each answers on its own form.
 */

const fail = (intent: SiteIntent | null, target: string, error: string, status = 400) =>
  data<SiteReply>({ ok: false, intent, target, error }, { status });

const done = (intent: SiteIntent, target: string, message: string) => data<SiteReply>({ ok: true, intent, target, message });

/** One picture per form, and its text. */
export const SITE_UPLOAD_LIMITS = { maxFiles: 1, maxFileBytes: MAX_IMAGE_BYTES, maxBytes: MAX_IMAGE_BYTES + 100_000 };

export async function siteAction(request: Request, admin: Admin) {
  let form: FormData;
  try {
    form = await readUploadForm(request, SITE_UPLOAD_LIMITS);
  } catch (error) {
    const message = bodyProblemMessage(error);
    if (bodyProblemStatus(error) === 413 && message) return fail("slot", "", message, 413);
    throw error;
  }
  const db = await getDb();
  const actor = { email: admin.email };
  const intent = form.get("intent");

  if (intent === "flag") {
    const name = String(form.get("name") ?? "");
    const value = form.get("value");
    if (!isFlagName(name) || (value !== "on" && value !== "off")) return fail("flag", "", "Ese indicador no existe.");
    const target = `indicador:${name}`;
    if (name === "maintenance" && value === "on" && form.get("confirmar") !== "si") {
      return fail("flag", target, "Marque la casilla para confirmar que quiere cerrar la tienda a los visitantes.");
    }
    const outcome = await switchFlag(db, actor, name, value === "on");
    const state = value === "on" ? "activado" : "desactivado";
    const title = FLAG_LABELS[name].title;
    if (outcome === "unchanged") return done("flag", target, `«${title}» ya estaba ${state}.`);
    return done("flag", target, `«${title}» ${state}. Se verá en todas las instancias en unos segundos.`);
  }

  const area = form.get("area");
  const position = Number(form.get("position"));
  if (!isSiteArea(area) || !isSlot(area, position)) return fail(intent === "restore" ? "restore" : "slot", "", "Ese hueco no existe.");
  const target = slotTarget(area, position);

  if (intent === "slot") {
    const caption = captionSchema(area).safeParse(String(form.get("caption") ?? ""));
    if (!caption.success) return fail("slot", target, firstMessage(caption.error, "Revise el texto."));
    const [file] = uploadedFiles(form, "imagen");
    let outcome;
    try {
      const bytes = file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
      outcome = await saveSlot(db, actor, { area, position, caption: caption.data }, bytes);
    } catch (error) {
      if (error instanceof ImageRejected) return fail("slot", target, `La imagen «${file?.name ?? ""}» ${error.message}`);
      throw error;
    }
    if (outcome === "needs-image") return fail("slot", target, "Elija una imagen (JPEG, PNG o WebP) para sustituir la de muestra.");
    return done("slot", target, file ? "Imagen guardada." : "Texto guardado.");
  }

  if (intent === "restore") {
    const outcome = await restoreSlot(db, actor, area, position);
    return done("restore", target, outcome === "already" ? "Este hueco ya mostraba la muestra." : "Muestra restaurada.");
  }

  return fail(null, "", "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo.");
}
