import { eq } from "drizzle-orm";
import { MESSAGES } from "~/domain/accounts/auth-messages";
import { PASSKEY_MESSAGES, type PasskeyPurpose } from "~/domain/accounts/passkeys";
import { audit } from "../audit.server";
import { getDb } from "../db/db.server";
import type { Database } from "../db/client.server";
import { user as userTable } from "../db/schema.server";
import { clientAddress, hitRateLimit } from "../rate-limit.server";
import { auditStaffSignIn, clientOf, type SignInMoment } from "./staff-audit.server";
import { checkStaffDevice, deviceCookieName } from "./staff-devices.server";
import { markSecondFactor, STAFF_HOME, staffRoleOf, staffState, type Staff } from "./admin-access.server";
import { isFreshlyAuthenticated, markReauthenticated, REAUTH_MESSAGES, reauthenticateWithPassword } from "./fresh-authentication.server";
import { consumePendingSignIn, deviceCookieLine, openPasskeySession, pendingSignIn } from "./passkey-session.server";
import { assertionOptions, finishRegistration, passkeysOf, registrationOptions, totpConfigured, verifyAssertion, type PasskeyFailure } from "./passkeys.server";
import { endOtherSessions, hasPassword } from "./second-factor.server";

/*
 * What a passkey does depends on the session it arrives in (issue 28):
 * - registering: at first enrolment (no factor yet) it turns the second factor on, passes this
 *   session and ends the others; later, from "Seguridad", it adds a passkey after a fresh
 *   re-authentication;
 * - asserting: signed in fully, it confirms the person (re-authentication); signed in without
 *   the second factor (Google) or half-way through a password sign-in, it is the second factor;
 *   with no session, it signs in on its own (discoverable credential, no e-mail).
 */

export type FlowAnswer = { ok: true; body: Record<string, unknown>; cookies?: string[] } | PasskeyFailure;

const fail = (status: number, message: string): PasskeyFailure => ({ ok: false, status, message });

/** Answers of the browser and anonymous option requests are limited per client address. */
const PASSKEY_LIMIT = { prefix: "llave-acceso", max: 30, windowMs: 5 * 60_000 };

/** Factor changes in the audit log with the address and the browser (issue 28). */
export async function auditFactor(db: Pick<Database, "insert">, staff: { id: string; email: string }, action: string, request: Request, details: Record<string, unknown>) {
  const client = clientOf(request.headers);
  await audit(db, { email: staff.email }, { action, entity: "cuenta", entityId: staff.id, after: { ...details, ip: client.ip, navegador: client.browser } });
}

/**
 * A staff sign-in that passed the factor with a passkey is logged and its browser checked like
 * one with a code (auth-hooks.server.ts): a new browser e-mails the owner. The device cookie's line.
 */
async function noteSignIn(db: Database, request: Request, account: { id: string; email: string; name: string }, moment: SignInMoment | "enrolment"): Promise<string> {
  const client = clientOf(request.headers);
  const cookie = new RegExp(`(?:^|;\\s*)${deviceCookieName()}=([^;]*)`).exec(request.headers.get("cookie") ?? "")?.[1] ?? null;
  const device = await checkStaffDevice(db, account, { deviceId: cookie, client, userAgent: request.headers.get("user-agent") ?? "" });
  if (moment !== "enrolment") await auditStaffSignIn(db, account, client, device.newDevice, moment);
  return deviceCookieLine(device.deviceId);
}

/** The staff member who may register a passkey now, and whether it is their first factor. */
async function registrant(request: Request, password: string | undefined): Promise<{ staff: Staff; first: boolean } | PasskeyFailure> {
  const state = await staffState(request);
  if (state.kind !== "enrol" && state.kind !== "ok") return fail(404, PASSKEY_MESSAGES.notFresh);
  const db = await getDb();
  if (await isFreshlyAuthenticated(db, state.staff.sessionToken)) return { staff: state.staff, first: state.kind === "enrol" };
  // At first enrolment the password is typed on the same page; later the page asks it first.
  if (state.kind === "enrol" && password !== undefined && (await hasPassword(state.staff.id))) {
    if (!password) return fail(400, REAUTH_MESSAGES.missing);
    const proved = await reauthenticateWithPassword(request, state.staff, password);
    if (!proved.ok) return proved;
    return { staff: state.staff, first: true };
  }
  return fail(403, PASSKEY_MESSAGES.notFresh);
}

export async function startRegistration(request: Request, password: string | undefined): Promise<FlowAnswer> {
  const allowed = await registrant(request, password);
  if ("status" in allowed) return allowed;
  return { ok: true, body: { options: await registrationOptions(await getDb(), request, allowed.staff) } };
}

