import { data } from "react-router";
import { parseRowId } from "~/domain/images/photos";
import { requireTechnician } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { getJob } from "~/server/jobs/jobs.server";
import { reportPhotoResponse } from "~/server/jobs/work-report-photos.server";
import type { Route } from "./+types/technician-job-photo";

/** /tecnico/trabajos/:id/fotos/:file — a photo of the work report (private), for the job's own technician only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const me = await requireTechnician(request);
  const id = parseRowId(params.id);
  const job = id ? await getJob(await getDb(), id) : null;
  if (!job || job.technicianId !== me.id) throw data(null, { status: 404 });
  return reportPhotoResponse(job.id, params.file);
}
