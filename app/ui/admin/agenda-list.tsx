import { Link } from "react-router";
import { addDays, formatYmd, longDay } from "~/domain/dates/madrid-dates";
import { mapHref, telHref } from "~/domain/site/contact-links";
import { AGENDA_KIND_LABELS, type AgendaEntry } from "~/domain/admin/agenda";
import { capitalize } from "~/domain/visits/visit-format";

/** "Hoy, sábado 28 de noviembre", "Mañana, …", or the long day. */
function dayHeading(day: string, today: string): string {
  const long = longDay(day);
  if (day === today) return `Hoy, ${long}`;
  if (day === addDays(today, 1)) return `Mañana, ${long}`;
  return capitalize(long);
}

/**
 * The owner's agenda (issue 30), by day: the time, what it is, the customer with a call link,
 * the address with a map link, and who goes. Built for a phone: one card per appointment.
 */
export function AgendaList({ entries, today, until }: { entries: AgendaEntry[]; today: string; until: string }) {
  if (entries.length === 0) return <p>No hay nada programado hasta el {formatYmd(until)}.</p>;
  const days = [...new Set(entries.map((entry) => entry.day))];
  return (
    <>
      {days.map((day) => (
        <section key={day} className="admin-agenda-day" aria-label={dayHeading(day, today)}>
          <h3>{dayHeading(day, today)}</h3>
          <ul className="admin-agenda">
            {entries
              .filter((entry) => entry.day === day)
              .map((entry) => (
                <li key={entry.key} className="admin-agenda-entry">
                  <p className="admin-agenda-when">
                    <span>{entry.start && entry.end ? `${entry.start}–${entry.end}` : "Sin hora"}</span>{" "}
                    <span className="admin-badge">{AGENDA_KIND_LABELS[entry.kind]}</span>
                  </p>
                  <p>
                    <Link to={entry.href}>{entry.title}</Link> · {entry.customer || "Sin nombre"}
                  </p>
                  <p className="admin-agenda-links">
                    {entry.place ? (
                      <a href={mapHref(entry.place)} target="_blank" rel="noopener noreferrer">
                        {entry.place}
                        <span className="visually-hidden"> (mapa, se abre en otra pestaña)</span>
                      </a>
                    ) : (
                      <span className="admin-muted">Sin dirección</span>
                    )}
                    {entry.phone ? <a href={telHref(entry.phone)}>Llamar al {entry.phone}</a> : <span className="admin-muted">Sin teléfono</span>}
                  </p>
                  <p className="admin-muted">{entry.technician ? `Técnico: ${entry.technician}` : "Sin técnico asignado"}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
