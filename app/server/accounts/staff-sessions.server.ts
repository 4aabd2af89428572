import { and, eq, isNull, lt, or } from "drizzle-orm";
import { MINUTE_MS } from "~/domain/site/retention";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { session as sessionTable } from "../db/schema.server";

/*
 * How long a staff session keeps its second factor (issue 28): STAFF_SESSION_HOURS (12) after
 * the code (or passkey) was given, and STAFF_IDLE_MINUTES (120) without a request to the back
 * office. After either, the session is still signed in (the shop, "Mi cuenta"), but /admin and
 * /tecnico ask for the factor again. Both times are in the session row, so every instance sees
 * the same answer. Customers' sessions are not concerned (RETENTION.sessionDays).
 */

/** Why a staff session must give the factor again: never given, too long ago, or left idle. */
export type FactorStatus = { kind: "ok" } | { kind: "verify"; reason: "none" | "age" | "idle" };

/** Activity is written at most once a minute per session: one UPDATE per minute, not per request. */
const TOUCH_EVERY_MS = MINUTE_MS;

/** STAFF_SESSION_HOURS and STAFF_IDLE_MINUTES, as the verification page words them. */
export function staffSessionSettings(): { sessionHours: number; idleMinutes: number } {
  const c = config();
  return { sessionHours: c.STAFF_SESSION_HOURS, idleMinutes: c.STAFF_IDLE_MINUTES };
}

function staffSessionLimits(): { maxAgeMs: number; idleMs: number } {
  const { sessionHours, idleMinutes } = staffSessionSettings();
  return { maxAgeMs: sessionHours * 60 * MINUTE_MS, idleMs: idleMinutes * MINUTE_MS };
}

/** The session's second factor now; a session still within both limits is marked as used. */
export async function staffFactorStatus(db: Database, token: string, now = new Date()): Promise<FactorStatus> {
  const [row] = await db
    .select({ secondFactorAt: sessionTable.secondFactorAt, lastActiveAt: sessionTable.lastActiveAt })
    .from(sessionTable)
    .where(eq(sessionTable.token, token));
  if (!row?.secondFactorAt) return { kind: "verify", reason: "none" };
  const { maxAgeMs, idleMs } = staffSessionLimits();
  const givenAt = row.secondFactorAt.getTime();
  if (now.getTime() - givenAt >= maxAgeMs) return { kind: "verify", reason: "age" };
  // Giving the factor is a use too: a session re-verified after a pause is not idle.
  const lastUse = Math.max(givenAt, row.lastActiveAt?.getTime() ?? 0);
  if (now.getTime() - lastUse >= idleMs) return { kind: "verify", reason: "idle" };
  if (now.getTime() - lastUse >= TOUCH_EVERY_MS) {
    const stale = new Date(now.getTime() - TOUCH_EVERY_MS);
    await db
      .update(sessionTable)
      .set({ lastActiveAt: now })
      .where(and(eq(sessionTable.token, token), or(isNull(sessionTable.lastActiveAt), lt(sessionTable.lastActiveAt, stale))));
  }
  return { kind: "ok" };
}
