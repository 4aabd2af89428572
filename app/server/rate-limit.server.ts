import { sql } from "drizzle-orm";
import { config } from "./config.server";
import type { Database } from "./db/client.server";
import { requestLimits } from "./db/shared-schema.server";

/*
 * Fixed-window counters in the shared request_limits table, so every instance counts the same
 * posts. One upsert per hit: the row lock makes it atomic on PostgreSQL and PGlite alike.
 * Not better-auth's rate_limit table: better-auth deletes every row there older than its own
 * 60-second window, which would reset our 10-minute windows after a minute.
 */

export type RateLimitRule = { prefix: string; max: number; windowMs: number };

/** The contact form: CONTACT_RATE_LIMIT (5) posts per ten minutes from one address. */
export function contactRateLimit(): RateLimitRule {
  return { prefix: "contacto", max: config().CONTACT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

/** The client address that server.ts puts in x-forwarded-for (from the socket, or the trusted proxy). */
export function clientAddress(request: Pick<Request, "headers">): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : "desconocida";
}

/** Counts one hit; false when the address is over its limit in the current window. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, who: string, now = Date.now()): Promise<boolean> {
  const key = `${rule.prefix}:${who}`;
  const t = requestLimits;
  const result = await db.execute(sql`
    insert into ${t} (key, count, window_start, expires_at)
    values (${key}, 1, ${now}, ${now + rule.windowMs})
    on conflict (key) do update set
      count = case when ${t.expiresAt} <= ${now} then 1 else ${t.count} + 1 end,
      window_start = case when ${t.expiresAt} <= ${now} then ${now} else ${t.windowStart} end,
      expires_at = case when ${t.expiresAt} <= ${now} then ${now + rule.windowMs} else ${t.expiresAt} end
    returning count`);
  const count = Number((result.rows[0] as { count: number | string }).count);
  return count <= rule.max;
}
