import { securityAction, securityLoader } from "~/server/accounts/security-page.server";
import { SecurityPage } from "~/ui/accounts/security-page";
import type { Route } from "./+types/technician-security";

/** /tecnico/seguridad (issue 28): the technician's passkeys and authenticator app (app/ui/accounts/security-page.tsx). */
export async function loader({ request }: Route.LoaderArgs) {
  return securityLoader(request, "tecnico");
}

export async function action({ request }: Route.ActionArgs) {
  return securityAction(request, "tecnico");
}

export const meta: Route.MetaFunction = () => [{ title: "Seguridad | Área del técnico" }, { name: "robots", content: "noindex, nofollow" }];

export default function TechnicianSecurity({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityPage data={loaderData} reply={actionData} />;
}
