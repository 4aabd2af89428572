import { and, eq, ne } from "drizzle-orm";
import { secondFactorError } from "~/domain/accounts/second-factor";
import { audit } from "../audit.server";
import { callAuth } from "./auth-forms.server";
import { getDb } from "../db/db.server";
import type { Database } from "../db/client.server";
import { account, session as sessionTable } from "../db/schema.server";
import { hitRateLimit } from "../rate-limit.server";
import { markSecondFactor, sessionTokenFromCookies, type Admin } from "./admin-access.server";
import { markReauthenticated } from "./fresh-authentication.server";
import { clientOf } from "./staff-audit.server";

/*
 * The second factor through better-auth's two-factor plugin, called over its HTTP handler
 * (callAuth) so its rate limits, Origin checks and lockout apply. better-auth knows whether
 * a sign-in passed the factor only while it creates the session; we record it on the session
 * row (second_factor_at), which is what /admin asks for.
 */

export type Outcome = { ok: true; cookies: string[] } | { ok: false; status: number; message: string };

/** A Google-only account has no password to confirm the enrolment with (allowPasswordless). */
export async function hasPassword(userId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return rows.length > 0;
}

export type Enrolment = { totpURI: string; backupCodes: string[]; qrSvg: string };

export async function startEnrolment(
  request: Request,
  password: string | undefined,
): Promise<{ ok: true; enrolment: Enrolment } | { ok: false; status: number; message: string }> {
  const answer = await callAuth(request, "/two-factor/enable", password ? { password } : {});
  const uri = answer.body?.totpURI;
  const codes = answer.body?.backupCodes;
  if (!answer.ok || typeof uri !== "string" || !Array.isArray(codes)) {
    return { ok: false, status: answer.ok ? 502 : answer.status, message: secondFactorError(answer.status, answer.code, false) };
  }
  return { ok: true, enrolment: { totpURI: uri, backupCodes: codes.map(String), qrSvg: await qrSvg(uri) } };
}

export async function qrSvg(uri: string): Promise<string> {
  // Loaded when first needed, not at start (decision 0010).
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The first code from the app proves the enrolment: better-auth turns the factor on and renews the session. */
export async function finishEnrolment(request: Request, admin: Admin, code: string): Promise<Outcome> {
  const answer = await callAuth(request, "/two-factor/verify-totp", { code });
  if (!answer.ok) return { ok: false, status: answer.status, message: secondFactorError(answer.status, answer.code, false) };
  const db = await getDb();
  // No new session when the account had a factor already (a passkey; the app added from "Seguridad"): the same one goes on.
  const token = sessionTokenFromCookies(answer.cookies) ?? (typeof answer.body?.token === "string" ? answer.body.token : null);
  if (!token || !(await markSecondFactor(db, token))) {
    return { ok: false, status: 502, message: secondFactorError(502, undefined, false) };
  }
  const ended = await endOtherSessions(db, admin.id, token);
  // With the address and browser (issue 28), under the account like its sign-ins (staff-audit.server.ts).
  const client = clientOf(request.headers);
  await audit(db, { email: admin.email }, {
    action: "activó el segundo factor",
    entity: "cuenta",
    entityId: admin.id,
    after: { segundoFactor: true, sesionesCerradas: ended, ip: client.ip, navegador: client.browser },
  });
  return { ok: true, cookies: answer.cookies };
}

/**
 * Enrolling a factor ends every other session of the account (issue 28): one opened before,
 * perhaps by whoever knew the password, must not live on past the factor. Returns how many.
 */
export async function endOtherSessions(db: Pick<Database, "delete">, userId: string, keepToken: string): Promise<number> {
  const ended = await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.userId, userId), ne(sessionTable.token, keepToken)))
    .returning({ id: sessionTable.id });
  return ended.length;
}

/** Step-up checks of a signed-in session are ours to limit (better-auth's lockout counts sign-ins only). */
const STEP_UP_LIMIT = { prefix: "segundo-factor", max: 10, windowMs: 15 * 60_000 };

/**
 * A code at sign-in (better-auth's two-factor cookie, no session yet; userId null) or for a
 * session that has not passed the factor (signed in with Google): either way the session that
 * comes out is marked.
 */
export async function verifySecondFactor(
  request: Request,
  input: { code: string; backup: boolean; userId: string | null },
): Promise<Outcome> {
  const db = await getDb();
  if (input.userId && !(await hitRateLimit(db, STEP_UP_LIMIT, input.userId))) {
    return { ok: false, status: 429, message: secondFactorError(429, undefined, input.backup) };
  }
  const path = input.backup ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
  const answer = await callAuth(request, path, { code: input.code });
  if (!answer.ok) return { ok: false, status: answer.status, message: secondFactorError(answer.status, answer.code, input.backup) };
  const token = sessionTokenFromCookies(answer.cookies) ?? (typeof answer.body?.token === "string" ? answer.body.token : null);
  if (!token || !(await markSecondFactor(db, token))) {
    return { ok: false, status: 502, message: secondFactorError(502, undefined, input.backup) };
  }
  // At sign-in the password was typed a moment ago: a full proof, for managing the factor.
  // A step-up (a Google session) proves the code only.
  if (!input.userId) await markReauthenticated(db, token);
  return { ok: true, cookies: answer.cookies };
}
