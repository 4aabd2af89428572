import { data, Link, useLoaderData } from "react-router";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { describeSlot } from "~/domain/jobs/job-times";
import { requireTechnician } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { getJob } from "~/server/jobs/jobs.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { JobLines } from "~/ui/jobs/job-lines";
import { JobPlace } from "~/ui/jobs/job-place";
import type { Route } from "./+types/technician-job";

/** A job of the technician's (issue 17): where, how to call, what to install, the notes and the times. Anyone else's: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const me = await requireTechnician(request);
  const job = await getJob(await getDb(), Number(params.id));
  if (!job || job.technicianId !== me.id) throw data(null, { status: 404 });
  return {
    job: {
      quoteNumber: job.quoteNumber,
      status: JOB_STATUS_LABELS[job.status],
      customer: job.customer,
      workPlace: job.workPlace,
      when: job.startsAt && job.endsAt ? describeSlot(job.startsAt, job.endsAt) : null,
      notes: job.notes,
      description: job.description,
      alternativeTitle: job.alternativeTitle,
      lines: job.lines,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Trabajo ${data.job.quoteNumber}` : "Trabajo"} | Área del técnico` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function TechnicianJob() {
  const { job } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/tecnico">← Mis trabajos y visitas</Link>
      </p>
      <h1>Trabajo {job.quoteNumber}</h1>
      <p className="job-card-when">{job.when ? `${job.when} (hora de Madrid)` : "Sin fecha"} · {job.status}</p>
      <section className="admin-section" aria-labelledby="trabajo-donde">
        <h2 id="trabajo-donde">Dónde y a quién</h2>
        <JobPlace customer={job.customer} workPlace={job.workPlace} />
      </section>
      <section className="admin-section" aria-labelledby="trabajo-que">
        <h2 id="trabajo-que">Qué hay que hacer</h2>
        {job.description ? <p className="admin-pre">{job.description}</p> : null}
        <JobLines title={job.alternativeTitle} lines={job.lines} />
      </section>
      <section className="admin-section" aria-labelledby="trabajo-notas">
        <h2 id="trabajo-notas">Notas</h2>
        {job.notes ? <p className="admin-pre">{job.notes}</p> : <p className="admin-muted">Sin notas.</p>}
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/tecnico", label: "Volver a mis trabajos" }} />;
}
