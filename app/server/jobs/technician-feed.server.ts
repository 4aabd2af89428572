import { DAY_MS } from "~/domain/site/retention";
import { calendarUid, type CalendarEvent } from "../calendar/ics.server";
import { publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";

import { calendarEntries } from "./jobs.server";

/** What a technician's feed holds: their jobs and visits from a month back to a year ahead. */
export const FEED_WINDOW = { pastDays: 30, futureDays: 365 };

export async function technicianFeedEvents(db: Database, technicianId: string, now: Date): Promise<CalendarEvent[]> {
  const base = publicShopInfo().baseUrl;
  const entries = await calendarEntries(db, {
    from: new Date(now.getTime() - FEED_WINDOW.pastDays * DAY_MS),
    to: new Date(now.getTime() + FEED_WINDOW.futureDays * DAY_MS),
    technicianId,
  });
  return entries.map((entry) => ({
    uid: calendarUid(`${entry.kind}-${entry.id}`),
    startsAt: entry.startsAt,
    endsAt: entry.endsAt,
    summary: entry.title,
    description: entry.kind === "trabajo" ? `Trabajo: ${base}/tecnico/trabajos/${entry.id}` : "Visita para presupuesto",
    location: entry.address,
    url: entry.kind === "trabajo" ? `${base}/tecnico/trabajos/${entry.id}` : undefined,
  }));
}


