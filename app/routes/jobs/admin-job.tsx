import { lazy, Suspense } from "react";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { isBilledJob, jobHeading } from "~/domain/jobs/job-kinds";
import { madridClock, madridDay } from "~/domain/dates/madrid-dates";
import { fieldErrors } from "~/domain/fields/field-errors";
import { JOB_CHARGE_INTENTS, jobChargeActionSchema } from "~/domain/jobs/job-charge-forms";
import { jobActionSchema } from "~/domain/jobs/job-forms";
import { describeSlot } from "~/domain/jobs/job-times";
import { canCancelJob, canScheduleJob, nextJobSteps } from "~/domain/jobs/job-transitions";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { technicianChoices } from "~/server/accounts/technicians.server";
import { getDb } from "~/server/db/db.server";
import { cancelJob, moveJob, scheduleJob, type JobChangeResult } from "~/server/jobs/job-changes.server";
import { getJob } from "~/server/jobs/jobs.server";
import { adminCharges, jobChargeAction } from "~/server/jobs/job-payment-admin.server";
import { jobRefundAction } from "~/server/payments/job-refund-action.server";
import { jobRefundViews } from "~/server/payments/job-refunds.server";
import { isRefundIntent, type RefundReply } from "~/server/payments/refund-action.server";
import { readForm } from "~/server/http/request-body.server";
import { pageUrl } from "~/server/http/page-url.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { adminMeta } from "~/ui/admin/admin-nav";
import { DangerZone } from "~/ui/admin/danger-zone";
import { CancelForm, ScheduleForm, StepForms, type JobFormReply } from "~/ui/jobs/job-admin-forms";
import { JobChargesAdmin, type ChargeReply } from "~/ui/jobs/job-charges-admin";
import { WorkReportSummary } from "~/ui/jobs/work-report-view";
import { reportPageData } from "~/server/jobs/work-report-store.server";
import { JobLines } from "~/ui/jobs/job-lines";
import { Price } from "~/ui/price";
import { JobPlace } from "~/ui/jobs/job-place";
import { JobStatusBadge } from "~/ui/jobs/job-status-badge";
import jobsCss from "~/styles/jobs.css?url";
import type { Route } from "./+types/admin-job";

// Its refunds: a chunk of their own, loaded after the page (see admin-order.tsx).
const JobRefunds = lazy(() => import("~/ui/jobs/job-refunds").then((module) => ({ default: module.JobRefunds })));
const RefundDone = lazy(() => import("~/ui/payments/refunds-panel").then((module) => ({ default: module.RefundDone })));

