import { parseRowId } from "~/domain/images/photos";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { reportPhotoResponse } from "~/server/jobs/work-report-photos.server";
import type { Route } from "./+types/admin-job-report-photo";

/** /admin/trabajos/:id/fotos/:file — a photo of a job's work report (private: administrators and the job's technician only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return reportPhotoResponse(parseRowId(params.id), params.file);
}
