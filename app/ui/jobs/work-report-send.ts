import type { WorkReportFields } from "~/domain/jobs/work-report-form";
import type { StoredPhoto } from "./work-report-store";

/*
 * The phone's side of sending a work report (issue 17): photos brought down before they are kept
 * (app/ui/photo-downscale.ts), each photo sent on its own, then the report naming them.
 * A connection that fails is "offline": the draft stays and is sent again later.
 */

export type SendOutcome =
  | { kind: "sent"; message: string }
  /** The server has a report for this job already (sent from elsewhere): nothing to keep. */
  | { kind: "already"; message: string }
  | { kind: "offline" }
  | { kind: "refused"; message: string; errors: Record<string, string> }
  /** The server could not take it now (5xx), or the session ended: kept, tried again later. */
  | { kind: "failed"; message: string };

class Offline extends Error {}

type Json = { ok?: boolean; message?: string; errors?: Record<string, string>; imageId?: number; alreadyReported?: boolean };

async function post(url: string, body: FormData): Promise<{ status: number; json: Json | null }> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new Offline();
  }
  const json = response.headers.get("content-type")?.includes("application/json") && !response.redirected ? ((await response.json().catch(() => null)) as Json | null) : null;
  return { status: response.status, json };
}

const SESSION = "No hemos podido enviarlo: puede que su sesión haya caducado. Inicie sesión de nuevo en otra pestaña y pulse «Enviar el parte»; el parte sigue guardado en este teléfono.";

/** Not JSON (a sign-in page after a redirect), or the 404 every staff page gives a session that ended. */
const lostSession = (status: number, json: Json | null) => !json || status === 404;

/**
 * Sends the photos not yet on the server (each id is kept as soon as it is known, through
 * `uploaded`), then the report. Never throws: the outcome says what to tell the technician.
 */
export async function sendReport(
  jobId: number,
  draft: { key: string; fields: WorkReportFields },
  photos: readonly StoredPhoto[],
  uploaded: (photo: StoredPhoto, imageId: number) => Promise<void>,
): Promise<SendOutcome> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { kind: "offline" };
  const base = `/tecnico/trabajos/${jobId}`;
  try {
    const ids: number[] = [];
    for (const photo of photos) {
      if (photo.imageId) {
        ids.push(photo.imageId);
        continue;
      }
      const form = new FormData();
      form.append("clave", photo.key);
      form.append("foto", photo.blob, photo.name || "foto.jpg");
      const { status, json } = await post(`${base}/fotos`, form);
      if (status >= 500) return { kind: "failed", message: "El servidor no ha podido guardar una foto ahora. Lo intentaremos de nuevo." };
      if (lostSession(status, json) || !json) return { kind: "failed", message: SESSION };
      if (!json.ok || !json.imageId) return { kind: "refused", message: json.message ?? "Una foto no se ha podido guardar.", errors: { photos: json.message ?? "Quite esa foto y añádala de nuevo." } };
      await uploaded(photo, json.imageId);
      ids.push(json.imageId);
    }
    const form = new FormData();
    form.append("parte", JSON.stringify({ ...draft.fields, key: draft.key, photoIds: ids }));
    const { status, json } = await post(`${base}/parte`, form);
    if (status >= 500) return { kind: "failed", message: "El servidor no ha podido guardar el parte ahora. Lo intentaremos de nuevo." };
    if (lostSession(status, json) || !json) return { kind: "failed", message: SESSION };
    if (json.ok) return { kind: "sent", message: json.message ?? "Parte enviado." };
    if (json.alreadyReported) return { kind: "already", message: json.message ?? "Este trabajo ya tiene un parte firmado." };
    return { kind: "refused", message: json.message ?? "Revise el parte.", errors: json.errors ?? {} };
  } catch (error) {
    if (error instanceof Offline) return { kind: "offline" };
    return { kind: "failed", message: "No hemos podido enviar el parte. Lo intentaremos de nuevo." };
  }
}
