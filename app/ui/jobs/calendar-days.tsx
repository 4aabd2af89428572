import { Link } from "react-router";
import { AGENDA_KIND_LABELS } from "~/domain/admin/agenda";

export type CalendarDayView = {
  day: string;
  label: string;
  today: boolean;
  entries: Array<{
    key: string;
    kind: "trabajo" | "visita";
    time: string;
    title: string;
    place: string;
    technician: string | null;
    href: string | null;
  }>;
};

/**
 * The calendar's days: seven columns on a desktop, one day under another on a phone (jobs.css),
 * or the one day of ?vista=dia. Today is marked in words and with aria-current.
 */
export function CalendarDays({ days, single }: { days: CalendarDayView[]; single: boolean }) {
  return (
    <ol className={single ? "calendar-days calendar-single" : "calendar-days calendar-week"}>
      {days.map((day) => (
        <li key={day.day} className={day.today ? "calendar-day calendar-today" : "calendar-day"} aria-current={day.today ? "date" : undefined}>
          <h2 className="calendar-day-title">
            {day.label}
            {day.today ? <span className="calendar-today-mark"> · Hoy</span> : null}
          </h2>
          {day.entries.length === 0 ? (
            <p className="calendar-empty">Nada</p>
          ) : (
            <ul className="calendar-entries">
              {day.entries.map((entry) => (
                <li key={entry.key} className={`calendar-entry calendar-${entry.kind}`}>
                  <span className="calendar-kind">{AGENDA_KIND_LABELS[entry.kind]}</span>
                  <span className="calendar-time">{entry.time}</span>
                  {entry.href ? (
                    <Link to={entry.href} className="calendar-title">
                      {entry.title}
                    </Link>
                  ) : (
                    <span className="calendar-title">{entry.title}</span>
                  )}
                  {entry.place ? <span className="calendar-place">{entry.place}</span> : null}
                  <span className="calendar-technician">{entry.technician ?? "Sin técnico"}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
