import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { telHref } from "~/domain/site/contact-links";
import { describeSlot } from "~/domain/jobs/job-times";
import { JOB_STATUS_LABELS } from "~/domain/jobs/job-status";
import { requireTechnician } from "~/server/accounts/admin-access.server";
import { activeFeed, feedUrl, renewFeed, revokeFeed } from "~/server/jobs/calendar-feeds.server";
import { technicianAgenda } from "~/server/jobs/jobs.server";
import { getDb } from "~/server/db/db.server";
import { readForm } from "~/server/http/request-body.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { placeLine } from "~/ui/jobs/job-place";
import type { Route } from "./+types/technician-home";

/** /tecnico (issue 17): the technician's coming jobs and visits, and their calendar's address. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireTechnician(request);
  const db = await getDb();
  const now = new Date();
  const agenda = await technicianAgenda(db, me.id, now);
  const feed = await activeFeed(db, me.id);
  return {
    jobs: agenda.jobs.map((job) => ({
      id: job.id,
      status: JOB_STATUS_LABELS[job.status],
      reference: job.reference,
      customer: job.customer.name,
      place: placeLine(job.workPlace),
      when: job.startsAt && job.endsAt ? describeSlot(job.startsAt, job.endsAt) : "",
    })),
    visits: agenda.visits.map((visit) => ({
      id: visit.id,
      name: visit.name,
      place: [visit.address, visit.town].filter(Boolean).join(", "),
      phone: visit.phone,
      notes: visit.notes,
      when: describeSlot(visit.startsAt, visit.endsAt),
    })),
    feed: feed ? feedUrl(feed.token) : null,
  };
}

const formSchema = z.object({ intent: z.enum(["feed-new", "feed-revoke"]) });

export async function action({ request }: Route.ActionArgs) {
  const me = await requireTechnician(request);
  const parsed = formSchema.safeParse(Object.fromEntries(await readForm(request, { maxBytes: 2_000 })));
  if (!parsed.success) return data({ message: "Esa acción no existe." }, { status: 400 });
  const db = await getDb();
  if (parsed.data.intent === "feed-new") {
    await renewFeed(db, { email: me.email }, me.id);
    return { message: "Nueva dirección del calendario: la anterior ya no funciona." };
  }
  await revokeFeed(db, { email: me.email }, me.id);
  return { message: "La dirección del calendario ya no funciona." };
}

export const meta: Route.MetaFunction = () => [{ title: "Mis trabajos y visitas | Área del técnico" }, { name: "robots", content: "noindex, nofollow" }];

export default function TechnicianHome() {
  const { jobs, visits, feed } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Mis trabajos y visitas</h1>
      {reply ? (
        <p role="status" className="admin-reply">
          {reply.message}
        </p>
      ) : null}
      <section className="admin-section" aria-labelledby="tecnico-trabajos">
        <h2 id="tecnico-trabajos">Próximos trabajos</h2>
        {jobs.length === 0 ? (
          <p className="admin-muted">No tiene trabajos programados.</p>
        ) : (
          <ul className="job-cards">
            {jobs.map((job) => (
              <li key={job.id} className="job-card">
                <p className="job-card-when">{job.when}</p>
                <p>
                  <Link to={`/tecnico/trabajos/${job.id}`}>
                    {job.customer} · {job.reference}
                  </Link>
                </p>
                <p className="admin-muted">
                  {job.place} · {job.status}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-section" aria-labelledby="tecnico-visitas">
        <h2 id="tecnico-visitas">Próximas visitas</h2>
        {visits.length === 0 ? (
          <p className="admin-muted">No tiene visitas asignadas.</p>
        ) : (
          <ul className="job-cards">
            {visits.map((visit) => (
              <li key={visit.id} className="job-card">
                <p className="job-card-when">{visit.when}</p>
                <p>{visit.name}</p>
                <p className="admin-muted">{visit.place}</p>
                {visit.phone ? (
                  <p>
                    <a href={telHref(visit.phone)}>Llamar al {visit.phone}</a>
                  </p>
                ) : null}
                {visit.notes ? <p className="admin-pre">{visit.notes}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-section" aria-labelledby="tecnico-calendario">
        <h2 id="tecnico-calendario">Mi calendario en el móvil</h2>
        <p>Suscríbase a esta dirección desde la aplicación de calendario de su móvil: verá sus trabajos y visitas. No la comparta.</p>
        {feed ? <p className="admin-key job-feed-url" data-testid="feed-url">{feed}</p> : <p className="admin-muted">Aún no tiene dirección.</p>}
        <div className="admin-actions">
          <Form method="post">
            <button type="submit" name="intent" value="feed-new" className="button button-secondary" disabled={busy}>
              {feed ? "Renovar la dirección" : "Crear la dirección"}
            </button>
          </Form>
          {feed ? (
            <Form method="post">
              <button type="submit" name="intent" value="feed-revoke" className="button button-danger" disabled={busy}>
                Dejar de usarla
              </button>
            </Form>
          ) : null}
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/tecnico", label: "Volver a mis trabajos" }} />;
}
