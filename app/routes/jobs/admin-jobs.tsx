import { data, Link, useLoaderData } from "react-router";
import { jobHeading } from "~/domain/jobs/job-kinds";
import { listQuery } from "~/domain/page-numbers";
import { z } from "zod";
import { JOB_STATUS_LABELS, JOB_STATUSES } from "~/domain/jobs/job-status";
import { describeSlot } from "~/domain/jobs/job-times";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { JOBS_PAGE_SIZE, listJobs } from "~/server/jobs/jobs.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import { JobStatusBadge } from "~/ui/jobs/job-status-badge";
import type { Route } from "./+types/admin-jobs";
import { pageUrl } from "~/server/http/page-url.server";

/** Installation jobs (issue 17): by status, those still to schedule first, then by date. */
const querySchema = z.object({
  estado: z.enum(JOB_STATUSES).optional().catch(undefined),
  senal: z.enum(["pendiente"]).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = Object.fromEntries(pageUrl(request).searchParams);
  if (params.estado === "") delete params.estado;
  if (params.senal === "") delete params.senal;
  const parsed = querySchema.safeParse(params);
  if (!parsed.success || (params.estado && !parsed.data.estado) || (params.senal && !parsed.data.senal)) {
    throw data({ message: "Ese estado o esa página no existen." }, { status: 400 });
  }
  const { estado, senal, pagina } = parsed.data;
  const list = await listJobs(await getDb(), { status: estado, depositWaiting: senal === "pendiente", page: pagina });
  return {
    status: estado ?? null,
    deposit: senal ?? null,
    page: pagina,
    total: list.total,
    pageCount: Math.max(1, Math.ceil(list.total / JOBS_PAGE_SIZE)),
    rows: list.rows.map((row) => ({
      id: row.id,
      status: row.status,
      reference: row.reference,
      heading: jobHeading(row),
      customer: row.customer.name,
      town: row.workPlace.town,
      when: row.startsAt && row.endsAt ? describeSlot(row.startsAt, row.endsAt) : null,
      technician: row.technicianName,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Trabajos");

const href = (status: string | null, deposit: string | null, page: number) => `/admin/trabajos${listQuery({ estado: status, senal: deposit }, page)}`;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const table: AdminTable<Row> = {
  caption: "Trabajos: los pendientes de programar primero, después por fecha",
  rowKey: (row) => row.id,
  columns: [
    {
      label: "Presupuesto o plan",
      phone: "title",
      cell: (row) => (
        <Link to={`/admin/trabajos/${row.id}`} aria-label={row.heading}>
          {row.reference}
        </Link>
      ),
    },
    {
      label: "Cliente",
      cell: (row) => (
        <>
          {row.customer}
          {row.town ? <span className="admin-muted"> · {row.town}</span> : null}
        </>
      ),
    },
    { label: "Fecha", cell: (row) => row.when ?? <span className="admin-muted">Sin programar</span> },
    { label: "Técnico", cell: (row) => row.technician ?? <span className="admin-muted">Sin asignar</span> },
    { label: "Estado", cell: (row) => <JobStatusBadge status={row.status} /> },
  ],
};

export default function JobsPage() {
  const { status, deposit, page, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Trabajos</h1>
      <p>
        <Link to="/admin/calendario">Ver el calendario</Link> · <Link to="/admin/tecnicos">Técnicos</Link>
      </p>
      <AdminList
        filtered={Boolean(status || deposit)}
        filter={{
          label: "Filtrar trabajos",
          reset: { to: "/admin/trabajos", label: "Quitar filtros" },
          fields: (
            <>
              <FilterSelect id="trabajos-estado" name="estado" label="Estado" value={status} options={JOB_STATUSES.map((value) => [value, JOB_STATUS_LABELS[value]])} />
              <FilterSelect id="trabajos-senal" name="senal" label="Señal" all="Con o sin señal por cobrar" value={deposit} options={[["pendiente", "Señal por cobrar"]]} />
            </>
          ),
        }}
        count={{ total, one: "trabajo", many: "trabajos", suffix: [status ? ` en estado «${JOB_STATUS_LABELS[status]}»` : "", deposit ? " con la señal por cobrar" : ""].join("") }}
        table={table}
        rows={rows}
        empty="Aún no hay trabajos: llegan al aceptar el cliente un presupuesto."
        noMatch="Ningún trabajo con estos filtros."
        pager={{ of: "trabajos", page, pageCount, href: (p) => href(status, deposit, p) }}
      />
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
