/*
 * PostgreSQL's error codes, read once for every caller: Drizzle wraps the driver's error (its
 * `cause`), PGlite and node-postgres both carry the SQLSTATE in `code`.
 */

/** The SQLSTATE of `error` or of an error it wraps, or null. */
export function pgErrorCode(error: unknown): string | null {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

export const UNIQUE_VIOLATION = "23505";
export const EXCLUSION_VIOLATION = "23P01";

/**
 * A deadlock or a serialization failure: PostgreSQL cancelled this transaction as the victim,
 * and running it again is the documented answer. Two inserts racing into an exclusion
 * constraint end this way too (each waits for the other's uncommitted row).
 */
export function isRetryable(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === "40P01" || code === "40001";
}
