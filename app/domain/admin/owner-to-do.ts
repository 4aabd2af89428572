/*
 * What waits for the owner (issue 30): Hoy lists it (app/server/admin/owner-to-do.server.ts
 * counts it) and the menu shows, beside a section, how many of its things wait.
 */
export type OwnerToDo = {
  /** Quote requests nobody has answered yet ("nuevo"). */
  newRequests: number;
  /** Booked visits from today to the agenda's last day: the request to read, the customer to call. */
  visitsAhead: number;
  /** Quotes written and not sent ("borrador"), and sent ones whose customer asked for changes. */
  quoteDrafts: number;
  changesAsked: number;
  /** Sent quotes still valid whose last day is within EXPIRING_SOON_DAYS. */
  quotesExpiring: number;
  /** Accepted jobs without a day ("pendiente_programar"), and done ones not yet paid ("terminado"). */
  jobsToSchedule: number;
  jobsToCharge: number;
  /** Jobs whose deposit is asked and not paid. */
  depositsWaiting: number;
  /** F-gas equipment sold without installation whose installer's certificate is a year late. */
  fgasOverdue: number;
  /** E-mails and task cards that failed after every retry, newest first (a few), and how many. */
  failed: { count: number; latest: FailedDelivery[] };
};

/** A failed delivery: its kind, what it was about ("del pedido 2103-281126") and the page that can retry it. */
export type FailedDelivery = { id: number; kind: string; about: string; href: string | null };

/** The menu's counts: a section's path, how many wait there, and the words a screen reader adds. */
export type MenuCount = { n: number; words: string };

export function menuCounts(toDo: OwnerToDo): Record<string, MenuCount> {
  const counts: Record<string, MenuCount> = {
    "/admin/solicitudes": { n: toDo.newRequests, words: "sin contestar" },
    "/admin/presupuestos": { n: toDo.quoteDrafts + toDo.changesAsked + toDo.quotesExpiring, words: "por enviar, con cambios pedidos o por caducar" },
    "/admin/trabajos": { n: toDo.jobsToSchedule + toDo.depositsWaiting + toDo.jobsToCharge, words: "por programar o por cobrar" },
    "/admin/visitas": { n: toDo.visitsAhead, words: "en los próximos 7 días" },
  };
  return Object.fromEntries(Object.entries(counts).filter(([, count]) => count.n > 0));
}
