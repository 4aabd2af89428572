import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { workReportPdfFile } from "~/server/jobs/work-report-pdf.server";
import { isMyPlanVisitJob } from "~/server/maintenance/my-plans.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/my-maintenance-record-pdf";

/**
 * /login/equipos/mantenimientos/:job — the signed maintenance record (registro de operaciones de
 * mantenimiento) of a visit of one of the signed-in customer's plans, as PDF (issue 31). Only for
 * a verified address, like Mis equipos; anyone else's answers 404, like one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const jobId = /^\d{1,9}$/.test(params.job) ? Number(params.job) : 0;
  if (!user.emailVerified || jobId === 0) throw data(null, { status: 404 });
  const db = await getDb();
  if (!(await isMyPlanVisitJob(db, user.email, jobId))) throw data(null, { status: 404 });
  const file = await workReportPdfFile(db, jobId);
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
