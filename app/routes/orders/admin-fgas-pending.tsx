import { Link, useLoaderData } from "react-router";
import { FGAS_CERTIFICATE_MONTHS } from "~/domain/orders/fgas";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listOverdueDeclarations } from "~/server/orders/fgas.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { OrderStatusBadge } from "~/ui/orders/order-status-badge";
import type { Route } from "./+types/admin-fgas-pending";

/**
 * /admin/pedidos/gases-fluorados (issue 15, decision 0012): orders of F-gas equipment sold
 * without installation whose installer's certificate has not arrived within the legal period.
 * The shop must tell the region's authority about them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { rows: await listOverdueDeclarations(await getDb()) };
}

export const meta: Route.MetaFunction = () => adminMeta("Certificados de gases fluorados pendientes");

export default function FgasPendingPage() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/admin/pedidos">← Pedidos</Link>
      </p>
      <h1>Certificados de gases fluorados pendientes</h1>
      <p>
        Pedidos de equipos con gases fluorados no sellados vendidos sin nuestra instalación cuyo cliente no ha subido el
        certificado de la empresa instaladora en {FGAS_CERTIFICATE_MONTHS} meses desde la compra (Real Decreto 115/2017,
        anexo VI). Hay que comunicarlos al órgano competente de la comunidad autónoma.
      </p>
      <p role="status">{rows.length === 1 ? "1 pedido pendiente" : `${rows.length} pedidos pendientes`}</p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Pedidos sin certificado de instalación, del más antiguo al más reciente</caption>
          <thead>
            <tr>
              <th scope="col">Pedido</th>
              <th scope="col">Cliente</th>
              <th scope="col">Declarado el</th>
              <th scope="col">Plazo hasta</th>
              <th scope="col">Empresa instaladora</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <td data-label="Pedido">
                  <Link to={`/admin/pedidos/${encodeURIComponent(row.number)}#gases-fluorados`}>{row.number}</Link>
                </td>
                <td data-label="Cliente">
                  <span className="admin-orders-customer">
                    {row.customer}
                    <br />
                    <span className="admin-muted admin-orders-email">{row.email}</span>
                  </span>
                </td>
                <td data-label="Declarado el">{row.declaredAt}</td>
                <td data-label="Plazo hasta">{row.dueOn}</td>
                <td data-label="Empresa instaladora">{row.installerName || "Sin indicar"}</td>
                <td data-label="Estado">
                  <OrderStatusBadge status={row.status} />
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>Ningún pedido espera el certificado fuera de plazo.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
