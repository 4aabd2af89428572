import { data, redirect } from "react-router";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { debitFile } from "~/server/maintenance/plan-debits.server";
import type { Route } from "./+types/admin-debit-file";

/**
 * POST /admin/mantenimiento/adeudos — the bank's direct debit file of plan renewals
 * (pain.008.001.02, issue 31), as a download; a resource route, so the browser saves the file.
 * With nothing to send, back to the page, which says why.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, { maxBytes: 1_000 });
  if (form.get("intent") !== "adeudos") throw data(null, { status: 400 });
  const file = await debitFile(await getDb(), admin);
  if (!file.ok) return redirect(`/admin/mantenimiento?adeudos=${file.problem}`, 303);
  return new Response(file.xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Content-Disposition": `attachment; filename="${file.filename}"`, "Cache-Control": "no-store" },
  });
}

/** A GET (a bookmark, a reload) goes to the page; only the owner's, like every /admin address. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/mantenimiento");
}
