import { data, Link, useActionData, useLoaderData } from "react-router";
import { withdrawalView } from "~/domain/orders/withdrawal-handling";
import { canMoveWithdrawal } from "~/domain/orders/withdrawal-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { withdrawalAction } from "~/server/orders/withdrawal-action.server";
import { getWithdrawal, handlingLimits } from "~/server/orders/withdrawal-handling.server";
import { Price } from "~/ui/price";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { GoodsReturnedForm } from "~/ui/orders/withdrawal-forms";
import { WithdrawalFacts } from "~/ui/orders/withdrawal-summary";
import type { Route } from "./+types/admin-withdrawal";

/**
 * One withdrawal (issue 11): the request, its order, and the steps received -> returned ->
 * refunded; the last is taken by a refund made on the order's page (issue 12).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await getWithdrawal(await getDb(), id) : null;
  if (!row) throw data(null, { status: 404 });
  const limits = handlingLimits(row);
  return {
    withdrawal: withdrawalView(row),
    order: { number: row.orderNumber, status: row.orderStatus, amountCents: row.orderAmountCents },
    customer: { name: row.customerName, email: row.userEmail },
    today: limits.today,
    requestedDay: limits.requestedDay,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return withdrawalAction(request, admin, params.id);
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `Desistimiento del pedido ${data.order.number}` : "Desistimiento"} | Administración` },
];

export default function WithdrawalPage() {
  const { withdrawal, order, customer, today, requestedDay } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const dates = { reply, today, requestedDay };
  return (
    <>
      <p>
        <Link to="/admin/desistimientos">← Volver a los desistimientos</Link>
      </p>
      <h1>Desistimiento del pedido {order.number}</h1>
      {reply?.ok ? (
        <p role="status" className="admin-reply">
          {reply.message}
        </p>
      ) : null}
      <section className="admin-section" aria-labelledby="desistimiento-datos">
        <h2 id="desistimiento-datos">Solicitud</h2>
        <WithdrawalFacts withdrawal={withdrawal}>
          <dt>Pedido</dt>
          <dd>
            <Link to={`/admin/pedidos/${order.number}`}>{order.number}</Link> · {order.status} · <Price cents={order.amountCents} />
          </dd>
          <dt>Cliente</dt>
          <dd>
            {customer.name} · <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
        </WithdrawalFacts>
      </section>
      {canMoveWithdrawal(withdrawal.state, "devuelto") ? <GoodsReturnedForm {...dates} /> : null}
      {canMoveWithdrawal(withdrawal.state, "reembolsado") ? (
        <section className="admin-section" aria-labelledby="desistimiento-reembolso">
          <h2 id="desistimiento-reembolso">Reembolso</h2>
          <p>
            El reembolso se hace en la página del pedido: por Redsys si pagó con tarjeta o Bizum, o registrando la transferencia que haga desde el banco. Al
            hacerlo, este desistimiento queda cerrado con la fecha y el importe devueltos.
          </p>
          <p>
            <Link to={`/admin/pedidos/${encodeURIComponent(order.number)}#reembolsos`}>Reembolsar el pedido {order.number}</Link>
          </p>
        </section>
      ) : null}
      {withdrawal.state === "reembolsado" ? <p>Desistimiento cerrado: el reembolso está registrado.</p> : null}
      <p>
        <Link to={`/admin/registro?entidad=desistimiento&id=${withdrawal.id}`}>Historial de cambios de este desistimiento</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/desistimientos", label: "Volver a los desistimientos" }} />;
}
