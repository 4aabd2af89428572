import { lazy, Suspense } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { describeSlot } from "~/domain/jobs/job-times";
import { parseRowId } from "~/domain/images/photos";
import { requireTechnician } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { moveJob } from "~/server/jobs/job-changes.server";
import { getJob } from "~/server/jobs/jobs.server";
import { reportFormFacts, reportPageData } from "~/server/jobs/work-report-store.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { JobLines } from "~/ui/jobs/job-lines";
import { JobPlace } from "~/ui/jobs/job-place";
import { WorkReportView } from "~/ui/jobs/work-report-view";
import { useHydrated } from "~/ui/use-hydrated";
import workReportCss from "~/styles/work-report.css?url";
import type { Route } from "./+types/technician-job";

/*
 * A job of the technician's (issue 17): where, how to call, what to install, the notes and the
 * times; "Empezar el trabajo"; the work report, filled and signed on the phone (it needs
 * JavaScript and keeps its draft on the phone), and once sent, the signed report. Anyone
 * else's job: 404.
 */

// The form, its checks and the signature pad come after the first paint, not in the first load.
const WorkReportForm = lazy(() => import("~/ui/jobs/work-report-form"));

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: workReportCss }];

const REPORTABLE = new Set(["programado", "en_curso"]);

async function ownJob(request: Request, idParam: string | undefined) {
  const me = await requireTechnician(request);
  const id = parseRowId(idParam);
  const db = await getDb();
  const job = id ? await getJob(db, id) : null;
  if (!job || job.technicianId !== me.id) throw data(null, { status: 404 });
  return { me, db, job };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, job } = await ownJob(request, params.id);
  const base = `/tecnico/trabajos/${job.id}`;
  const report = await reportPageData(db, job.id, base);
  const facts = !report && REPORTABLE.has(job.status) ? await reportFormFacts(db, job) : null;
  return {
    job: {
      id: job.id,
      reference: job.reference,
      kind: job.kind,
      status: JOB_STATUS_LABELS[job.status],
      canStart: job.status === "programado" && !report,
      customer: job.customer,
      workPlace: job.workPlace,
      when: job.startsAt && job.endsAt ? describeSlot(job.startsAt, job.endsAt) : null,
      notes: job.notes,
      description: job.description,
      alternativeTitle: job.alternativeTitle,
      lines: job.lines,
    },
    report,
    form: facts ? { units: facts.units, suggestedKind: facts.suggestedKind, alternative: facts.alternative, vatRate: facts.vatRate, repair: facts.repair } : null,
  };
}

/** "Empezar el trabajo": programado -> en curso (the rule and the change are the owner's, job-changes.server.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request, { maxBytes: 2_000 });
  const { me, db, job } = await ownJob(request, params.id);
  if (form.get("intent") !== "start") return data({ ok: false, message: "Esa acción no existe." }, { status: 400 });
  const result = await moveJob(db, me, job.id, "en_curso");
  return result.ok ? { ok: true, message: "Trabajo empezado." } : data({ ok: false, message: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: `${data ? `Trabajo ${data.job.reference}` : "Trabajo"} | Área del técnico` },
  { name: "robots", content: "noindex, nofollow" },
];

function StartButton() {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="work-report-start">
      <input type="hidden" name="intent" value="start" />
      <button type="submit" className="button button-accent" disabled={busy}>
        Empezar el trabajo
      </button>
    </Form>
  );
}

export default function TechnicianJob() {
  const { job, report, form } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const hydrated = useHydrated();
  return (
    <>
      <p>
        <Link to="/tecnico">← Mis trabajos y visitas</Link>
      </p>
      <h1>Trabajo {job.reference}</h1>
      <p className="job-card-when">
        {job.when ? `${job.when} (hora de Madrid)` : "Sin fecha"} · {job.status}
      </p>
      {reply ? (
        <p role={reply.ok ? "status" : "alert"} className={reply.ok ? "form-ok" : "form-error"}>
          {reply.message}
        </p>
      ) : null}
      {job.canStart ? <StartButton /> : null}
      <section className="admin-section" aria-labelledby="trabajo-donde">
        <h2 id="trabajo-donde">Dónde y a quién</h2>
        <JobPlace customer={job.customer} workPlace={job.workPlace} />
      </section>
      <section className="admin-section" aria-labelledby="trabajo-que">
        <h2 id="trabajo-que">Qué hay que hacer</h2>
        {job.description ? <p className="admin-pre">{job.description}</p> : null}
        {job.kind === "instalacion" ? <JobLines title={job.alternativeTitle} lines={job.lines} /> : null}
      </section>
      <section className="admin-section" aria-labelledby="trabajo-notas">
        <h2 id="trabajo-notas">Notas</h2>
        {job.notes ? <p className="admin-pre">{job.notes}</p> : <p className="admin-muted">Sin notas.</p>}
      </section>
      {report ? <WorkReportView report={report} /> : null}
      {form ? (
        <section className="admin-section work-report" aria-labelledby="trabajo-parte">
          <h2 id="trabajo-parte">Parte de trabajo</h2>
          <noscript>
            <p className="admin-warning">
              El parte de trabajo necesita JavaScript: actívelo en el navegador del teléfono. Lo que escriba se guarda en el teléfono hasta que se envía, también sin
              cobertura.
            </p>
          </noscript>
          {hydrated ? (
            <Suspense fallback={<p className="admin-muted">Preparando el parte…</p>}>
              <WorkReportForm jobId={job.id} units={form.units} suggestedKind={form.suggestedKind} alternative={form.alternative} vatRate={form.vatRate} customerName={job.customer.name} repair={form.repair} />
            </Suspense>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/tecnico", label: "Volver a mis trabajos" }} />;
}
