import { data } from "react-router";
import { calendarFile } from "~/server/calendar/ics.server";
import { getDb } from "~/server/db/db.server";
import { feedOwner } from "~/server/jobs/calendar-feeds.server";
import { technicianFeedEvents } from "~/server/jobs/technician-feed.server";
import type { Route } from "./+types/calendar-feed";

/**
 * A technician's private calendar (issue 17): /calendario/<token>.ics, their jobs and visits,
 * read by the phone's calendar app without a cookie. A revoked or unknown token, or one of an
 * account that is disabled or no longer a technician (issue 28): 404.
 * Never cached by anyone but that app (private, no-store keeps shared caches out).
 */
const TOKEN = /^([A-Za-z0-9_-]{20,100})\.ics$/;

export async function loader({ params }: Route.LoaderArgs) {
  const token = TOKEN.exec(params.file ?? "")?.[1];
  const db = await getDb();
  const owner = token ? await feedOwner(db, token) : null;
  if (!owner) throw data("No encontrado", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const events = await technicianFeedEvents(db, owner.id, new Date());
  const body = calendarFile({ product: "Trabajos", name: `Trabajos de ${owner.name}`, events, ttlSeconds: 3600 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="trabajos.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
