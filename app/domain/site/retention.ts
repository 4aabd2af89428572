/*
 * How long the shop keeps what it stores, in one place: the privacy policy states these
 * periods (app/routes/site/privacy-policy.tsx reads them) and the scheduled jobs enforce them
 * (app/server/scheduled/maintenance.server.ts). Change a period here and both follow.
 */

export const DAY_MS = 24 * 60 * 60_000;
export const MINUTE_MS = 60_000;

export const RETENTION = {
  /** Quote and contact requests: "hasta un año desde el último contacto" (privacy policy). */
  contactRequestDays: 365,
  /** Breakdowns reported (issue 31), with their photos: three years, the legal guarantee's span for claims. */
  repairRequestDays: 3 * 365,
  /** A signed-in session lasts this long (better-auth's expiresIn); expired ones are deleted. */
  sessionDays: 30,
  /** Baskets nobody changed for this long: their cookie is a session cookie, long gone. */
  abandonedBasketDays: 30,
  /** "Avísame cuando vuelva a estar disponible" (issue 15): a request nobody confirmed by e-mail. */
  pendingStockAlertDays: 7,
  /** A confirmed request still waiting: the product may never come back. */
  waitingStockAlertDays: 365,
  /** A request closed (notified or withdrawn): kept a little, as a record of what was sent. */
  closedStockAlertDays: 30,
  /** Outbox entries delivered (or skipped: service not configured). */
  deliveredOutboxDays: 30,
  /** Outbox entries that failed: kept longer, for the owner to see and act on. */
  failedOutboxDays: 180,
  /**
   * The longest window any rate limit may use (ours: 10 minutes for the contact form;
   * better-auth's: 60 s). Counters whose window is over are deleted; a new rule with a longer
   * window must raise this.
   */
  rateLimitWindowMinutes: 10,
  /** How often the purge of rate-limit counters runs. */
  rateLimitPurgeEveryMinutes: 5,
  /**
   * Failed sign-ins counted per account (issue 28): forgotten a day after the last failure. The
   * longest wait they impose is 15 minutes, so a day without failures means nobody is guessing.
   */
  signInFailureHours: 24,
} as const;

/** At most how long a client address stays in the rate-limit table. */
export function rateLimitRetentionMinutes(): number {
  return RETENTION.rateLimitWindowMinutes + RETENTION.rateLimitPurgeEveryMinutes;
}

const SPANISH_NUMBERS: Record<number, string> = { 1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis" };

/** A period in days as the privacy policy says it: 365 -> "un año", 730 -> "dos años", 30 -> "30 días". */
export function spanishPeriod(days: number): string {
  if (days % 365 === 0) {
    const years = days / 365;
    return `${SPANISH_NUMBERS[years] ?? years} ${years === 1 ? "año" : "años"}`;
  }
  return days === 1 ? "un día" : `${days} días`;
}