/** One job (issue 17): where and what, its charges (record a transfer), then schedule it, move it on, or cancel it. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: jobsCss }];

function jobId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const job = await getJob(db, jobId(params.id));
  if (!job) throw data(null, { status: 404 });
  const start = job.startsAt ? madridClock(job.startsAt) : null;
  const refunds = isBilledJob(job.kind) ? await jobRefundViews(db, job.id) : [];
  return {
    job: {
      id: job.id,
      status: job.status,
      quoteId: job.quoteId,
      kind: job.kind,
      heading: jobHeading(job),
      quoteVersion: job.quoteVersion,
      customer: job.customer,
      workPlace: job.workPlace,
      when: job.startsAt && job.endsAt ? describeSlot(job.startsAt, job.endsAt) : null,
      technicianName: job.technicianName,
      notes: job.notes,
      cancelReason: job.cancelReason,
      description: job.description,
      alternativeTitle: job.alternativeTitle,
      lines: job.lines,
      heldUnits: job.heldUnits.reduce((sum, held) => sum + held.units, 0),
    },
    defaults: {
      day: start?.day ?? "",
      from: start?.time ?? "",
      to: job.endsAt ? madridClock(job.endsAt).time : "",
      technicianId: job.technicianId ?? "",
      notes: job.notes,
    },
    technicians: await technicianChoices(db),
    charges: await adminCharges(db, job.id, job.kind),
    refunds,
    // After a refund (job-refund-action.server.ts redirects here): what became of it, read from its row.
    refundDone: refunds.flatMap((panel) => panel.view.refunds).find((refund) => String(refund.id) === pageUrl(request).searchParams.get("reembolso")) ?? null,
    report: await reportPageData(db, job.id, `/admin/trabajos/${job.id}`),
    today: madridDay(new Date()),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = jobId(params.id);
  const form = Object.fromEntries(await readForm(request, { maxBytes: 16_000 }));
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (JOB_CHARGE_INTENTS.includes(intent)) return chargeAction(admin, id, form, intent);
  if (isRefundIntent(intent)) {
    const values = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return jobRefundAction(await getDb(), { email: admin.email }, id, intent, values);
  }
  const parsed = jobActionSchema.safeParse(form);
  if (!parsed.success) {
    return data<JobFormReply>({ ok: false, intent, error: "Revise los datos marcados.", fields: fieldErrors(parsed.error) }, { status: 400 });
  }
  const db = await getDb();
  const input = parsed.data;
  let result: JobChangeResult;
  if (input.intent === "schedule") result = await scheduleJob(db, admin, id, input);
  else if (input.intent === "step") result = await moveJob(db, admin, id, input.to);
  else result = await cancelJob(db, admin, id, input.reason);
  if (!result.ok && result.status === 404) throw data(null, { status: 404 });
  if (!result.ok) {
    // A conflict (another job at that time, a state changed meanwhile) is one message above the button.
    return data<JobFormReply>({ ok: false, intent: input.intent, error: result.error, fields: {} }, { status: result.status });
  }
  return data<JobFormReply>({ ok: true, message: result.message });
}

/** Record a transfer, or issue an invoice that waited for the NIF (job-payment-admin.server.ts). */
async function chargeAction(admin: Awaited<ReturnType<typeof requireAdmin>>, id: number, form: Record<string, unknown>, intent: string) {
  const chargeId = Number(form.chargeId) || 0;
  const parsed = jobChargeActionSchema.safeParse(form);
  if (!parsed.success) {
    return data<ChargeReply | JobFormReply>({ ok: false, intent, chargeId, error: "Revise los datos marcados.", fields: fieldErrors(parsed.error) }, { status: 400 });
  }
  const result = await jobChargeAction(await getDb(), admin, id, parsed.data);
  if (!result.ok && result.status === 404) throw data(null, { status: 404 });
  if (!result.ok) return data<ChargeReply | JobFormReply>({ ok: false, intent, chargeId, error: result.error, fields: result.field ? { [result.field]: result.error } : {} }, { status: result.status });
  return data<ChargeReply | JobFormReply>({ ok: true, message: result.message });
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => adminMeta(data ? data.job.heading : "Trabajo");

export default function JobPage() {
  const { job, defaults, technicians, charges, refunds, refundDone: done, report, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refundReply = answer && "values" in answer && answer.intent.startsWith("reembolso-") ? (answer as RefundReply) : undefined;
  const chargeReply = answer && "chargeId" in answer && !answer.ok ? (answer as ChargeReply) : undefined;
  const reply = chargeReply || refundReply ? undefined : (answer as JobFormReply | undefined);
  const refundDone = answer ? null : done;
  const leftToRefund = refunds.reduce((sum, panel) => sum + panel.view.leftCents, 0);
  const failed = reply && !reply.ok && reply.intent !== "schedule" && Object.keys(reply.fields).length === 0 ? reply.error : null;
  const paidDeposits = charges.filter((charge) => charge.kind === "senal" && charge.state === "pagado").reduce((sum, charge) => sum + charge.amountCents, 0);
  return (
    <>
      <p>
        <Link to="/admin/trabajos">← Volver a los trabajos</Link>
      </p>
      <h1>{job.heading}</h1>
      <p>
        <JobStatusBadge status={job.status} />
      </p>
      {refundDone ? (
        <Suspense fallback={null}>
          <RefundDone refund={refundDone} />
        </Suspense>
      ) : null}
      {reply?.ok ? (
        <p role="status" className="admin-reply">
          {reply.message}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="form-error">
          {failed}
        </p>
      ) : null}
      <section className="admin-section" aria-labelledby="trabajo-datos">
        <h2 id="trabajo-datos">Datos</h2>
        <JobPlace customer={job.customer} workPlace={job.workPlace} />
        <dl className="job-facts">
          <dt>Fecha</dt>
          <dd>{job.when ? `${job.when} (hora de Madrid)` : <span className="admin-muted">Sin programar</span>}</dd>
          <dt>Técnico</dt>
          <dd>{job.technicianName ?? <span className="admin-muted">Sin asignar</span>}</dd>
          <dt>Email del cliente</dt>
          <dd>{job.customer.email ? <a href={`mailto:${job.customer.email}`}>{job.customer.email}</a> : <span className="admin-muted">Sin email</span>}</dd>
          {job.kind === "instalacion" ? (
            <>
              <dt>Unidades reservadas del catálogo</dt>
              <dd>{job.heldUnits}</dd>
            </>
          ) : job.kind === "mantenimiento" ? (
            <>
              <dt>Pago</dt>
              <dd>Incluido en el plan de mantenimiento</dd>
            </>
          ) : null}
          {job.cancelReason ? (
            <>
              <dt>Motivo de la cancelación</dt>
              <dd>{job.cancelReason}</dd>
            </>
          ) : null}
        </dl>
        {job.description ? <p className="admin-pre">{job.description}</p> : null}
        {job.kind === "instalacion" ? <JobLines title={`${job.alternativeTitle} (versión ${job.quoteVersion}, aceptada)`} lines={job.lines} /> : null}
      </section>
      {isBilledJob(job.kind) ? <JobChargesAdmin charges={charges} today={today} nif={job.customer.nif} reply={chargeReply} /> : null}
      {refunds.length > 0 ? (
        <Suspense fallback={<p className="admin-muted">Cargando las devoluciones…</p>}>
          <JobRefunds panels={refunds} jobKind={job.kind} reply={refundReply} />
        </Suspense>
      ) : null}
      {report ? <WorkReportSummary report={report} /> : null}
      {canScheduleJob(job.status) ? (
        <ScheduleForm defaults={defaults} technicians={technicians} rescheduling={job.status === "programado"} reply={reply} />
      ) : null}
      <StepForms steps={nextJobSteps(job.status, job.kind)} />
      {leftToRefund > 0 && job.status === "cancelado" ? (
        <p className="admin-warning">
          Queda por devolver <Price cents={leftToRefund} /> de lo pagado: hágalo en «Devoluciones» (por Redsys o anotando la transferencia); la factura rectificativa se emite sola.
        </p>
      ) : null}
      <p>
        <Link to={`/admin/registro?entidad=trabajo&id=${job.id}`}>Historial de cambios de este trabajo</Link>
      </p>
      {canCancelJob(job.status) ? (
        <DangerZone>
          {paidDeposits > 0 ? (
            <p className="admin-warning">
              Si cancela el trabajo, la señal pagada (<Price cents={paidDeposits} />) debe devolverse: se hace después en «Devoluciones», y la factura rectificativa se emite sola.
            </p>
          ) : null}
          <CancelForm reply={reply} />
        </DangerZone>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin/trabajos", label: "Volver a los trabajos" }} />;
}
