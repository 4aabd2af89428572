import { redirect } from "react-router";
import { notFound, staffState } from "~/server/accounts/admin-access.server";
import { enrolmentAction } from "~/server/accounts/enrolment-action.server";
import { hasPassword } from "~/server/accounts/second-factor.server";
import { SecondFactorEnrolment } from "~/ui/accounts/second-factor-enrolment";
import type { Route } from "./+types/technician-second-factor";

/**
 * A technician's first entry (issue 17): the same enrolment of an authenticator app as the
 * administrators' (/admin/segundo-factor), on their own pages, since no /admin page opens for them.
 */
async function enrollingTechnician(request: Request) {
  const state = await staffState(request);
  if (state.kind === "none" || state.staff.role !== "tecnico") return notFound();
  if (state.kind !== "enrol") throw redirect("/tecnico");
  return state.staff;
}

export async function loader({ request }: Route.LoaderArgs) {
  const me = await enrollingTechnician(request);
  return { needsPassword: await hasPassword(me.id) };
}

export const meta: Route.MetaFunction = () => [{ title: "Segundo factor | Área del técnico" }, { name: "robots", content: "noindex, nofollow" }];

export async function action({ request }: Route.ActionArgs) {
  return enrolmentAction(request, await enrollingTechnician(request), "/tecnico");
}

export default function TechnicianSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SecondFactorEnrolment
      needsPassword={loaderData.needsPassword}
      actionData={actionData}
      intro="Para ver sus trabajos necesita, además de su contraseña, un segundo factor: una llave de acceso en su móvil (su huella o su cara) o una aplicación de autenticación."
    />
  );
}
