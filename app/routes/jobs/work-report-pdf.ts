import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { jobOfPage, pageKeyOf } from "~/server/jobs/job-payment-page.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { workReportPdfFile } from "~/server/jobs/work-report-pdf.server";
import type { Route } from "./+types/work-report-pdf";

/**
 * /presupuestos/:token/parte.pdf and /averias/:token/parte.pdf (issue 31) — the customer's copy
 * of the signed work report of the job of their quote (issue 17) or of their breakdown's repair,
 * by the page's unguessable link. No report yet, or an unknown token: 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageKeyOf(request, params.token);
  if (!page) throw data(null, { status: 404 });
  const db = await getDb();
  const job = await jobOfPage(db, page);
  const file = job ? await workReportPdfFile(db, job.id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
