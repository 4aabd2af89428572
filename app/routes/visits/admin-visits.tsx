import { Form, Link, useActionData, useLoaderData } from "react-router";
import { telHref } from "~/domain/site/contact-links";
import { madridTime, spanishCalendarDay } from "~/domain/dates/madrid-dates";
import { WEEKDAY_NAMES } from "~/domain/visits/visit-fields";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { readVisitsAdmin, visitsAdminAction, type VisitsAdminIntent, type VisitsAdminReply } from "~/server/visits/visit-admin.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-visits";
import { pageUrl } from "~/server/http/page-url.server";
import { FormReply } from "~/ui/admin/form-reply";

/** /admin/visitas (issue 17): upcoming visits, and the availability the free slots are made of. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = pageUrl(request);
  // After «Visita nueva» (admin-visit-new.tsx): what was done, and a technician who could not be given it.
  const booked = /^\d{1,9}$/.test(url.searchParams.get("reservada") ?? "");
  const technicianProblem = booked ? (url.searchParams.get("tecnico") ?? "").slice(0, 300) : "";
  return { ...(await readVisitsAdmin(await getDb())), booked, technicianProblem };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return visitsAdminAction(request, admin);
}

export const meta: Route.MetaFunction = () => adminMeta("Visitas");

function Reply({ reply, intents }: { reply: VisitsAdminReply | undefined; intents: VisitsAdminIntent[] }) {
  return <FormReply reply={reply?.intent && intents.includes(reply.intent) ? reply : null} />;
}

type Visit = Route.ComponentProps["loaderData"]["upcoming"][number];

type Technician = Route.ComponentProps["loaderData"]["technicians"][number];

/** Who goes (issue 30): the technician's choice, sent by its own button. */
function TechnicianForm({ visit, technicians }: { visit: Visit; technicians: Technician[] }) {
  if (technicians.length === 0) return <span className="admin-muted">Sin técnicos: invítelos en Técnicos</span>;
  const id = `visita-${visit.id}-tecnico`;
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="intent" value="tecnico" />
      <input type="hidden" name="id" value={visit.id} />
      <label htmlFor={id} className="visually-hidden">
        Técnico de la visita de {visit.name}
      </label>
      <select id={id} name="technicianId" defaultValue={visit.technicianId ?? ""}>
        <option value="">Sin técnico</option>
        {technicians.map((tech) => (
          <option key={tech.id} value={tech.id}>
            {tech.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary" aria-label={`Asignar el técnico de la visita de ${visit.name}`}>
        Asignar
      </button>
    </Form>
  );
}

const upcomingTable = (technicians: Technician[]): AdminTable<Visit> => ({
  caption: "Próximas visitas, de la más cercana a la más lejana",
  rowKey: (visit) => visit.id,
  columns: [
    { label: "Día y hora", phone: "title", cell: (visit) => capitalize(visitWhen(visit.start, visit.end)) },
    {
      label: "Cliente",
      cell: (visit) => (
        <>
          {visit.name}
          {visit.notes ? <p className="field-hint">{visit.notes}</p> : null}
        </>
      ),
    },
    {
      label: "Teléfono",
      cell: (visit) => (
        <a href={telHref(visit.phone)} className="visit-nowrap">
          {visit.phone}
        </a>
      ),
    },
    { label: "Dirección", cell: (visit) => visit.place },
    { label: "Solicitud", cell: (visit) => (visit.requestId ? <Link to={`/admin/solicitudes/${visit.requestId}`}>Nº {visit.requestId}</Link> : <span className="admin-muted">—</span>) },
    { label: "Técnico", cell: (visit) => <TechnicianForm visit={visit} technicians={technicians} /> },
    {
      label: "Acciones",
      heading: <span className="visually-hidden">Acciones</span>,
      // Cancelling is a second step (issue 30): a disclosure, then its own red button; never beside «Asignar» with its look.
      cell: (visit) => (
        <details className="admin-confirm">
          <summary className="danger-link">
            Anular la visita<span className="visually-hidden"> de {visit.name}</span>…
          </summary>
          <Form method="post" className="admin-inline-form">
            <input type="hidden" name="intent" value="anular" />
            <input type="hidden" name="id" value={visit.id} />
            <p className="field-hint">Se avisa al cliente por e-mail.</p>
            <button type="submit" className="button button-danger" aria-label={`Sí, anular la visita de ${visit.name}`}>
              Sí, anular la visita
            </button>
          </Form>
        </details>
      ),
    },
  ],
});

export default function VisitsPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const typed = (intent: VisitsAdminIntent, name: string, fallback: string) =>
    reply && !reply.ok && reply.intent === intent ? (reply.values?.[name] ?? fallback) : fallback;
  // A form whose last post failed shows what was typed; one that succeeded starts again from the saved values.
  const formKey = (intent: VisitsAdminIntent) => (reply?.intent === intent && reply.ok ? `${intent}-${reply.message}` : intent);

  return (
    <>
      <h1>Visitas</h1>
      <p>
        <Link to="/admin/visitas/nueva" className="button">
          Visita nueva
        </Link>
      </p>
      {page.booked && !reply ? (
        <p role="status" className="admin-reply">
          Visita reservada: el cliente recibe la confirmación por correo.
          {page.technicianProblem ? ` No se le ha dado al técnico: ${page.technicianProblem}` : ""}
        </p>
      ) : null}
      <Reply reply={reply} intents={[]} />
      {page.yearsWithoutHolidays.length > 0 ? (
        <p className="admin-warning" role="status">
          <strong>Faltan los festivos de {page.yearsWithoutHolidays.join(" y ")}.</strong> Las próximas semanas entran en ese año y no hay
          ningún festivo apuntado: añada la lista oficial del BOCM abajo, o los clientes podrán reservar visitas en días de fiesta.
        </p>
      ) : null}

      <section className="admin-section" aria-labelledby="visitas-proximas">
        <h2 id="visitas-proximas">Próximas visitas</h2>
        <Reply reply={reply} intents={["anular", "tecnico"]} />
        <AdminList table={upcomingTable(page.technicians)} rows={page.upcoming} empty="No hay visitas reservadas." />
      </section>

      <section className="admin-section" aria-labelledby="visitas-disponibilidad">
        <h2 id="visitas-disponibilidad">Disponibilidad semanal</h2>
        <p className="field-hint">
          Las horas en que puede hacer visitas, en hora de Madrid. Escriba uno o varios tramos por día, separados por comas (por ejemplo
          10:00-14:00, 15:00-18:30); deje vacío el día sin visitas. Los clientes reservan desde el siguiente día laborable.
        </p>
        <Reply reply={reply} intents={["horario"]} />
        <Form method="post" className="admin-form" key={formKey("horario")}>
          <input type="hidden" name="intent" value="horario" />
          <fieldset>
            <legend>Horario de visitas</legend>
            <div className="visit-week">
              {WEEKDAY_NAMES.map((name, index) => (
                <div className="field" key={name}>
                  <label htmlFor={`dia${index + 1}`}>{capitalize(name)}</label>
                  <input
                    id={`dia${index + 1}`}
                    name={`dia${index + 1}`}
                    defaultValue={typed("horario", `dia${index + 1}`, page.weekdays[index] ?? "")}
                    placeholder="Sin visitas"
                    maxLength={120}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <div className="field-row">
            <div className="field">
              <label htmlFor="slotMinutes">Duración de cada visita (minutos)</label>
              <input id="slotMinutes" name="slotMinutes" type="number" min={15} max={480} step={5} required defaultValue={typed("horario", "slotMinutes", String(page.slotMinutes))} />
            </div>
            <div className="field">
              <label htmlFor="horizonDays">Días que se pueden reservar</label>
              <input id="horizonDays" name="horizonDays" type="number" min={1} max={90} required defaultValue={typed("horario", "horizonDays", String(page.horizonDays))} />
            </div>
          </div>
          <button type="submit" className="button">
            Guardar la disponibilidad
          </button>
        </Form>
        <h3>Lo que ven ahora los clientes</h3>
        {page.preview.length === 0 ? (
          <p className="admin-muted">Ninguna hora libre: nadie puede reservar por la web.</p>
        ) : (
          <ul className="admin-plain-list visit-preview">
            {page.preview.map(({ day, slots }) => (
              <li key={day}>
                <strong>{capitalize(spanishCalendarDay(day))}:</strong> {slots.map((s) => madridTime(s.start)).join(", ")}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="visitas-bloqueados">
        <h2 id="visitas-bloqueados">Días bloqueados</h2>
        <p className="field-hint">Días sin visitas (vacaciones, formación...). Las visitas ya reservadas ese día no se anulan solas.</p>
        <Reply reply={reply} intents={["bloquear", "desbloquear"]} />
        {page.blocked.length > 0 ? (
          <ul className="admin-plain-list visit-day-list">
            {page.blocked.map((b) => (
              <li key={b.day}>
                <span>
                  {capitalize(spanishCalendarDay(b.day))} de {b.day.slice(0, 4)}
                  {b.reason ? ` · ${b.reason}` : ""}
                </span>
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="intent" value="desbloquear" />
                  <input type="hidden" name="day" value={b.day} />
                  <button type="submit" className="button button-secondary" aria-label={`Desbloquear el ${spanishCalendarDay(b.day)}`}>
                    Desbloquear
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-muted">Ningún día bloqueado.</p>
        )}
        <Form method="post" className="admin-form visit-add-form" key={formKey("bloquear")}>
          <input type="hidden" name="intent" value="bloquear" />
          <div className="field-row">
            <div className="field">
              <label htmlFor="bloquear-dia">Día</label>
              <input id="bloquear-dia" name="day" type="date" required defaultValue={typed("bloquear", "day", "")} />
            </div>
            <div className="field">
              <label htmlFor="bloquear-motivo">Motivo (opcional)</label>
              <input id="bloquear-motivo" name="reason" maxLength={200} defaultValue={typed("bloquear", "reason", "")} />
            </div>
          </div>
          <button type="submit" className="button">
            Bloquear el día
          </button>
        </Form>
      </section>

      <section className="admin-section" aria-labelledby="visitas-festivos">
        <h2 id="visitas-festivos">Festivos</h2>
        <p className="field-hint">
          Los festivos de la Comunidad de Madrid y los locales, que se publican cada año en el BOCM. En ellos no se ofrecen visitas.
        </p>
        <Reply reply={reply} intents={["festivo", "quitar-festivo"]} />
        <ul className="admin-plain-list visit-day-list">
          {page.holidays.map((h) => (
            <li key={h.day}>
              <span>
                {capitalize(spanishCalendarDay(h.day))} de {h.day.slice(0, 4)} · {h.name}
              </span>
              <Form method="post" className="admin-inline-form">
                <input type="hidden" name="intent" value="quitar-festivo" />
                <input type="hidden" name="day" value={h.day} />
                <button type="submit" className="button button-secondary" aria-label={`Quitar el festivo ${h.name} (${h.day})`}>
                  Quitar
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="admin-form visit-add-form" key={formKey("festivo")}>
          <input type="hidden" name="intent" value="festivo" />
          <div className="field-row">
            <div className="field">
              <label htmlFor="festivo-dia">Día del festivo</label>
              <input id="festivo-dia" name="day" type="date" required defaultValue={typed("festivo", "day", "")} />
            </div>
            <div className="field">
              <label htmlFor="festivo-nombre">Nombre del festivo</label>
              <input id="festivo-nombre" name="name" required maxLength={200} defaultValue={typed("festivo", "name", "")} />
            </div>
          </div>
          <button type="submit" className="button">
            Añadir el festivo
          </button>
        </Form>
      </section>
      <p>
        <Link to="/admin/registro?entidad=visita">Historial de cambios de las visitas</Link>
      </p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al panel" }} />;
}
