import type { BetterAuthRateLimitStorage } from "better-auth";
import { sql } from "drizzle-orm";
import { config } from "./config.server";
import type { Database } from "./db/client.server";
import { requestLimits } from "./db/shared-schema.server";

/*
 * Every rate limit of the shop, one mechanism (decision 0023): fixed windows counted per key
 * (a client address, an account) in the shared request_limits table, so every instance counts
 * the same requests. One upsert per hit: the row lock makes it atomic on PostgreSQL and PGlite
 * alike. Our forms call hitRateLimit; better-auth's own limiter (sign-in, sign-up, password
 * reset) counts here too, through authRateLimitStorage.
 * One exception, kept in memory on purpose: the search suggestions (suggestionsRateLimit).
 */

export type RateLimitRule = { prefix: string; max: number; windowMs: number };
export type RateLimitAnswer = { allowed: boolean; retryAfterSeconds: number };

/** The contact form: CONTACT_RATE_LIMIT (5) posts per ten minutes from one address. */
export function contactRateLimit(): RateLimitRule {
  return { prefix: "contacto", max: config().CONTACT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

/** The breakdown form (issue 31): as many as the contact form, counted apart. */
export function repairRateLimit(): RateLimitRule {
  return { prefix: "averias", max: config().CONTACT_RATE_LIMIT, windowMs: 10 * 60_000 };
}

/** The client address that server.ts puts in x-forwarded-for (from the socket, or the trusted proxy). */
export function clientAddress(request: Pick<Request, "headers">): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded ? forwarded.slice(0, 64) : "desconocida";
}

/** Counts one hit of `who`; refused, with the seconds until its window ends, when over the limit. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, who: string, now = Date.now()): Promise<RateLimitAnswer> {
  const key = `${rule.prefix}:${who}`;
  const t = requestLimits;
  const result = await db.execute(sql`
    insert into ${t} (key, count, window_start, expires_at)
    values (${key}, 1, ${now}, ${now + rule.windowMs})
    on conflict (key) do update set
      count = case when ${t.expiresAt} <= ${now} then 1 else ${t.count} + 1 end,
      window_start = case when ${t.expiresAt} <= ${now} then ${now} else ${t.windowStart} end,
      expires_at = case when ${t.expiresAt} <= ${now} then ${now + rule.windowMs} else ${t.expiresAt} end
    returning count, expires_at`);
  const row = result.rows[0] as { count: number | string; expires_at: number | string };
  return { allowed: Number(row.count) <= rule.max, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.expires_at) - now) / 1000)) };
}

/** Counts one hit; false when `who` is over its limit in the current window. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, who: string, now = Date.now()): Promise<boolean> {
  return (await consumeRateLimit(db, rule, who, now)).allowed;
}

/**
 * better-auth's limiter (rateLimit.customStorage) on our counters: its rules (window in
 * seconds, max) per address and path, in the same table under "auth:". Its own database
 * storage would write a second table with its own purge and a read-then-write race.
 */
export function authRateLimitStorage(db: Database): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const answer = await consumeRateLimit(db, { prefix: "auth", max: rule.max, windowMs: rule.window * 1000 }, key);
      return { allowed: answer.allowed, retryAfter: answer.allowed ? null : answer.retryAfterSeconds };
    },
  };
}

/**
 * The search suggestions (issue 15) count in this process's memory, a fixed one-minute window,
 * not in the table: they answer every few keystrokes with one short read, and a write per
 * keystroke would double the database's work (one connection on PGlite) for answers that
 * shared caches keep a minute anyway. Each instance protects its own database reads.
 */
export class MemoryRateLimit {
  private counts = new Map<string, number>();
  private endsAt = 0;

  constructor(private readonly rule: Pick<RateLimitRule, "windowMs">) {}

  /** Counts one hit of `who`; false when it is over `max` in this window. */
  hit(who: string, max: number, now = Date.now()): boolean {
    if (now >= this.endsAt) {
      this.counts.clear();
      this.endsAt = now + this.rule.windowMs;
    }
    const count = (this.counts.get(who) ?? 0) + 1;
    // A flood of new addresses cannot grow the map without end: it starts over.
    if (this.counts.size > 50_000) this.counts.clear();
    this.counts.set(who, count);
    return count <= max;
  }
}

const suggestionCounts = new MemoryRateLimit({ windowMs: 60_000 });

/** SUGGESTIONS_RATE_LIMIT (240) a minute from one address: generous for people, whose browser also keeps answers. */
export function hitSuggestionsRateLimit(request: Pick<Request, "headers">, now = Date.now()): boolean {
  return suggestionCounts.hit(clientAddress(request), config().SUGGESTIONS_RATE_LIMIT, now);
}
