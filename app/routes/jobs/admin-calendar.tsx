import { data, Link, useLoaderData } from "react-router";
import { z } from "zod";
import { addDays, formatYmd, isYmd, longDay, madridClock, madridDay, madridInstant, mondayOf, shortDay } from "~/domain/dates/madrid-dates";
import { weekDays } from "~/domain/jobs/job-times";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { technicianChoices } from "~/server/accounts/technicians.server";
import { getDb } from "~/server/db/db.server";
import { calendarEntries } from "~/server/jobs/jobs.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminListFilters, FilterSelect } from "~/ui/admin/admin-list-filters";
import { adminMeta } from "~/ui/admin/admin-nav";
import { CalendarDays, type CalendarDayView } from "~/ui/jobs/calendar-days";
import jobsCss from "~/styles/jobs.css?url";
import type { Route } from "./+types/admin-calendar";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * The calendar (issue 17): jobs and booked visits of every technician or of one, a week at a
 * time (?semana=<any day of it>), or one day (?vista=dia&dia=...). Madrid days and times.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: jobsCss }];

const day = z.string().refine(isYmd);
const querySchema = z.object({
  semana: day.optional(),
  dia: day.optional(),
  vista: z.enum(["semana", "dia"]).default("semana"),
  tecnico: z.string().max(100).default(""),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = Object.fromEntries([...pageUrl(request).searchParams].filter(([, value]) => value !== ""));
  const parsed = querySchema.safeParse(params);
  if (!parsed.success) throw data({ message: "Esa fecha, esa vista o ese técnico no son válidos." }, { status: 400 });
  const query = parsed.data;
  const db = await getDb();
  const technicians = await technicianChoices(db);
  if (query.tecnico && !technicians.some((t) => t.id === query.tecnico)) {
    throw data({ message: "Ese técnico no existe." }, { status: 400 });
  }
  const today = madridDay(new Date());
  const single = query.vista === "dia";
  const first = single ? (query.dia ?? query.semana ?? today) : mondayOf(query.semana ?? query.dia ?? today);
  const shown = single ? [first] : weekDays(first);
  const entries = await calendarEntries(db, {
    from: madridInstant(first, "00:00"),
    to: madridInstant(addDays(shown.at(-1)!, 1), "00:00"),
    technicianId: query.tecnico || undefined,
  });
  const days: CalendarDayView[] = shown.map((ymd) => ({
    day: ymd,
    label: single ? longDay(ymd) : shortDay(ymd),
    today: ymd === today,
    entries: entries
      .filter((entry) => madridClock(entry.startsAt).day === ymd)
      .map((entry) => ({
        key: `${entry.kind}-${entry.id}`,
        kind: entry.kind,
        time: `${madridClock(entry.startsAt).time}–${madridClock(entry.endsAt).time}`,
        title: entry.title,
        place: entry.place,
        technician: entry.technicianName,
        href: entry.kind === "trabajo" ? `/admin/trabajos/${entry.id}` : null,
      })),
  }));
  const step = single ? 1 : 7;
  return {
    single,
    technicians,
    technician: query.tecnico,
    first,
    title: single ? longDay(first) : `Semana del ${formatYmd(first)} al ${formatYmd(shown.at(-1)!)}`,
    previous: addDays(first, -step),
    next: addDays(first, step),
    today,
    days,
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Calendario");

export default function CalendarPage() {
  const view = useLoaderData<typeof loader>();
  const href = (changes: Record<string, string>) => {
    const params = new URLSearchParams();
    const values = { vista: view.single ? "dia" : "", tecnico: view.technician, ...changes };
    for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
    return `/admin/calendario?${params}`;
  };
  const at = (ymd: string): Record<string, string> => (view.single ? { dia: ymd } : { semana: ymd });
  return (
    <>
      <h1>Calendario</h1>
      <AdminListFilters label="Filtrar el calendario" active={Boolean(view.technician)}>
        {/* The day or week on show stays while the technician changes. */}
        <input type="hidden" name={view.single ? "dia" : "semana"} value={view.first} />
        {view.single ? <input type="hidden" name="vista" value="dia" /> : null}
        <FilterSelect id="calendario-tecnico" name="tecnico" label="Técnico" value={view.technician} options={view.technicians.map((t) => [t.id, t.name])} />
      </AdminListFilters>
      <nav className="calendar-nav" aria-label={view.single ? "Días" : "Semanas"}>
        <Link to={href(at(view.previous))} rel="prev">
          ← {view.single ? "Día anterior" : "Semana anterior"}
        </Link>
        <Link to={href(at(view.today))}>Ir a hoy</Link>
        <Link to={href(at(view.next))} rel="next">
          {view.single ? "Día siguiente" : "Semana siguiente"} →
        </Link>
        {view.single ? (
          <Link to={href({ vista: "", semana: view.first })}>Ver la semana</Link>
        ) : (
          <Link to={href({ vista: "dia", dia: view.today })}>Ver un solo día</Link>
        )}
      </nav>
      <p className="calendar-heading" role="status">
        {view.title}
      </p>
      <CalendarDays days={view.days} single={view.single} />
      <p className="admin-muted">Horas de Madrid. Los trabajos sin programar están en <Link to="/admin/trabajos?estado=pendiente_programar">Trabajos</Link>.</p>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminErrorPage error={error} back={{ to: "/admin/calendario", label: "Volver al calendario" }} filter={{ to: "/admin/calendario", label: "Ver esta semana" }} />
  );
}
