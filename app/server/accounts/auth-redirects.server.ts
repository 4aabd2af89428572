import { safeRedirectPath } from "~/domain/accounts/safe-redirect";
import { trustedOrigins } from "../config.server";

/*
 * better-auth's endpoints take redirect targets from the request (callbackURL, redirectTo,
 * errorCallbackURL, newUserCallbackURL) and check them themselves, but not always as the
 * browser reads them: GET /api/auth/verify-email?callbackURL=//evil.example answered with
 * "Location: //evil.example?error=INVALID_TOKEN", another site. So every such value, in the
 * query or in the body, goes through the shop's one redirect check first: a path of this site
 * (safe-redirect.ts) or an absolute address on one of the shop's own origins.
 */

const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

function isOwnTarget(value: unknown): boolean {
  if (typeof value !== "string") return value === undefined || value === null;
  if (value === "") return true;
  if (safeRedirectPath(value, "") !== "") return true;
  try {
    const url = new URL(value);
    return trustedOrigins().includes(url.origin) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The fields of a body sent to /api/auth as JSON or as a form; null when it is neither. */
export function authBodyFields(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = body.trim().startsWith("{") ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return null;
  }
}

/** True when a redirect target in the request's query or body leads away from the shop. */
export function hasForeignRedirect(request: Request, body = ""): boolean {
  const query = new URL(request.url).searchParams;
  // A body that is neither JSON nor a form holds no target; better-auth will refuse it.
  const fields = (body ? authBodyFields(body) : null) ?? {};
  return REDIRECT_FIELDS.some((name) => !query.getAll(name).every(isOwnTarget) || !isOwnTarget(fields[name]));
}
