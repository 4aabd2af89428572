import { data } from "react-router";
import { parseRowId } from "~/domain/images/photos";
import { requireTechnician } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { getJob } from "~/server/jobs/jobs.server";
import { workReportPdfFile } from "~/server/jobs/work-report-pdf.server";
import type { Route } from "./+types/technician-job-report-pdf";

/** /tecnico/trabajos/:id/parte.pdf — the signed work report, for the job's own technician (issue 17). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const me = await requireTechnician(request);
  const id = parseRowId(params.id);
  const db = await getDb();
  const job = id ? await getJob(db, id) : null;
  const file = job && job.technicianId === me.id ? await workReportPdfFile(db, job.id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
