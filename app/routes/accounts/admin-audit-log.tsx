import { Link, useLoaderData } from "react-router";
import { z } from "zod";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { readAuditLog } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-audit-log";

/** The audit log (issue 11): every change of the back office, newest first; read-only by design. */
const querySchema = z.object({
  entidad: z.enum(["pedido", "desistimiento", "producto", "solicitud", "cliente", "sitio", "entrega", "presupuesto", "visita", "trabajo", "cuenta"]).optional().catch(undefined),
  id: z.string().max(100).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
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
  const params = new URLSearchParams();
  if (query.entidad) params.set("entidad", query.entidad);
  if (query.id) params.set("id", query.id);
  if (page > 1) params.set("pagina", String(page));
  const text = params.toString();
  return text ? `?${text}` : ".";
}

export default function AuditLogPage() {
  const { rows, query, hasMore } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Registro de cambios</h1>
      <p className="admin-muted">Cada cambio hecho en la administración, con quién, cuándo y los valores de antes y después. No se puede modificar.</p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Cambios, del más reciente al más antiguo</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Quién</th>
              <th scope="col">Qué</th>
              <th scope="col">Sobre</th>
              <th scope="col">Antes</th>
              <th scope="col">Después</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Fecha">{row.at}</td>
                <td data-label="Quién">{row.actor}</td>
                <td data-label="Qué">{row.action}</td>
                <td data-label="Sobre">
                  <Link to={pageHref({ entidad: row.entity, id: row.entityId }, 1)}>
                    {row.entity} {row.entityId}
                  </Link>
                </td>
                <td data-label="Antes">
                  <pre className="admin-pre">{row.before}</pre>
                </td>
                <td data-label="Después">
                  <pre className="admin-pre">{row.after}</pre>
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>No hay cambios registrados{query.entidad ? " para este filtro" : ""}.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav className="admin-pager" aria-label="Páginas del registro">
        {query.pagina > 1 ? <Link to={pageHref(query, query.pagina - 1)}>Más recientes</Link> : null}
        <span>Página {query.pagina}</span>
        {hasMore ? <Link to={pageHref(query, query.pagina + 1)}>Más antiguos</Link> : null}
        {query.entidad ? <Link to=".">Ver todo el registro</Link> : null}
      </nav>
    </>
  );
}
