import { data } from "react-router";
import { isQuoteNumber } from "~/domain/quotes/quote-number";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { quotePdfFile } from "~/server/quotes/quote-pdf.server";
import { quoteByNumber } from "~/server/quotes/quote-store.server";
import type { Route } from "./+types/admin-quote-version-pdf";
import { pageUrl } from "~/server/http/page-url.server";

/** /admin/presupuestos/:number/pdf?version=N — a sent version's PDF, as the customer got it (issue 17). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!isQuoteNumber(params.number)) throw data(null, { status: 404 });
  const db = await getDb();
  const quote = await quoteByNumber(db, params.number);
  if (!quote || quote.currentVersion === 0) throw data(null, { status: 404 });
  const version = Number(pageUrl(request).searchParams.get("version") ?? quote.currentVersion);
  const file = Number.isInteger(version) && version >= 1 ? await quotePdfFile(db, quote.id, version) : null;
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
