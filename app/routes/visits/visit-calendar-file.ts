import { getDb } from "~/server/db/db.server";
import { findVisitByToken } from "~/server/visits/visit-booking.server";
import { visitUrl } from "~/server/visits/visit-emails.server";
import { visitCalendar } from "~/server/visits/visit-ics.server";
import type { Route } from "./+types/visit-calendar-file";

/** /visita/:token/calendario.ics (issue 17): the visit as a calendar file to add (METHOD:PUBLISH). Reads only. */
export async function loader({ params }: Route.LoaderArgs) {
  const visit = await findVisitByToken(await getDb(), params.token);
  if (!visit) {
    return new Response("No encontramos esta visita.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return new Response(visitCalendar(visit, "PUBLISH", visitUrl(visit.token)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visita.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
