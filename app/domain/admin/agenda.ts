/** The owner's agenda (issue 30): its kinds of appointment, their names on screen, and one entry. */
export type AgendaKind = "trabajo" | "visita" | "instalacion";

export const AGENDA_KIND_LABELS: Record<AgendaKind, string> = { trabajo: "Trabajo", visita: "Visita", instalacion: "Instalación" };

export type AgendaEntry = {
  key: string;
  kind: AgendaKind;
  /** Madrid day "YYYY-MM-DD" and times "09:00" ("" when an installation's slot is unknown). */
  day: string;
  start: string;
  end: string;
  /** What it is, as the owner knows it: "Presupuesto P2026-000012", "Visita", "Pedido 0012-281126". */
  title: string;
  customer: string;
  phone: string;
  /** The address on one line, for the map. */
  place: string;
  technician: string | null;
  /** Its page in the back office. */
  href: string;
};
