import source from "~/ui/alerts/admin-service-worker.js?raw";
import { adminState, notFound } from "~/server/accounts/admin-access.server";
import type { Route } from "./+types/admin-service-worker";

/*
 * GET /admin/sw.js (issue 30): the back office's service worker (scope /admin), which shows the staff's alerts.
 * Served to a signed-in administrator only, as every /admin address (a browser sends the session
 * cookie when it fetches or updates its worker; a failed update keeps the worker it has).
 * Never cached: a new version reaches the phones at their next visit.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if ((await adminState(request)).kind === "none") return notFound();
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      // Its scope is /admin, the whole back office: one level above its own folder (/admin/).
      "Service-Worker-Allowed": "/admin",
    },
  });
}
