import { data } from "react-router";
import { parseRowId } from "~/domain/images/photos";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { workReportPdfFile } from "~/server/jobs/work-report-pdf.server";
import type { Route } from "./+types/admin-job-report-pdf";

/** /admin/trabajos/:id/parte.pdf — a job's signed work report (issue 17). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRowId(params.id);
  const file = id ? await workReportPdfFile(await getDb(), id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
