import { randomUUID } from "node:crypto";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { customerParam } from "~/server/customers/customer-prefill.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { draftPage, phoneOrderAction } from "~/server/orders/phone-order-action.server";
import { customerValues } from "~/server/orders/phone-order-draft.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { PhoneOrderForm } from "~/ui/orders/phone-order-form";
import type { Route } from "./+types/admin-phone-order";

/*
 * /admin/pedidos/telefono — «Pedido por teléfono» (issue 30): the owner builds an order from the
 * catalogue for a customer (?cliente=<id> prefills the customer record's data), sees the
 * checkout's totals, and creates it; the customer gets the payment link by e-mail.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = customerParam(pageUrl(request));
  const values = id === null ? null : await customerValues(await getDb(), id);
  return draftPage([], values ?? {}, "", randomUUID());
}

export async function action({ request }: Route.ActionArgs) {
  return phoneOrderAction(request, await requireAdmin(request));
}

export const meta: Route.MetaFunction = () => adminMeta("Pedido por teléfono");

export default function PhoneOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? { ...loaderData, errors: {}, formError: undefined, addError: undefined };
  return (
    <>
      <h1>Pedido por teléfono</h1>
      <PhoneOrderForm {...page} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
