import { data, Link, useActionData, useLoaderData } from "react-router";
import { firstMessage } from "~/domain/fields/field-errors";
import { banForm } from "~/domain/accounts/ban-form";
import { type AccountChange, type CustomerReply } from "~/domain/accounts/customers";
import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { REQUEST_STATE_LABELS } from "~/domain/quotes/request-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { changeAccount } from "~/server/accounts/customer-changes.server";
import { getCustomer } from "~/server/accounts/customers.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { CustomerAccountForms } from "~/ui/accounts/customer-account-forms";
import { Price } from "~/ui/price";
import type { Route } from "./+types/admin-account";

/** A customer (issue 11): their account, orders and quote requests; disable, enable, the admin role. */
const validId = (id: string | undefined): id is string => typeof id === "string" && /^[\w-]{1,100}$/.test(id);

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const customer = validId(params.id) ? await getCustomer(await getDb(), params.id) : null;
  if (!customer) throw data(null, { status: 404 });
  return {
    ...customer,
    self: customer.id === admin.id,
    createdAt: formatDate(customer.createdAt),
    orders: customer.orders.map((order) => ({ ...order, createdAt: formatDateTime(order.createdAt) })),
    requests: customer.requests.map((request) => ({ ...request, createdAt: formatDateTime(request.createdAt) })),
  };
}

const CHANGES = new Set<string>(["disable", "enable", "grant", "revoke"]);

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  if (!validId(params.id)) throw data(null, { status: 404 });
  const form = await readForm(request, { maxBytes: 16_000 });
  const intent = String(form.get("intent") ?? "");
  if (!CHANGES.has(intent)) return data<CustomerReply>({ ok: false, error: "No sabemos qué quería hacer. Vuelva a la página e inténtelo de nuevo." }, { status: 400 });
  let reason = "";
  if (intent === "disable") {
    const parsed = banForm.safeParse({ reason: form.get("reason") ?? "" });
    if (!parsed.success) return data<CustomerReply>({ ok: false, error: firstMessage(parsed.error, "Revise el motivo.") }, { status: 400 });
    reason = parsed.data.reason;
  }
  const result = await changeAccount(await getDb(), admin, params.id, intent as AccountChange, { reason });
  if (!result.ok && result.status === 404) throw data(null, { status: 404 });
  return result.ok ? data<CustomerReply>(result) : data<CustomerReply>({ ok: false, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => adminMeta(data?.email ?? "Cuenta");

export default function AccountPage() {
  const customer = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/admin/cuentas">← Volver a las cuentas</Link>
      </p>
      <h1>{customer.name || customer.email}</h1>
      <CustomerAccountForms customer={customer} reply={reply} />
      <section className="admin-section" aria-labelledby="cliente-pedidos">
        <h2 id="cliente-pedidos">Pedidos ({customer.orders.length})</h2>
        {customer.orders.length === 0 ? (
          <p className="admin-muted">Sin pedidos.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table stack">
              <caption className="visually-hidden">Pedidos del cliente, del más reciente al más antiguo</caption>
              <thead>
                <tr>
                  <th scope="col">Número</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Estado</th>
                  <th scope="col" className="num">
                    Importe
                  </th>
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((order) => (
                  <tr key={order.number}>
                    <td data-label="Número">
                      <Link to={`/admin/pedidos/${encodeURIComponent(order.number)}`}>{order.number}</Link>
                    </td>
                    <td data-label="Fecha">{order.createdAt}</td>
                    <td data-label="Estado">{order.status}</td>
                    <td data-label="Importe" className="num">
                      <Price cents={order.amountCents} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-section" aria-labelledby="cliente-solicitudes">
        <h2 id="cliente-solicitudes">Solicitudes de presupuesto ({customer.requests.length})</h2>
        {customer.requests.length === 0 ? (
          <p className="admin-muted">Sin solicitudes con este e-mail.</p>
        ) : (
          <ul>
            {customer.requests.map((request) => (
              <li key={request.id}>
                <Link to={`/admin/solicitudes/${request.id}`}>Solicitud nº {request.id}</Link>, {request.createdAt}, {request.town}:{" "}
                {REQUEST_STATE_LABELS[request.state]}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to={`/admin/registro?entidad=cliente&id=${encodeURIComponent(customer.id)}`}>Historial de cambios de esta cuenta</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/cuentas", label: "Volver a las cuentas" }} />;
}
