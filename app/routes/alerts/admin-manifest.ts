import { adminState, notFound } from "~/server/accounts/admin-access.server";
import { config } from "~/server/config.server";
import { ADMIN_THEME_COLOUR, backOfficeManifest } from "~/domain/alerts/app-manifest";
import type { Route } from "./+types/admin-manifest";

/*
 * GET /admin/app.webmanifest (issue 30): the back office installs as an app of its own. Linked
 * only from the admin pages (with the session cookie: crossorigin="use-credentials"), so the
 * storefront's pages load nothing more; like every /admin address, a 404 to anybody else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if ((await adminState(request)).kind === "none") return notFound();
  const manifest = backOfficeManifest(config().SHOP_NAME, ADMIN_THEME_COLOUR);
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "private, no-cache" },
  });
}
