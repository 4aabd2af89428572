import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as verifyAction, loader as verifyLoader } from "~/routes/accounts/login-verification";
import { sessionTokenFromCookies } from "~/server/accounts/admin-access.server";
import {
  isFreshlyAuthenticated,
  markReauthenticated,
  reauthenticateWithPassword,
  reauthenticationAction,
  REAUTH_WINDOW_MS,
  requireFreshStaff,
} from "~/server/accounts/fresh-authentication.server";
import { account, auditLog, session, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminRequest, nextCookie, settle } from "../support/admin-utils";
import { freshIp, postLogin, register } from "../support/login-utils";
import { enrolledStaff } from "../support/staff-enrolment";
import { totp } from "../support/totp";

/*
 * Fresh re-authentication (issue 28): managing a factor needs the password (or a passkey)
 * proved within 5 minutes; a password sign-in through the code counts, a step-up code alone
 * does not; enrolling a factor ends the account's other sessions.
 */

const ready = setupTestDatabase();
const PASSWORD = "contraseña-segura-1";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const post = (path: string, cookie: string, form: Record<string, string>) => {
  const request = adminRequest(path, cookie, form);
  request.headers.set("x-forwarded-for", freshIp());
  return request;
};
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** The session token in a Cookie header. */
function tokenOf(cookie: string): string {
  const pair = cookie.split(/;\s*/).find((part) => part.includes("session_token="));
  const token = pair ? sessionTokenFromCookies([pair]) : null;
  if (!token) throw new Error("sin sesión en la cookie");
  return token;
}

async function staffOf(db: Awaited<typeof ready>["db"], cookie: string) {
  const [row] = await db.select().from(user).innerJoin(session, eq(session.userId, user.id)).where(eq(session.token, tokenOf(cookie)));
  return { id: row!.user.id, email: row!.user.email, name: row!.user.name, sessionToken: row!.session.token, role: "admin" as const };
}

describe("freshness of a session", () => {
  it("lasts 5 minutes from the last proof", async () => {
    const { db } = await ready;
    const token = tokenOf(await register("fresca@example.com"));
    expect(await isFreshlyAuthenticated(db, token)).toBe(false);
    const at = new Date();
    expect(await markReauthenticated(db, token, at)).toBe(true);
    expect(await isFreshlyAuthenticated(db, token, at)).toBe(true);
    expect(await isFreshlyAuthenticated(db, token, new Date(at.getTime() + REAUTH_WINDOW_MS - 1_000))).toBe(true);
    expect(await isFreshlyAuthenticated(db, token, new Date(at.getTime() + REAUTH_WINDOW_MS + 1_000))).toBe(false);
    expect(await markReauthenticated(db, "no-existe")).toBe(false);
    expect(await isFreshlyAuthenticated(db, "no-existe")).toBe(false);
  });

  it("counts a password sign-in that passed the code, not a step-up code alone", async () => {
    const { db } = await ready;
    const email = "firma-fresca@termoclima.test";
    const { key } = await enrolledStaff(db, email, "admin", PASSWORD);
    const { redirect } = await postLogin({ intent: "signin", email, password: PASSWORD }, { ip: freshIp() });
    const pending = nextCookie("", redirect!.headers.getSetCookie());
    const passed = await settle(() => verifyAction(args(post("/login/verificacion", pending, { intent: "totp", code: totp(key) }))));
    expect(passed.status).toBe(302);
    const signedIn = nextCookie(pending, passed.cookies);
    expect(await isFreshlyAuthenticated(db, tokenOf(signedIn))).toBe(true);
    expect(await isFreshlyAuthenticated(db, tokenOf(signedIn), later(6))).toBe(false);

    // A session that has not passed the factor (as a Google sign-in of an account with a password) gives the code.
    await db.update(session).set({ secondFactorAt: null, reauthenticatedAt: null }).where(eq(session.token, tokenOf(signedIn)));
    const stepUp = await settle(() => verifyAction(args(post("/login/verificacion", signedIn, { intent: "totp", code: totp(key, Date.now() + 30_000) }))));
    expect(stepUp.status).toBe(302);
    expect(await isFreshlyAuthenticated(db, tokenOf(signedIn))).toBe(false);
  });

  it("lets a Google-only account prove itself by a new sign-in, within the same 5 minutes", async () => {
    const { db } = await ready;
    const cookie = await register("solo-google@termoclima.test");
    const staff = await staffOf(db, cookie);
    await db.delete(account).where(and(eq(account.userId, staff.id), eq(account.providerId, "credential")));
    expect(await isFreshlyAuthenticated(db, staff.sessionToken)).toBe(true);
    expect(await isFreshlyAuthenticated(db, staff.sessionToken, later(6))).toBe(false);
    const answer = await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, "lo-que-sea-1234");
    expect(answer).toEqual({ ok: false, status: 400, message: expect.stringContaining("vuelva a entrar con Google") });
  });
});

