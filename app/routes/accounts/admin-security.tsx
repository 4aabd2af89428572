import { securityAction, securityLoader } from "~/server/accounts/security-page.server";
import { adminMeta } from "~/ui/admin/admin-nav";
import { SecurityPage } from "~/ui/accounts/security-page";
import type { Route } from "./+types/admin-security";

/** /admin/seguridad (issue 28): the administrator's passkeys and authenticator app (app/ui/accounts/security-page.tsx). */
export async function loader({ request }: Route.LoaderArgs) {
  return securityLoader(request, "admin");
}

export async function action({ request }: Route.ActionArgs) {
  return securityAction(request, "admin");
}

export const meta: Route.MetaFunction = () => adminMeta("Seguridad");

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage data={loaderData} reply={actionData} />;
}
