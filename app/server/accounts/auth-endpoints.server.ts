import { getAuth } from "../auth.server";
import { staffState } from "./admin-access.server";
import { staffRoleOf } from "./staff-roles.server";

/*
 * The allow-list of better-auth's public HTTP endpoints, /api/auth/* (issue 28, finding 1).
 * better-auth registers more than the shop's browsers need, and some of them manage the
 * second factor: a session that had not passed it could read the secret
 * (/two-factor/get-totp-uri), issue backup codes or disable the factor, then get into /admin.
 * So every endpoint is placed here, with the session states in which the public route lets it
 * through; anything else (not placed, or not in this state) is the route's ordinary 404.
 *
 * Our own forms (/login, /login/verificacion, /login/restablecer, the enrolment, the
 * re-authentication) call better-auth through callAuth (auth-forms.server.ts), which does not
 * pass through this route: they need nothing here. What stays open is what a browser or a
 * mail client reaches by itself: the OAuth return, the links of e-mails, and the raw
 * registration and sign-in that the tests and customers' scripts use.
 *
 * tests/integration/auth-endpoints.test.ts lists every endpoint the installed better-auth
 * registers and fails on one missing here, so an upgrade cannot open a new one silently.
 */

/**
 * "anonimo": no valid session. "pendiente": a staff member signed in without having passed
 * the second factor in this session (enrolling, or a Google sign-in before its code).
 * "completa": a customer, or a staff member past the second factor.
 */
export type AuthSessionState = "anonimo" | "pendiente" | "completa";

export type AuthEndpoint = {
  method: "GET" | "POST";
  /** As better-auth registers it, under /api/auth; ":name" is one path segment. */
  path: string;
  open: readonly AuthSessionState[];
  /** Why it is open, or what does this instead. */
  why: string;
};

const ALL: readonly AuthSessionState[] = ["anonimo", "pendiente", "completa"];
const ANONYMOUS: readonly AuthSessionState[] = ["anonimo"];
const SIGNED_IN: readonly AuthSessionState[] = ["pendiente", "completa"];
const CLOSED: readonly AuthSessionState[] = [];

const internal = "only through callAuth, from our own form";

