import { Link, useLoaderData } from "react-router";
import { listQuery } from "~/domain/page-numbers";
import { z } from "zod";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { AUDIT_ENTITIES, readAuditLog } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-audit-log";
import { pageUrl } from "~/server/http/page-url.server";

/** The audit log (issue 11): every change of the back office, newest first; read-only by design. */
const querySchema = z.object({
  entidad: z.enum(AUDIT_ENTITIES).optional().catch(undefined),
  id: z.string().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = querySchema.parse(Object.fromEntries(pageUrl(request).searchParams));
  const log = await readAuditLog(await getDb(), { entity: query.entidad, entityId: query.id, page: query.pagina });
  return {
    query,
    hasMore: log.hasMore,
    rows: log.rows.map((row) => ({
      id: row.id,
      at: formatDateTime(row.at),
      actor: row.actor,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before ? JSON.stringify(row.before, null, 1) : "",
      after: row.after ? JSON.stringify(row.after, null, 1) : "",
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Registro de cambios");

function pageHref(query: { entidad?: string; id?: string }, page: number): string {
  return listQuery({ entidad: query.entidad, id: query.id }, page) || ".";
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Cambios, del más reciente al más antiguo",
  rowKey: (row) => row.id,
  columns: [
    { label: "Fecha", phone: "title", cell: (row) => row.at },
    { label: "Quién", cell: (row) => row.actor },
    { label: "Qué", cell: (row) => row.action },
    {
      label: "Sobre",
      cell: (row) => (
        <Link to={pageHref({ entidad: row.entity, id: row.entityId }, 1)}>
          {row.entity} {row.entityId}
        </Link>
      ),
    },
    { label: "Antes", cell: (row) => <pre className="admin-pre">{row.before}</pre> },
    { label: "Después", cell: (row) => <pre className="admin-pre">{row.after}</pre> },
  ],
};

export default function AuditLogPage() {
  const { rows, query, hasMore } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Registro de cambios</h1>
      <p className="admin-muted">Cada cambio hecho en la administración, con quién, cuándo y los valores de antes y después. No se puede modificar.</p>
      <AdminList
        table={table}
        rows={rows}
        empty={`No hay cambios registrados${query.entidad ? " para este filtro" : ""}.`}
        footer={
          // The log is read newest first without counting it (it only grows): "older" while there are more.
          <nav className="admin-pager" aria-label="Páginas del registro">
            {query.pagina > 1 ? <Link to={pageHref(query, query.pagina - 1)}>Más recientes</Link> : null}
            <span>Página {query.pagina}</span>
            {hasMore ? <Link to={pageHref(query, query.pagina + 1)}>Más antiguos</Link> : null}
            {query.entidad ? <Link to=".">Ver todo el registro</Link> : null}
          </nav>
        }
      />
    </>
  );
}
