import { madridTime, spanishCalendarDay } from "~/domain/dates/madrid-dates";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import type { Slot } from "~/domain/visits/visit-slots";

type Props = {
  days: { day: string; slots: Slot[] }[];
  /** The slot to show chosen (what was sent, or the first one offered after a lost slot). */
  chosen?: string;
  error?: string;
  errorId: string;
};

/**
 * The free slots as radio buttons, one group per day (issue 17): a real form field, so booking
 * works without JavaScript. Times read in Madrid time wherever the browser is.
 */
export function SlotPicker({ days, chosen, error, errorId }: Props) {
  return (
    <fieldset className="visit-slots" aria-describedby={error ? errorId : undefined}>
      <legend className="visit-slots-legend">Día y hora de la visita</legend>
      {days.map(({ day, slots }) => {
        const headingId = `dia-${day}`;
        return (
          <div key={day} className="visit-day" role="group" aria-labelledby={headingId}>
            <p id={headingId} className="visit-day-name">
              {capitalize(spanishCalendarDay(day))}
            </p>
            <ul className="visit-day-slots">
              {slots.map((slot) => {
                const id = `hora-${slot.start.replace(/[^0-9]/g, "")}`;
                return (
                  <li key={slot.start}>
                    <input
                      type="radio"
                      id={id}
                      name="slot"
                      value={slot.start}
                      defaultChecked={chosen === slot.start}
                      required
                      aria-invalid={error ? true : undefined}
                    />
                    <label htmlFor={id}>
                      <span className="visually-hidden">{capitalize(spanishCalendarDay(day))}, de </span>
                      {madridTime(slot.start)} a {madridTime(slot.end)}
                    </label>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </fieldset>
  );
}

/** "Las siguientes horas libres: ..." after a slot was taken a moment ago. */
export function NextSlots({ next }: { next: { start: string; end: string }[] }) {
  if (next.length === 0) return <p>No quedan horas libres en las próximas semanas: llámenos y buscamos una.</p>;
  return (
    <>
      <p>Estas son las siguientes horas libres (la primera ya está marcada abajo):</p>
      <ul className="visit-next">
        {next.map((slot) => (
          <li key={slot.start}>{capitalize(visitWhen(slot.start, slot.end))}</li>
        ))}
      </ul>
    </>
  );
}
