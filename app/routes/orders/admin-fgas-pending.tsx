import { Link, useLoaderData } from "react-router";
import { FGAS_CERTIFICATE_MONTHS } from "~/domain/orders/fgas";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { listOverdueDeclarations } from "~/server/orders/fgas.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, WithNote, type AdminTable } from "~/ui/admin/admin-list";
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

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Pedidos sin certificado de instalación, del más antiguo al más reciente",
  rowKey: (row) => row.number,
  columns: [
    { label: "Pedido", phone: "title", cell: (row) => <Link to={`/admin/pedidos/${encodeURIComponent(row.number)}#gases-fluorados`}>{row.number}</Link> },
    { label: "Cliente", cell: (row) => <WithNote note={row.email}>{row.customer}</WithNote> },
    { label: "Declarado el", cell: (row) => row.declaredAt },
    { label: "Plazo hasta", cell: (row) => row.dueOn },
    { label: "Empresa instaladora", cell: (row) => row.installerName || "Sin indicar" },
    { label: "Estado", cell: (row) => <OrderStatusBadge status={row.status} /> },
  ],
};

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
      <AdminList
        count={{ total: rows.length, one: "pedido pendiente", many: "pedidos pendientes" }}
        table={table}
        rows={rows}
        empty="Ningún pedido espera el certificado fuera de plazo."
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/pedidos", label: "Volver a los pedidos" }} />;
}
