import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { madridDay, monthAndYear, formatYmd } from "~/domain/dates/madrid-dates";
import { capitalize } from "~/domain/visits/visit-format";
import { formatEuros } from "~/domain/money";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { DUE_KIND_LABELS, type DueItem } from "~/domain/maintenance/due-items";
import { dueInMonth, monthStart } from "~/server/maintenance/due-list.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-due";

/**
 * /admin/mantenimiento (issue 31): what falls due this month and the next — maintenance visits,
 * plan renewals with the money they bring, F-gas leak checks and guarantees ending. `?mes=AAAA-MM`
 * starts at another month (the links move a month at a time).
 */
const query = z.object({ mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().catch(undefined) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { mes } = query.parse(Object.fromEntries(pageUrl(request).searchParams));
  const first = mes ? `${mes}-01` : monthStart(madridDay(new Date()));
  const db = await getDb();
  const months = [await dueInMonth(db, first), await dueInMonth(db, monthStart(first, 1))];
  return { months, previous: monthStart(first, -1).slice(0, 7), next: monthStart(first, 1).slice(0, 7) };
}

export const meta: Route.MetaFunction = () => adminMeta("Mantenimiento");

const TABLE: AdminTable<DueItem> = {
  caption: "Vencimientos del mes, por fecha",
  rowKey: (item) => `${item.kind}-${item.on}-${item.planId ?? ""}-${item.what}`,
  columns: [
    { label: "Qué", cell: (item) => DUE_KIND_LABELS[item.kind], phone: "title" },
    { label: "Fecha", cell: (item) => formatYmd(item.on) },
    { label: "Cliente", cell: (item) => (item.customerId ? <Link to={`/admin/clientes/${item.customerId}`}>{item.customerName}</Link> : item.customerName) },
    { label: "Detalle", cell: (item) => item.what },
    { label: "Importe", cell: (item) => (item.amountCents === null ? "—" : formatEuros(item.amountCents)), num: true },
  ],
};

export default function AdminDue() {
  const { months, previous, next } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Mantenimiento</h1>
      <p className="admin-muted">Visitas de mantenimiento, renovaciones de planes, controles de fugas y garantías que terminan, mes a mes.</p>
      <nav className="admin-month-nav" aria-label="Meses">
        <Link to={`?mes=${previous}`}>← Mes anterior</Link>
        <Link to=".">Este mes</Link>
        <Link to={`?mes=${next}`}>Mes siguiente →</Link>
      </nav>
      {months.map((month) => (
        <section key={month.firstDay} aria-labelledby={`mes-${month.firstDay}`}>
          <h2 id={`mes-${month.firstDay}`}>{capitalize(monthAndYear(month.firstDay))}</h2>
          <AdminList
            table={{ ...TABLE, caption: `Vencimientos de ${monthAndYear(month.firstDay)}, por fecha` }}
            rows={month.items}
            status={`${month.items.length === 1 ? "1 vencimiento" : `${month.items.length} vencimientos`} · renovaciones: ${formatEuros(month.renewalsCents)}`}
            empty="Nada vence este mes."
          />
        </section>
      ))}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al panel" }} />;
}
