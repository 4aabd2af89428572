import { eq } from "drizzle-orm";
import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { jobs } from "~/server/jobs/jobs-schema.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { workReportPdfFile } from "~/server/jobs/work-report-pdf.server";
import { isQuoteToken, quoteByToken } from "~/server/quotes/quote-store.server";
import type { Route } from "./+types/work-report-pdf";

/**
 * /presupuestos/:token/parte.pdf — the customer's copy of the signed work report of the job of
 * their quote (issue 17), by the quote's unguessable link. No report yet, or an unknown token: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isQuoteToken(params.token)) throw data(null, { status: 404 });
  const db = await getDb();
  const quote = await quoteByToken(db, params.token);
  const [job] = quote ? await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.quoteId, quote.id)) : [];
  const file = job ? await workReportPdfFile(db, job.id) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