export const AUTH_ENDPOINTS: readonly AuthEndpoint[] = [
  // The ways in.
  { method: "POST", path: "/sign-up/email", open: ANONYMOUS, why: "raw registration (same answer as /login's, auth-api.ts)" },
  { method: "POST", path: "/sign-in/email", open: ANONYMOUS, why: "raw password sign-in; staff then give their code at /login/verificacion" },
  { method: "POST", path: "/sign-in/social", open: ANONYMOUS, why: "starts Google's sign-in (/login calls it too)" },
  { method: "GET", path: "/callback/:id", open: ALL, why: "Google sends the browser back here, signed in or not" },
  { method: "POST", path: "/callback/:id", open: ALL, why: "the same return as a form post (response_mode=form_post)" },
  { method: "GET", path: "/get-session", open: ["anonimo", "completa"], why: "the visitor's own session; nothing in it a pending staff session needs" },
  { method: "POST", path: "/get-session", open: CLOSED, why: "the GET does it" },
  { method: "POST", path: "/sign-out", open: SIGNED_IN, why: "leaving is always allowed" },
  // Links of e-mails, opened by whoever holds the mail, in whatever browser.
  { method: "GET", path: "/reset-password/:token", open: ALL, why: "the reset e-mail's link, on to /login/restablecer" },
  { method: "GET", path: "/verify-email", open: ALL, why: "the verification e-mail's link (administrators' addresses)" },
  { method: "POST", path: "/request-password-reset", open: ANONYMOUS, why: "raw 'forgot my password' (/login?modo=recuperar calls it too)" },
  { method: "POST", path: "/reset-password", open: CLOSED, why: internal },
  { method: "POST", path: "/send-verification-email", open: CLOSED, why: "we send verification links ourselves (admin-verification.server.ts)" },
  { method: "POST", path: "/verify-password", open: CLOSED, why: "re-authentication, fresh-authentication.server.ts" },
  // Account changes: the account pages do these through their own actions.
  { method: "POST", path: "/change-email", open: CLOSED, why: "an address change would skip the staff roles' proof of address" },
  { method: "POST", path: "/change-password", open: CLOSED, why: internal },
  { method: "POST", path: "/update-user", open: CLOSED, why: "the account pages' own actions" },
  { method: "POST", path: "/update-session", open: CLOSED, why: "sessions carry our second-factor marks; nobody edits them" },
  { method: "POST", path: "/delete-user", open: CLOSED, why: "account deletion is the shop's own flow (retention)" },
  { method: "GET", path: "/delete-user/callback", open: CLOSED, why: "deletion by e-mail is not used" },
  { method: "GET", path: "/list-sessions", open: CLOSED, why: "not used by any page" },
  { method: "POST", path: "/revoke-session", open: CLOSED, why: "not used by any page" },
  { method: "POST", path: "/revoke-sessions", open: CLOSED, why: "not used by any page" },
  { method: "POST", path: "/revoke-other-sessions", open: CLOSED, why: "not used by any page" },
  { method: "POST", path: "/link-social", open: CLOSED, why: "Google joins an account by signing in (account-linking.server.ts)" },
  { method: "GET", path: "/list-accounts", open: CLOSED, why: "not used by any page" },
  { method: "POST", path: "/unlink-account", open: CLOSED, why: "would leave a staff account without its way in" },
  { method: "POST", path: "/refresh-token", open: CLOSED, why: "we keep no Google tokens for use" },
  { method: "POST", path: "/get-access-token", open: CLOSED, why: "we keep no Google tokens for use" },
  { method: "GET", path: "/account-info", open: CLOSED, why: "not used by any page" },
  { method: "GET", path: "/ok", open: CLOSED, why: "the shop has its own health check" },
  { method: "GET", path: "/error", open: CLOSED, why: "failed sign-ins land on /login (onAPIError)" },
  // The second factor: enrolment and codes go through our pages; managing it needs a fresh, full session there.
  { method: "POST", path: "/two-factor/enable", open: CLOSED, why: "the enrolment page, in state 'enrol' only" },
  { method: "POST", path: "/two-factor/disable", open: CLOSED, why: "finding 1: would remove the factor" },
  { method: "POST", path: "/two-factor/get-totp-uri", open: CLOSED, why: "finding 1: would read the secret" },
  { method: "POST", path: "/two-factor/generate-backup-codes", open: CLOSED, why: "finding 1: would issue new codes" },
  { method: "POST", path: "/two-factor/verify-totp", open: CLOSED, why: "/login/verificacion and the enrolment page" },
  { method: "POST", path: "/two-factor/verify-backup-code", open: CLOSED, why: "/login/verificacion" },
  { method: "POST", path: "/two-factor/send-otp", open: CLOSED, why: "no codes by e-mail" },
  { method: "POST", path: "/two-factor/verify-otp", open: CLOSED, why: "no codes by e-mail" },
  // The admin plugin: kept for its ban at sign-in; the back office has its own audited actions (decision 0005).
  ...[
    "/admin/set-role",
    "/admin/create-user",
    "/admin/update-user",
    "/admin/list-user-sessions",
    "/admin/unban-user",
    "/admin/ban-user",
    "/admin/impersonate-user",
    "/admin/stop-impersonating",
    "/admin/revoke-user-session",
    "/admin/revoke-user-sessions",
    "/admin/remove-user",
    "/admin/set-user-password",
    "/admin/has-permission",
  ].map((path): AuthEndpoint => ({ method: "POST", path, open: CLOSED, why: "the back office's own actions" })),
  ...["/admin/get-user", "/admin/list-users"].map((path): AuthEndpoint => ({ method: "GET", path, open: CLOSED, why: "the back office's own pages" })),
];

const BASE = "/api/auth";

function patternOf(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}$`);
}

const MATCHERS = AUTH_ENDPOINTS.map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));

/** The table's entry for this request, or null (the exact spelling only: better-auth routes no other). */
export function authEndpointOf(method: string, pathname: string): AuthEndpoint | null {
  if (!pathname.startsWith(`${BASE}/`)) return null;
  const path = pathname.slice(BASE.length);
  return MATCHERS.find(({ endpoint, pattern }) => endpoint.method === method && pattern.test(path))?.endpoint ?? null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The request's session state; without a session cookie it is anonymous, with no database read. */
export async function authSessionState(request: Request): Promise<AuthSessionState> {
  if (!SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return "anonimo";
  const found = await (await getAuth()).api.getSession({ headers: request.headers });
  if (!found) return "anonimo";
  const facts = { email: found.user.email, role: found.user.role, emailVerified: found.user.emailVerified };
  if (!staffRoleOf(facts)) return "completa";
  // Staff only (rare): staffState decides the second factor, as for /admin and /tecnico.
  const state = await staffState(request);
  if (state.kind === "ok") return "completa";
  return state.kind === "none" ? "anonimo" : "pendiente";
}

/** Whether the public route lets this request through to better-auth. */
export async function isAuthRequestAllowed(request: Request): Promise<boolean> {
  const endpoint = authEndpointOf(request.method, new URL(request.url).pathname);
  if (!endpoint || endpoint.open.length === 0) return false;
  if (endpoint.open.length === ALL.length) return true;
  return endpoint.open.includes(await authSessionState(request));
}
