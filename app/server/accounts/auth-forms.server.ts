import { getAuth } from "../auth.server";
import { publicShopInfo } from "../config.server";
import { log } from "../log.server";

/**
 * Our forms (/login, /login/restablecer) post to their own route actions, which call
 * better-auth through its HTTP handler rather than `auth.api`: the same rate limits per client
 * address and the same Origin/CSRF checks apply as to a browser calling /api/auth directly.
 */

/** Headers of the visitor's request that better-auth's checks read. */
const FORWARDED = [
  "origin",
  "referer",
  "cookie",
  "user-agent",
  "x-forwarded-for",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
];

export type AuthReply = {
  ok: boolean;
  status: number;
  /** better-auth's error code (e.g. INVALID_EMAIL_OR_PASSWORD); only for mapping, never shown. */
  code: string | undefined;
  body: Record<string, unknown> | null;
  /** Set-Cookie lines to pass on to the visitor (session, OAuth state). */
  cookies: string[];
};

export async function callAuth(
  request: Request,
  path: string,
  body: Record<string, unknown>,
  options: { cookie?: string } = {},
): Promise<AuthReply> {
  const headers = new Headers({ "Content-Type": "application/json", Accept: "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (options.cookie !== undefined) headers.set("cookie", options.cookie);
  const target = new Request(`${publicShopInfo().baseUrl}/api/auth${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  const response = await (await getAuth()).handler(target);
  const text = await response.text();
  const parsed = parseJson(text);
  const code = typeof parsed?.code === "string" ? parsed.code : undefined;
  if (response.status >= 500) log("auth").error({ path, status: response.status, body: text.slice(0, 300) }, "better-auth respondió con error");
  return { ok: response.ok, status: response.status, code, body: parsed, cookies: response.headers.getSetCookie() };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Response headers carrying better-auth's cookies to the visitor. */
export function cookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The Cookie header a browser would send after receiving these Set-Cookie lines. */
export function cookiePairs(cookies: string[]): string {
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

/** Spends the time of a password hash, so that a quick answer gives nothing away by its speed. */
export async function spendPasswordHashTime(password: string): Promise<void> {
  const context = await (await getAuth()).$context;
  await context.password.hash(password);
}

export type RegistrationReply = { ok: true } | { ok: false; status: number; code: string | undefined };

/**
 * Registration, for our /login form and for better-auth's own /api/auth/sign-up/email alike:
 * a new and an already registered e-mail get the same answer in the same time, and nobody
 * is signed in by it (docs/deviations.md), so registration tells nobody who has an account.
 */
export async function registerAccount(request: Request, email: string, password: string, name = ""): Promise<RegistrationReply> {
  const answer = await callAuth(request, "/sign-up/email", { email, password, name });
  const exists = answer.code === "USER_ALREADY_EXISTS" || answer.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
  if (answer.ok) await callAuth(request, "/sign-out", {}, { cookie: cookiePairs(answer.cookies) });
  // A new account costs a password hash; an existing one must not answer faster.
  if (exists) await spendPasswordHashTime(password);
  // Two registrations of one e-mail at the same moment: the later insert meets the unique
  // index and better-auth answers 422 FAILED_TO_CREATE_USER (its password was hashed already).
  // The e-mail is known by then: the same answer as for any known e-mail.
  const lostRace = answer.code === "FAILED_TO_CREATE_USER" && (await isRegistered(email));
  if (answer.ok || exists || lostRace) return { ok: true };
  return { ok: false, status: answer.status, code: answer.code };
}

async function isRegistered(email: string): Promise<boolean> {
  const context = await (await getAuth()).$context;
  return Boolean(await context.internalAdapter.findUserByEmail(email.trim().toLowerCase()));
}
