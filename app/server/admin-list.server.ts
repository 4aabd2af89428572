import { requireAdmin } from "~/server/accounts/admin-access.server";
import type { Database } from "~/server/db/client.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";

/** One page of a back-office list, as its area reads it: the page it settled on (the last, for a page past the end). */
type ListPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/**
 * The loader of a back-office list whose page stays within its pages (decision 0024): only an
 * administrator; the filters parsed from the URL; one page read; the page shown is the one read.
 */
export async function readAdminList<Query extends { page: number }, Row>(
  request: Request,
  parse: (params: URLSearchParams) => Query,
  list: (db: Database, query: Query) => Promise<ListPage<Row>>,
) {
  await requireAdmin(request);
  const query = parse(pageUrl(request).searchParams);
  const found = await list(await getDb(), query);
  return { query: { ...query, page: found.page }, total: found.total, pageCount: found.pageCount, rows: found.rows };
}
