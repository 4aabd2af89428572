/**
 * Whether an error (or one it wraps) says the database could not be reached: the server is
 * down, restarting, or the network to it is cut. Pages answer 503 with Retry-After then, not
 * 500: nothing is wrong with the request, and it will work again in a moment.
 */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "57P01", "57P02", "57P03"]);
const CONNECTION_TEXT = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH)\b|Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
  if (CONNECTION_TEXT.test(error.message)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
