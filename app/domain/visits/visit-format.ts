import { TIME_ZONE as MADRID } from "../dates/madrid-dates";

/* How a visit's time reads in Spanish, always in Madrid time (never the server's or the browser's zone). */

const dayFormat = new Intl.DateTimeFormat("es-ES", { weekday: "long", day: "numeric", month: "long", timeZone: MADRID });
const timeFormat = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: MADRID });

/** "martes 1 de diciembre" */
export function spanishDay(instant: Date | string): string {
  const parts = dayFormat.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} de ${part("month")}`;
}

/** "martes 1 de diciembre" of a Madrid calendar day "YYYY-MM-DD" (read at noon: never the day before). */
export function spanishCalendarDay(day: string): string {
  return spanishDay(new Date(`${day}T12:00:00Z`));
}

/** "10:00" */
export function madridTime(instant: Date | string): string {
  return timeFormat.format(new Date(instant));
}

/** "martes 1 de diciembre, de 10:00 a 11:00" */
export function visitWhen(start: Date | string, end: Date | string): string {
  return `${spanishDay(start)}, de ${madridTime(start)} a ${madridTime(end)}`;
}

/** "Martes 1 de diciembre, de 10:00 a 11:00" at the start of a sentence or a title. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
