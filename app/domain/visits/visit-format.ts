import { madridTime, spanishDay } from "../dates/madrid-dates";

/* How a visit's time reads in Spanish, always in Madrid time (app/domain/dates/madrid-dates.ts). */

/** "martes 1 de diciembre, de 10:00 a 11:00" */
export function visitWhen(start: Date | string, end: Date | string): string {
  return `${spanishDay(start)}, de ${madridTime(start)} a ${madridTime(end)}`;
}

/** "Martes 1 de diciembre, de 10:00 a 11:00" at the start of a sentence or a title. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
