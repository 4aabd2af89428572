import { redirect } from "react-router";
import { adminState, notFound } from "~/server/accounts/admin-access.server";
import { enrolmentAction } from "~/server/accounts/enrolment-action.server";
import { hasPassword } from "~/server/accounts/second-factor.server";
import { adminMeta } from "~/ui/admin/admin-nav";
import { SecondFactorEnrolment } from "~/ui/accounts/second-factor-enrolment";
import type { Route } from "./+types/admin-second-factor";

/** First entry to /admin (issue 11): the administrator enrols an authenticator app (app/ui/accounts/second-factor-enrolment.tsx). */
async function enrollingAdmin(request: Request) {
  const state = await adminState(request);
  if (state.kind === "none") return notFound();
  if (state.kind !== "enrol") throw redirect("/admin");
  return state.admin;
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await enrollingAdmin(request);
  return { needsPassword: await hasPassword(admin.id) };
}

export const meta: Route.MetaFunction = () => adminMeta("Segundo factor");

export async function action({ request }: Route.ActionArgs) {
  return enrolmentAction(request, await enrollingAdmin(request), "/admin");
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SecondFactorEnrolment
      needsPassword={loaderData.needsPassword}
      actionData={actionData}
      intro="Para entrar en la administración necesita, además de su contraseña, un segundo factor: una llave de acceso en su móvil (su huella o su cara) o una aplicación de autenticación."
    />
  );
}
