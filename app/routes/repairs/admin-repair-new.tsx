import { useActionData } from "react-router";
import { madridDay } from "~/domain/dates/madrid-dates";
import { coverageOf } from "~/domain/repairs/repair-coverage";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { config } from "~/server/config.server";
import { ownerRepairAction } from "~/server/repairs/repair-action.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { RepairForm } from "~/ui/repairs/repair-form";
import type { Route } from "./+types/admin-repair-new";

/*
 * /admin/averias/nueva — «Avería nueva (por teléfono)» (issue 31): the owner types what the
 * customer says on the phone, with the breakdown form's fields and rules (the e-mail may be
 * missing); the customer gets the acknowledgement if an e-mail was given. Then its page.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { coverage: coverageOf(null, madridDay(new Date()), config().REPAIR_CALL_OUT_CENTS).text };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return ownerRepairAction(request, admin);
}

export const meta: Route.MetaFunction = () => adminMeta("Avería nueva");

export default function NewRepairPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const refused = reply && !reply.ok ? reply : null;
  return (
    <>
      <h1>Avería nueva (por teléfono)</h1>
      <p className="admin-muted">Lo que el cliente le cuenta. Si deja un email, le enviamos el acuse con lo que cuesta.</p>
      <RepairForm unit={null} coverage={loaderData.coverage} payNow={false} values={refused?.values ?? {}} errors={refused?.errors ?? {}} formError={refused?.error ?? null} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/averias", label: "Volver a las averías" }} />;
}