export async function completeRegistration(request: Request, response: unknown, name: string): Promise<FlowAnswer> {
  const allowed = await registrant(request, undefined);
  if ("status" in allowed) return allowed;
  const { staff, first } = allowed;
  const db = await getDb();
  const added = await finishRegistration(db, request, staff, response, name);
  if (!added.ok) return added;
  if (first) {
    // The factor is on for the account (the guards read user.twoFactorEnabled), this session passed it.
    await db.transaction(async (tx) => {
      await tx.update(userTable).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(userTable.id, staff.id));
      await markSecondFactor(tx as unknown as Database, staff.sessionToken);
      await endOtherSessions(tx, staff.id, staff.sessionToken);
      await auditFactor(tx, staff, "activó el segundo factor con una llave de acceso", request, { segundoFactor: true, llave: added.passkey.name });
    });
    await markReauthenticated(db, staff.sessionToken);
    const device = await noteSignIn(db, request, staff, "enrolment");
    return { ok: true, body: { passkey: added.passkey, redirectTo: STAFF_HOME[staff.role] }, cookies: [device] };
  } else {
    await auditFactor(db, staff, "añadió una llave de acceso", request, { llave: added.passkey.name });
  }
  return { ok: true, body: { passkey: added.passkey, redirectTo: null } };
}

type Situation =
  | { purpose: "confirm" | "second-factor"; userId: string; staff: Staff }
  | { purpose: "second-factor"; userId: string; pending: { userId: string; identifier: string } }
  | { purpose: "sign-in"; userId: null };

async function situation(request: Request): Promise<Situation> {
  const state = await staffState(request);
  if (state.kind === "ok") return { purpose: "confirm", userId: state.staff.id, staff: state.staff };
  if (state.kind === "verify") return { purpose: "second-factor", userId: state.staff.id, staff: state.staff };
  const pending = await pendingSignIn(request);
  if (pending) return { purpose: "second-factor", userId: pending.userId, pending };
  return { purpose: "sign-in", userId: null };
}

export async function startAssertion(request: Request): Promise<FlowAnswer> {
  const db = await getDb();
  if (!(await hitRateLimit(db, PASSKEY_LIMIT, clientAddress(request)))) return fail(429, PASSKEY_MESSAGES.tooMany);
  const now = await situation(request);
  const purpose: Exclude<PasskeyPurpose, "register"> = now.purpose;
  return { ok: true, body: { options: await assertionOptions(db, request, purpose, now.userId) } };
}

export async function completeAssertion(request: Request, response: unknown): Promise<FlowAnswer> {
  const db = await getDb();
  if (!(await hitRateLimit(db, PASSKEY_LIMIT, clientAddress(request)))) return fail(429, PASSKEY_MESSAGES.tooMany);
  const now = await situation(request);
  const checked = await verifyAssertion(db, request, now.purpose, response, now.userId);
  if (!checked.ok) return checked;
  if ("staff" in now) {
    // Confirming who one is, or the second factor of a session that has not passed it (Google).
    await markReauthenticated(db, now.staff.sessionToken);
    if (now.purpose === "confirm") return { ok: true, body: { redirectTo: null } };
    await markSecondFactor(db, now.staff.sessionToken);
    // A signed-in session giving the factor again (Google, 12 hours, idle) is not a new sign-in.
    const device = await noteSignIn(db, request, now.staff, "step-up");
    return { ok: true, body: { redirectTo: STAFF_HOME[now.staff.role] }, cookies: [device] };
  }
  const [account] = await db
    .select({ id: userTable.id, email: userTable.email, name: userTable.name, role: userTable.role, emailVerified: userTable.emailVerified, banned: userTable.banned })
    .from(userTable)
    .where(eq(userTable.id, checked.userId));
  if (!account) return fail(400, PASSKEY_MESSAGES.unknown);
  // The spec's message for a disabled account, as at any sign-in.
  if (account.banned) return fail(403, MESSAGES.disabled);
  const role = staffRoleOf(account);
  if (!role) return fail(403, PASSKEY_MESSAGES.notStaff);
  if ("pending" in now && !(await consumePendingSignIn(now.pending))) return fail(400, PASSKEY_MESSAGES.expired);
  const opened = await openPasskeySession(db, request, account.id);
  const device = await noteSignIn(db, request, account, "sign-in");
  return { ok: true, body: { redirectTo: STAFF_HOME[role] }, cookies: [...opened.cookies, device] };
}

/** What /login/verificacion offers this user: their passkeys, their authenticator app. */
export async function secondFactorChoices(request: Request, userId: string | null): Promise<{ passkey: boolean; totp: boolean }> {
  const id = userId ?? (await pendingSignIn(request))?.userId;
  if (!id) return { passkey: false, totp: false };
  const db = await getDb();
  const [keys, app] = await Promise.all([passkeysOf(db, id), totpConfigured(db, id)]);
  return { passkey: keys.length > 0, totp: app };
}
