import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { signInFailures } from "./accounts-schema.server";

/*
 * Failed password sign-ins counted per account (issue 28), besides better-auth's count per
 * client address (SIGN_IN_RATE_LIMIT), which an attacker with many addresses escapes. From the
 * 5th failure on, the next try must wait 2^(n-5) seconds after the last one, at most 15 minutes:
 * about a hundred guesses a day, while the owner who mistyped is never locked out for longer.
 * During the wait the password is not checked at all, so a guess then tells nothing. Unknown
 * e-mails are counted the same way: the answers do not tell which e-mails have accounts.
 * The rows live in the database, so every instance counts the same failures.
 */

export const FREE_FAILURES = 4;
export const MAX_DELAY_SECONDS = 15 * 60;

/** Seconds the next try must wait after the last of `failures` failures. */
export function delayAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_SECONDS);
}

/** The key of an account as better-auth finds it (lower case, no spaces around). */
export function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

export type ThrottleCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const delaySql = sql`least(power(2, ${signInFailures.failures} - ${FREE_FAILURES + 1}), ${MAX_DELAY_SECONDS}) * interval '1 second'`;

/**
 * May a password sign-in for this e-mail be checked now? When the account has a delay, the try
 * that finds it over claims the turn (the last failure's time moves to now, one conditional
 * UPDATE): of many tries sent at once when the wait ends, one is checked, the others wait again.
 */
export async function checkAccountThrottle(db: Database, email: string, now = new Date()): Promise<ThrottleCheck> {
  const key = accountKey(email);
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, key));
  if (!row || row.failures <= FREE_FAILURES) return { ok: true };
  const claimed = await db
    .update(signInFailures)
    .set({ lastFailedAt: now })
    .where(and(eq(signInFailures.email, key), sql`${signInFailures.lastFailedAt} + ${delaySql} <= ${at(now)}`))
    .returning({ failures: signInFailures.failures });
  if (claimed.length > 0) return { ok: true };
  const [latest] = await db.select().from(signInFailures).where(eq(signInFailures.email, key));
  if (!latest) return { ok: true };
  const waitUntil = latest.lastFailedAt.getTime() + delayAfter(latest.failures) * 1000;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - now.getTime()) / 1000)) };
}

/** After a password was checked: a failure counts one more, a success forgets the count. */
export async function recordSignInResult(db: Database, email: string, ok: boolean, now = new Date()): Promise<void> {
  const key = accountKey(email);
  if (ok) {
    await db.delete(signInFailures).where(eq(signInFailures.email, key));
    return;
  }
  await db
    .insert(signInFailures)
    .values({ email: key, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({ target: signInFailures.email, set: { failures: sql`${signInFailures.failures} + 1`, lastFailedAt: now } });
}
