import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { getAuth } from "../auth.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { session as sessionTable, user as userTable } from "./accounts-schema.server";
import { STAFF_HOME, staffRoleOf, type StaffRole } from "./staff-roles.server";
import { staffFactorStatus, type FactorStatus } from "./staff-sessions.server";
import { pageUrl } from "~/server/http/page-url.server";

/**
 * Who may use /admin (issue 11). Administrators are the accounts listed in ADMIN_EMAILS and
 * those granted the role from the back office; each must have enrolled an authenticator app,
 * and the session must have passed it. Everyone else gets the ordinary 404 page, so the back
 * office does not even show that it exists. Every admin loader and action calls requireAdmin.
 */

export type Admin = { id: string; email: string; name: string; sessionToken: string };

/*
 * Staff are administrators and technicians (staff-roles.server.ts). One state and one guard
 * serve both roles, so the second factor is decided here once; requireAdmin never lets a
 * technician in (every /admin page answers them 404).
 */
export type Staff = Admin & { role: StaffRole };

const ENROL_PATHS: Record<StaffRole, string> = { admin: "/admin/segundo-factor", tecnico: "/tecnico/segundo-factor" };

export type StaffState =
  | { kind: "none" }
  /** Has not enrolled the authenticator app yet. */
  | { kind: "enrol"; staff: Staff }
  /** Enrolled, but this session has not passed the second factor (e.g. signed in with Google), or passed it too long ago. */
  | { kind: "verify"; staff: Staff; reason: Extract<FactorStatus, { kind: "verify" }>["reason"] }
  | { kind: "ok"; staff: Staff };

export async function staffState(request: Request): Promise<StaffState> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return { kind: "none" };
  const { user, session } = found;
  const role = staffRoleOf({ email: user.email, role: user.role, emailVerified: user.emailVerified });
  if (!role) return { kind: "none" };
  const staff: Staff = { id: user.id, email: user.email, name: user.name, sessionToken: session.token, role };
  if (!user.twoFactorEnabled) return { kind: "enrol", staff };
  // The factor lasts STAFF_SESSION_HOURS, and STAFF_IDLE_MINUTES without use (issue 28).
  const factor = await staffFactorStatus(await getDb(), session.token);
  return factor.kind === "ok" ? { kind: "ok", staff } : { kind: "verify", staff, reason: factor.reason };
}

export type AdminState =
  | { kind: "none" }
  /** An administrator who has not enrolled the authenticator app yet. */
  | { kind: "enrol"; admin: Admin }
  /** Enrolled, but this session has not passed the second factor (e.g. signed in with Google). */
  | { kind: "verify"; admin: Admin }
  | { kind: "ok"; admin: Admin };

/** The administrators' view of staffState: a technician is nobody here. */
export async function adminState(request: Request): Promise<AdminState> {
  const state = await staffState(request);
  if (state.kind === "none" || state.staff.role !== "admin") return { kind: "none" };
  return { kind: state.kind, admin: state.staff };
}

export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The staff member of this request in the given role, or the 404 page / the enrolment / the code page. */
async function requireStaff(request: Request, role: StaffRole): Promise<Staff> {
  const state = await staffState(request);
  if (state.kind === "none" || state.staff.role !== role) return notFound();
  switch (state.kind) {
    case "enrol":
      throw redirect(ENROL_PATHS[role]);
    case "verify": {
      const url = pageUrl(request);
      const back = request.method === "GET" ? url.pathname + url.search : STAFF_HOME[role];
      throw redirect(`/login/verificacion?redirectTo=${encodeURIComponent(back.slice(0, 1000))}`);
    }
    case "ok":
      return state.staff;
  }
}

/** The administrator of this request, or the 404 page / the enrolment / the code page. */
export async function requireAdmin(request: Request): Promise<Admin> {
  return requireStaff(request, "admin");
}

/** The technician of this request (never an administrator: /tecnico is theirs only). */
export async function requireTechnician(request: Request): Promise<Staff> {
  return requireStaff(request, "tecnico");
}

/** The start page of the account whose session a sign-in's Set-Cookie lines carry ("/admin" when unknown). */
export async function staffHomeOfCookies(cookies: string[]): Promise<string> {
  const token = sessionTokenFromCookies(cookies);
  if (!token) return STAFF_HOME.admin;
  const db = await getDb();
  const [row] = await db
    .select({ email: userTable.email, role: userTable.role, emailVerified: userTable.emailVerified })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(eq(sessionTable.token, token));
  return row && staffRoleOf(row) === "tecnico" ? STAFF_HOME.tecnico : STAFF_HOME.admin;
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