describe("re-authentication with the password", () => {
  it("checks the password through better-auth, in Spanish, and marks the session", async () => {
    const { db } = await ready;
    const cookie = await register("confirma@termoclima.test");
    const staff = await staffOf(db, cookie);
    expect(await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, "")).toMatchObject({ ok: false, status: 400 });
    const wrong = await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, "no-es-esta-1234");
    expect(wrong).toEqual({ ok: false, status: 400, message: "La contraseña no es correcta." });
    expect(await isFreshlyAuthenticated(db, staff.sessionToken)).toBe(false);
    expect(await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, PASSWORD)).toEqual({ ok: true });
    expect(await isFreshlyAuthenticated(db, staff.sessionToken)).toBe(true);
  });

  it("limits the tries per account, whatever the address", async () => {
    const { db } = await ready;
    const cookie = await register("muchos-intentos@termoclima.test");
    const staff = await staffOf(db, cookie);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, `mala-clave-${i}-abc`));
    expect(answers.slice(0, 10).every((a) => !a.ok && a.status === 400)).toBe(true);
    expect(answers[10]).toEqual({ ok: false, status: 429, message: expect.stringContaining("Demasiados intentos") });
    // Even the right password waits now.
    expect(await reauthenticateWithPassword(post("/admin/seguridad", cookie, {}), staff, PASSWORD)).toMatchObject({ ok: false, status: 429 });
  });
});

describe("requireFreshStaff and the form's action", () => {
  it("lets only a fully signed-in staff member in, and says whether the session is fresh", async () => {
    const { db } = await ready;
    const customer = await register("cliente-fresco@example.com");
    expect((await settle(() => requireFreshStaff(adminRequest("/admin/seguridad", customer), "admin"))).status).toBe(404);
    expect((await settle(() => requireFreshStaff(adminRequest("/admin/seguridad", ""), "admin"))).status).toBe(404);

    const owner = await enrolledStaff(db, "duena-fresca@termoclima.test", "admin", PASSWORD);
    const first = await requireFreshStaff(adminRequest("/admin/seguridad", owner.cookie), "admin");
    expect(first).toMatchObject({ fresh: false, hasPassword: true, staff: { email: "duena-fresca@termoclima.test", role: "admin" } });
    // An administrator is nobody on the technicians' pages.
    expect((await settle(() => requireFreshStaff(adminRequest("/tecnico/seguridad", owner.cookie), "tecnico"))).status).toBe(404);

    const wrong = await settle(() => reauthenticationAction(post("/admin/seguridad", owner.cookie, {}), first.staff, { intent: "reautenticar", password: "no-es-esta-1234" }));
    expect(wrong).toMatchObject({ status: 400, data: { reauthError: "La contraseña no es correcta." } });
    const malformed = await settle(() => reauthenticationAction(post("/admin/seguridad", owner.cookie, {}), first.staff, { intent: "otra" }));
    expect(malformed.status).toBe(400);
    const right = await settle(() =>
      reauthenticationAction(post("/admin/seguridad?x=1", owner.cookie, {}), first.staff, { intent: "reautenticar", password: PASSWORD }),
    );
    expect(right).toMatchObject({ status: 302, location: "/admin/seguridad?x=1" });
    expect((await requireFreshStaff(adminRequest("/admin/seguridad", owner.cookie), "admin")).fresh).toBe(true);
    expect((await requireFreshStaff(adminRequest("/admin/seguridad", owner.cookie), "admin", later(6))).fresh).toBe(false);

    // Without the second factor in this session: to the code page first.
    await db.update(session).set({ secondFactorAt: null }).where(eq(session.token, tokenOf(owner.cookie)));
    const pending = await settle(() => requireFreshStaff(adminRequest("/admin/seguridad", owner.cookie), "admin"));
    expect(pending).toMatchObject({ status: 302, location: expect.stringContaining("/login/verificacion") });
  });
});

describe("enrolling a factor", () => {
  it("ends the account's other sessions and keeps the new one", async () => {
    const { db } = await ready;
    const email = "tecnica-nueva@termoclima.test";
    // A session opened before the enrolment (e.g. by whoever else knew the password); the enrolment signs in again.
    const before = tokenOf(await register(email, PASSWORD));
    const enrolled = await enrolledStaff(db, email, "tecnico", PASSWORD);
    expect(tokenOf(enrolled.cookie)).not.toBe(before);
    const [tech] = await db.select().from(user).where(eq(user.email, email));
    const rows = await db.select({ token: session.token }).from(session).where(eq(session.userId, tech!.id));
    expect(rows.map((row) => row.token)).toEqual([tokenOf(enrolled.cookie)]);
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, tech!.id), eq(auditLog.action, "activó el segundo factor")));
    expect(JSON.stringify(line?.after)).toContain("sesionesCerradas");
  });

  it("cannot be finished at /login/verificacion: an account still to enrol is sent to its own page", async () => {
    const { db } = await ready;
    const cookie = await register("tecnico-por-inscribir@termoclima.test");
    await db.update(user).set({ role: "tecnico" }).where(eq(user.email, "tecnico-por-inscribir@termoclima.test"));
    const withPending = `${cookie}; better-auth.two_factor=algo`;
    expect(await settle(() => verifyLoader(args(adminRequest("/login/verificacion", withPending))))).toMatchObject({ status: 302, location: "/tecnico" });
    const posted = await settle(() => verifyAction(args(post("/login/verificacion", withPending, { intent: "totp", code: "123456" }))));
    expect(posted).toMatchObject({ status: 302, location: "/tecnico" });
  });
});
