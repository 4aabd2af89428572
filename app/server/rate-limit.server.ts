import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { config } from "./config.server";
import type { Database } from "./db/client.server";
import { rateLimit } from "./db/schema.server";

/*
 * Fixed-window counters in the shared rate_limit table, so every instance counts the same
 * posts. One upsert per hit: the row lock makes it atomic on PostgreSQL and PGlite alike.
 * For these keys last_request holds when the current window began.
 */

export type RateLimitRule = { prefix: string; max: number; windowMs: number };

/** The contact form: CONTACT_RATE_LIMIT (5) posts per ten minutes from one address. */
export function contactRateLimit(): RateLimitRule {
  return { prefix: "contacto", max: config().CONTACT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

/** The client address that server.ts puts in x-forwarded-for (from the socket, or the trusted proxy). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : "desconocida";
}

/** Counts one hit; false when the address is over its limit in the current window. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, who: string, now = Date.now()): Promise<boolean> {
  const key = `${rule.prefix}:${who}`;
  const windowStart = now - rule.windowMs;
  const result = await db.execute(sql`
    insert into ${rateLimit} (id, key, count, last_request)
    values (${randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end,
      last_request = case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end
    returning count`);
  const count = Number((result.rows[0] as { count: number | string }).count);
  if (count === 1) {
    // A new window: the moment to forget addresses that went quiet.
    await db.execute(sql`delete from ${rateLimit} where key like ${`${rule.prefix}:%`} and last_request <= ${windowStart}`);
  }
  return count <= rule.max;
}
