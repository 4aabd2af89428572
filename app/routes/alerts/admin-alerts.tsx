import { alertsAction, alertsLoader } from "~/server/alerts/alerts-page.server";
import { adminMeta } from "~/ui/admin/admin-nav";
import { AlertsPage } from "~/ui/alerts/alerts-page";
import type { Route } from "./+types/admin-alerts";

/** /admin/avisos (issue 30): alerts on the staff's phones (app/ui/alerts/alerts-page.tsx). */
export async function loader({ request }: Route.LoaderArgs) {
  return alertsLoader(request);
}

export async function action({ request }: Route.ActionArgs) {
  return alertsAction(request);
}

export const meta: Route.MetaFunction = () => adminMeta("Avisos");

export default function AdminAlerts({ loaderData, actionData }: Route.ComponentProps) {
  return <AlertsPage data={loaderData} reply={actionData} />;
}
