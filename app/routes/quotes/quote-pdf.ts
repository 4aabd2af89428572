import { data } from "react-router";
import { getDb } from "~/server/db/db.server";
import { pdfResponse } from "~/server/pdf/a4-pdf.server";
import { quotePdfFile } from "~/server/quotes/quote-pdf.server";
import { isQuoteToken, quoteByToken } from "~/server/quotes/quote-store.server";
import type { Route } from "./+types/quote-pdf";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * /presupuestos/:token/pdf — the current version of the customer's quote as PDF (issue 17),
 * with the acceptance when it is signed. `?version=N` gives an earlier version the customer
 * received (for example the one they signed). Unknown token: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isQuoteToken(params.token)) throw data(null, { status: 404 });
  const db = await getDb();
  const quote = await quoteByToken(db, params.token);
  if (!quote || quote.currentVersion === 0 || quote.status === "anulado") throw data(null, { status: 404 });
  const asked = Number(pageUrl(request).searchParams.get("version") ?? quote.currentVersion);
  if (!Number.isInteger(asked) || asked < 1 || asked > quote.currentVersion) throw data(null, { status: 404 });
  const file = await quotePdfFile(db, quote.id, asked);
  if (!file) throw data(null, { status: 404 });
  return pdfResponse(file);
}
