import { data } from "react-router";
import { parseWorkReport } from "~/domain/jobs/work-report-form";
import { parseRowId } from "~/domain/images/photos";
import { requireTechnician } from "../accounts/admin-access.server";
import { getDb } from "../db/db.server";
import { getJob } from "./jobs.server";
import { clientAddress } from "../rate-limit.server";
import { bodyProblemMessage, bodyProblemStatus, readForm, readUploadForm, uploadedFiles } from "../http/request-body.server";
import { isPhotoKey, REPORT_PHOTO_LIMITS, saveReportPhoto } from "./work-report-photos.server";
import { submitWorkReport } from "./work-report.server";
import { reportFormFacts } from "./work-report-store.server";

/*
 * The two posts of the technician's phone (issue 17), answered in JSON for the page's script:
 * a photo (/tecnico/trabajos/:id/fotos, multipart, one JPEG) and the signed report
 * (/tecnico/trabajos/:id/parte, the report as JSON in the field "parte"). Like every action,
 * the body is read first (a broken or oversized one is 400/413/415 whoever sends it); then the
 * technician of the job, or 404.
 */

const NO_STORE = { "Cache-Control": "no-store" };
const reply = (body: Record<string, unknown>, status = 200) => Response.json(body, { status, headers: NO_STORE });

/** The body, or the JSON refusal of a body that cannot be read. */
async function body(read: () => Promise<FormData>): Promise<FormData | Response> {
  try {
    return await read();
  } catch (error) {
    const status = bodyProblemStatus(error);
    if (status === null) throw error;
    return reply({ ok: false, message: bodyProblemMessage(error) ?? "No hemos podido leer el envío." }, status);
  }
}

/** The technician's own job, or the 404 answer (thrown, like a page's). */
async function ownJob(request: Request, idParam: string | undefined) {
  const technician = await requireTechnician(request);
  const id = parseRowId(idParam);
  const job = id ? await getJob(await getDb(), id) : null;
  if (!job || job.technicianId !== technician.id) throw data(null, { status: 404 });
  return { technician, job };
}

const OPEN = new Set(["programado", "en_curso"]);

export async function reportPhotoAction(request: Request, idParam: string | undefined): Promise<Response> {
  const form = await body(() => readUploadForm(request, REPORT_PHOTO_LIMITS));
  if (form instanceof Response) return form;
  const { job } = await ownJob(request, idParam);
  if (!OPEN.has(job.status)) return reply({ ok: false, message: "Este trabajo ya no admite fotos." }, 409);
  const key = form.get("clave");
  const [file] = uploadedFiles(form, "foto");
  if (!isPhotoKey(key) || !file) return reply({ ok: false, message: "Falta la foto o su clave. Vuelva a añadirla." }, 400);
  const saved = await saveReportPhoto(await getDb(), job.id, key, new Uint8Array(await file.arrayBuffer()));
  return saved.ok ? reply({ ok: true, imageId: saved.imageId }) : reply({ ok: false, message: saved.message }, 400);
}

/** The report as JSON inside a form field: a signature's path data and the checklist fit easily. */
const REPORT_MAX_BYTES = 200_000;

export async function workReportAction(request: Request, idParam: string | undefined): Promise<Response> {
  const form = await body(() => readForm(request, { maxBytes: REPORT_MAX_BYTES }));
  if (form instanceof Response) return form;
  const { technician, job } = await ownJob(request, idParam);
  let input: unknown;
  try {
    input = JSON.parse(String(form.get("parte") ?? ""));
  } catch {
    return reply({ ok: false, message: "No hemos podido leer el parte. Vuelva a cargar la página e inténtelo de nuevo.", errors: {} }, 400);
  }
  const db = await getDb();
  const facts = await reportFormFacts(db, job);
  const parsed = parseWorkReport(input, facts.units, { repair: facts.repair !== null });
  if (!parsed.ok) return reply({ ok: false, message: "Revise los datos marcados del parte.", errors: parsed.errors }, 400);
  const who = { ip: clientAddress(request), userAgent: request.headers.get("user-agent") ?? "" };
  const result = await submitWorkReport(db, technician, job.id, parsed.report, who);
  if (result.ok) return reply({ ok: true, reportId: result.reportId, message: result.message });
  if (result.status === 404) throw data(null, { status: 404 });
  return reply({ ok: false, message: result.message, errors: result.errors ?? {}, alreadyReported: result.alreadyReported ?? false }, result.status);
}
