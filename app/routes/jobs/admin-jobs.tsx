import { data, Form, Link, useLoaderData } from "react-router";
import { z } from "zod";
import { JOB_STATUS_LABELS, JOB_STATUSES } from "~/domain/jobs/job-status";
import { describeSlot } from "~/domain/jobs/job-times";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { JOBS_PAGE_SIZE, listJobs } from "~/server/jobs/jobs.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { AdminPager } from "~/ui/admin/admin-pager";
import { JobStatusBadge } from "~/ui/jobs/job-status-badge";
import type { Route } from "./+types/admin-jobs";

/** Installation jobs (issue 17): by status, those still to schedule first, then by date. */
const querySchema = z.object({
  estado: z.enum(JOB_STATUSES).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  if (params.estado === "") delete params.estado;
  const parsed = querySchema.safeParse(params);
  if (!parsed.success || (params.estado && !parsed.data.estado)) {
    throw data({ message: "Ese estado o esa página no existen." }, { status: 400 });
  }
  const { estado, pagina } = parsed.data;
  const list = await listJobs(await getDb(), { status: estado, page: pagina });
  return {
    status: estado ?? null,
    page: pagina,
    total: list.total,
    pageCount: Math.max(1, Math.ceil(list.total / JOBS_PAGE_SIZE)),
    rows: list.rows.map((row) => ({
      id: row.id,
      status: row.status,
      quoteNumber: row.quoteNumber,
      customer: row.customer.name,
      town: row.workPlace.town,
      when: row.startsAt && row.endsAt ? describeSlot(row.startsAt, row.endsAt) : null,
      technician: row.technicianName,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Trabajos");

const href = (status: string | null, page: number) => {
  const params = new URLSearchParams();
  if (status) params.set("estado", status);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return `/admin/trabajos${query ? `?${query}` : ""}`;
};

export default function JobsPage() {
  const { status, page, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Trabajos</h1>
      <p>
        <Link to="/admin/calendario">Ver el calendario</Link> · <Link to="/admin/tecnicos">Técnicos</Link>
      </p>
      <Form method="get" className="admin-filters" aria-label="Filtrar trabajos">
        <div className="field">
          <label htmlFor="trabajos-estado">Estado</label>
          <select id="trabajos-estado" name="estado" defaultValue={status ?? ""}>
            <option value="">Todos</option>
            {JOB_STATUSES.map((value) => (
              <option key={value} value={value}>
                {JOB_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          {status ? <Link to="/admin/trabajos">Quitar filtro</Link> : null}
        </div>
      </Form>
      <p role="status">
        {total === 1 ? "1 trabajo" : `${total} trabajos`}
        {status ? ` en estado «${JOB_STATUS_LABELS[status]}»` : ""}
      </p>
      <div className="admin-table-wrap">
        <table className="admin-table stack">
          <caption className="visually-hidden">Trabajos: los pendientes de programar primero, después por fecha</caption>
          <thead>
            <tr>
              <th scope="col">Presupuesto</th>
              <th scope="col">Cliente</th>
              <th scope="col">Fecha</th>
              <th scope="col">Técnico</th>
              <th scope="col">Estado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label="Presupuesto">
                  <Link to={`/admin/trabajos/${row.id}`} aria-label={`Trabajo del presupuesto ${row.quoteNumber}`}>
                    {row.quoteNumber}
                  </Link>
                </td>
                <td data-label="Cliente">
                  {row.customer}
                  {row.town ? <span className="admin-muted"> · {row.town}</span> : null}
                </td>
                <td data-label="Fecha">{row.when ?? <span className="admin-muted">Sin programar</span>}</td>
                <td data-label="Técnico">{row.technician ?? <span className="admin-muted">Sin asignar</span>}</td>
                <td data-label="Estado">
                  <JobStatusBadge status={row.status} />
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5}>{status ? "Ningún trabajo en este estado." : "Aún no hay trabajos: llegan al aceptar el cliente un presupuesto."}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? <AdminPager label="Páginas de trabajos" page={page} pageCount={pageCount} href={(p) => href(status, p)} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminErrorPage
      error={error}
      back={{ to: "/admin/trabajos", label: "Volver a los trabajos" }}
      filter={{ to: "/admin/trabajos", label: "Ver todos los trabajos" }}
    />
  );
}
