import { data, redirect } from "react-router";
import { and, eq, gte } from "drizzle-orm";
import { reauthenticateFormSchema } from "~/domain/accounts/reauthenticate-form";
import { callAuth } from "./auth-forms.server";
import type { Database } from "../db/client.server";
import { getDb } from "../db/db.server";
import { session as sessionTable } from "./accounts-schema.server";
import { hitRateLimit } from "../rate-limit.server";
import { requireAdmin, requireTechnician, type Staff } from "./admin-access.server";
import type { StaffRole } from "./staff-roles.server";
import { hasPassword } from "./account-linking.server";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * Managing a factor (new backup codes, disabling, adding a passkey) needs a fully signed-in
 * session that proved the password or a passkey within the last 5 minutes (issue 28): a
 * session left open on a borrowed computer must not be enough to take the account over.
 * session.reauthenticated_at holds the last proof; a password sign-in that passes the second
 * factor counts as one (login-verification.tsx). A Google-only account has no password to
 * type: signing in with Google again (a session created within the window) is its proof.
 */

export const REAUTH_WINDOW_MS = 5 * 60_000;

export const REAUTH_MESSAGES = {
  prompt: "Por seguridad, confirme su contraseña.",
  wrong: "La contraseña no es correcta.",
  missing: "Escriba su contraseña.",
  tooMany: "Demasiados intentos. Espere unos minutos e inténtelo de nuevo.",
  googleOnly: "Su cuenta no tiene contraseña: cierre la sesión y vuelva a entrar con Google para confirmar que es usted.",
  unexpected: "No hemos podido comprobar la contraseña. Inténtelo de nuevo.",
} as const;

/** The session proved its owner now (password or passkey). */
export async function markReauthenticated(db: Database, sessionToken: string, at = new Date()): Promise<boolean> {
  const updated = await db
    .update(sessionTable)
    .set({ reauthenticatedAt: at })
    .where(eq(sessionTable.token, sessionToken))
    .returning({ id: sessionTable.id });
  return updated.length > 0;
}

export async function isFreshlyAuthenticated(db: Database, sessionToken: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - REAUTH_WINDOW_MS);
  const [row] = await db
    .select({ userId: sessionTable.userId, reauthenticatedAt: sessionTable.reauthenticatedAt, createdAt: sessionTable.createdAt })
    .from(sessionTable)
    .where(and(eq(sessionTable.token, sessionToken), gte(sessionTable.expiresAt, now)));
  if (!row) return false;
  if (row.reauthenticatedAt && row.reauthenticatedAt >= since && row.reauthenticatedAt <= now) return true;
  // A new Google sign-in is the only proof a passwordless account can give.
  return row.createdAt >= since && row.createdAt <= now && !(await hasPassword(row.userId));
}

/** Our own count per account: better-auth limits /verify-password per client address only. */
const REAUTH_LIMIT = { prefix: "reautenticacion", max: 10, windowMs: 15 * 60_000 };

export type Reauthentication = { ok: true } | { ok: false; status: number; message: string };

/** Checks the password of the signed-in staff member through better-auth and marks the session. */
export async function reauthenticateWithPassword(request: Request, staff: Staff, password: string): Promise<Reauthentication> {
  if (!password) return { ok: false, status: 400, message: REAUTH_MESSAGES.missing };
  const db = await getDb();
  if (!(await hasPassword(staff.id))) return { ok: false, status: 400, message: REAUTH_MESSAGES.googleOnly };
  if (!(await hitRateLimit(db, REAUTH_LIMIT, staff.id))) return { ok: false, status: 429, message: REAUTH_MESSAGES.tooMany };
  const answer = await callAuth(request, "/verify-password", { password });
  if (answer.status === 429) return { ok: false, status: 429, message: REAUTH_MESSAGES.tooMany };
  if (answer.code === "INVALID_PASSWORD") return { ok: false, status: 400, message: REAUTH_MESSAGES.wrong };
  if (!answer.ok) return { ok: false, status: answer.status >= 500 ? 502 : answer.status, message: REAUTH_MESSAGES.unexpected };
  if (!(await markReauthenticated(db, staff.sessionToken))) return { ok: false, status: 401, message: REAUTH_MESSAGES.unexpected };
  return { ok: true };
}

export type FreshStaff = { staff: Staff; fresh: boolean; hasPassword: boolean };

/**
 * The guard of a page that manages a factor: a fully signed-in staff member of this role (else
 * the 404 page, the enrolment or the code page, as requireAdmin), and whether the session is
 * fresh. A page shows ReauthenticateForm when it is not; an action that changes a factor must
 * refuse when it is not (requireFresh).
 */
export async function requireFreshStaff(request: Request, role: StaffRole, now = new Date()): Promise<FreshStaff> {
  const staff: Staff = role === "admin" ? { ...(await requireAdmin(request)), role } : await requireTechnician(request);
  const db = await getDb();
  return { staff, fresh: await isFreshlyAuthenticated(db, staff.sessionToken, now), hasPassword: await hasPassword(staff.id) };
}

/** What an action answers when its change needs a fresh session and this one is not. */
export function staleSessionReply() {
  return data({ reauthError: REAUTH_MESSAGES.prompt }, { status: 403 });
}

/**
 * The action side of ReauthenticateForm: on the right password, back to the same page (now
 * fresh); otherwise the message for the form, with a 4xx.
 */
export async function reauthenticationAction(request: Request, staff: Staff, fields: Record<string, unknown>) {
  const parsed = reauthenticateFormSchema.safeParse(fields);
  if (!parsed.success) return data({ reauthError: REAUTH_MESSAGES.missing }, { status: 400 });
  const outcome = await reauthenticateWithPassword(request, staff, parsed.data.password);
  if (!outcome.ok) return data({ reauthError: outcome.message }, { status: outcome.status });
  const url = pageUrl(request);
  throw redirect(url.pathname + url.search);
}
