import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { getAuth } from "../auth.server";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { session as sessionTable } from "../db/schema.server";

/**
 * Who may use /admin (issue 11). Administrators are the accounts listed in ADMIN_EMAILS and
 * those granted the role from the back office; each must have enrolled an authenticator app,
 * and the session must have passed it. Everyone else gets the ordinary 404 page, so the back
 * office does not even show that it exists. Every admin loader and action calls requireAdmin.
 */

export type Admin = { id: string; email: string; name: string; sessionToken: string };

export function isListedAdmin(email: string): boolean {
  return config().ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

export function isAdminAccount(account: { email: string; role?: string | null }): boolean {
  return account.role === "admin" || isListedAdmin(account.email);
}

export type AdminState =
  | { kind: "none" }
  /** An administrator who has not enrolled the authenticator app yet. */
  | { kind: "enrol"; admin: Admin }
  /** Enrolled, but this session has not passed the second factor (e.g. signed in with Google). */
  | { kind: "verify"; admin: Admin }
  | { kind: "ok"; admin: Admin };

export async function adminState(request: Request): Promise<AdminState> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return { kind: "none" };
  const { user, session } = found;
  if (!isAdminAccount({ email: user.email, role: user.role })) return { kind: "none" };
  const admin: Admin = { id: user.id, email: user.email, name: user.name, sessionToken: session.token };
  if (!user.twoFactorEnabled) return { kind: "enrol", admin };
  const db = await getDb();
  const [row] = await db
    .select({ secondFactorAt: sessionTable.secondFactorAt })
    .from(sessionTable)
    .where(eq(sessionTable.token, session.token));
  return row?.secondFactorAt ? { kind: "ok", admin } : { kind: "verify", admin };
}

const ENROL_PATH = "/admin/segundo-factor";

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The administrator of this request, or the 404 page / the enrolment / the code page. */
export async function requireAdmin(request: Request): Promise<Admin> {
  const state = await adminState(request);
  switch (state.kind) {
    case "none":
      return notFound();
    case "enrol":
      throw redirect(ENROL_PATH);
    case "verify": {
      const url = new URL(request.url);
      const back = request.method === "GET" ? url.pathname + url.search : "/admin";
      throw redirect(`/login/verificacion?redirectTo=${encodeURIComponent(back.slice(0, 1000))}`);
    }
    case "ok":
      return state.admin;
  }
}

/** This session passed the second factor: /admin opens for it. */
export async function markSecondFactor(db: Database, sessionToken: string): Promise<boolean> {
  const updated = await db
    .update(sessionTable)
    .set({ secondFactorAt: new Date() })
    .where(eq(sessionTable.token, sessionToken))
    .returning({ id: sessionTable.id });
  return updated.length > 0;
}

/**
 * The session token in better-auth's Set-Cookie lines ("<token>.<signature>", URL-encoded),
 * for the one answer (enrolment) that replaces the session without naming the new one.
 */
export function sessionTokenFromCookies(cookies: string[]): string | null {
  for (const line of cookies) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(line);
    if (!match?.[1]) continue;
    const value = decodeURIComponent(match[1]);
    const dot = value.lastIndexOf(".");
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}
