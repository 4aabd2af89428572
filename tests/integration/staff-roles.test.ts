import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as auditLoader } from "~/routes/accounts/admin-audit-log";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as customerAction } from "~/routes/accounts/admin-account";
import { action as techniciansAction, loader as techniciansLoader } from "~/routes/accounts/admin-technicians";
import { loader as feedLoader } from "~/routes/jobs/calendar-feed";
import { action as invitationAction, loader as invitationLoader } from "~/routes/accounts/invitation";
import { action as loginAction, loader as loginLoader } from "~/routes/accounts/login";
import { loader as technicianHomeLoader } from "~/routes/jobs/technician-home";
import { loader as technicianEnrolLoader } from "~/routes/accounts/technician-second-factor";
import { resetConfigForTests } from "~/server/config.server";
import { staffInvitations, user, verification } from "~/server/accounts/accounts-schema.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { calendarFeeds } from "~/server/jobs/jobs-schema.server";
import { renewFeed } from "~/server/jobs/calendar-feeds.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, nextCookie, settle, technicianSession } from "../support/admin-utils";
import { authRequest } from "../support/auth-utils";
import { freshIp, loadLogin, postLogin, register } from "../support/login-utils";

/*
 * Issue 28, findings 2 and 3: roles only for proven addresses (ADMIN_EMAILS after a verification
 * link; technicians by invitation) and disabling ends everything (sessions, calendar feeds,
 * pending invitations, password-reset links).
 */
const ready = setupTestDatabase();
const OWNER = "duena@termoclima.test";
const LISTED = "socia@termoclima.test";
const PASSWORD = "contraseña-segura-1";
/** Long and unusual enough for the breached-password check. */
const STRONG = "tornillo verde bajo la caldera 47";
let owner = "";

beforeAll(async () => {
  process.env.ADMIN_EMAILS = `${OWNER}, ${LISTED}`;
  resetConfigForTests();
  owner = await adminCookie((await ready).db, OWNER);
});
afterAll(() => {
  delete process.env.ADMIN_EMAILS;
  resetConfigForTests();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function mailsTo(email: string, subject: RegExp): Promise<string[]> {
  const { db } = await ready;
  const rows = await db.select({ payload: outbox.payload }).from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`).orderBy(desc(outbox.id));
  return rows.filter((row) => subject.test(String(row.payload.subject))).map((row) => String(row.payload.text));
}

const linkIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[0] ?? "";
const verifyLink = (text: string) => linkIn(text, /\/api\/auth\/verify-email\?\S+/);
const invitationToken = (text: string) => /\/invitacion\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";

function post(path: string, cookie: string, form: Record<string, string>) {
  const request = adminRequest(path, cookie, form);
  request.headers.set("x-forwarded-for", freshIp());
  return request;
}

const invite = (name: string, email: string) => settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "create", name, email }))));
const openPage = (token: string, cookie = "") => settle(() => invitationLoader(args(adminRequest(`/invitacion/${token}`, cookie), { token })));
const submit = (token: string, cookie: string, form: Record<string, string>) =>
  settle(() => invitationAction(args(post(`/invitacion/${token}`, cookie, form), { token })));

async function userRow(email: string) {
  const { db } = await ready;
  const [row] = await db.select().from(user).where(eq(user.email, email));
  return row;
}

describe("ADMIN_EMAILS only for a proven address", () => {
  let cookie = "";

  it("a listed address registered by anyone is not an administrator: /admin is the 404; the account page says a link was sent", async () => {
    cookie = await register(LISTED, PASSWORD);
    expect((await settle(() => layoutLoader(args(adminRequest("/admin", cookie))))).status).toBe(404);
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).status).toBe(404);
    // Sign-up and the sign-in right after send one link, not two.
    const links = await mailsTo(LISTED, /confirme su dirección/);
    expect(links).toHaveLength(1);
    expect(verifyLink(links[0]!)).toContain("callbackURL=%2Flogin");
    const account = await settle(() => loginLoader(args(adminRequest("/login", cookie))));
    expect(account.data).toMatchObject({ signedIn: true, admin: false, adminUnverified: true });
  });

  it("a sign-in that asked for /admin lands on the account page instead of the 404", async () => {
    const { redirect } = await postLogin({ intent: "signin", email: LISTED, password: PASSWORD, redirectTo: "/admin" });
    expect(redirect?.headers.get("Location")).toBe("/login");
    const signedIn = await loadLogin("?redirectTo=%2Fadmin", cookie);
    expect(signedIn.redirect).toBeNull();
    expect(signedIn.data).toMatchObject({ adminUnverified: true });
    // Another page asked for is still honoured.
    expect((await loadLogin("?redirectTo=%2Fcarrito", cookie)).redirect?.headers.get("Location")).toBe("/carrito");
    // Signing in again within the minute sends no second link.
    expect(await mailsTo(LISTED, /confirme su dirección/)).toHaveLength(1);
  });

  it("sends the link again from the account page, once a minute at most", async () => {
    const { db } = await ready;
    const again = await settle(() => loginAction(args(post("/login", cookie, { intent: "verify-admin" }))));
    expect(again.status).toBe(429);
    expect(again.data).toMatchObject({ notice: { tone: "error", text: expect.stringContaining("menos de un minuto") } });
    await db.update(outbox).set({ createdAt: sql`${outbox.createdAt} - interval '2 minutes'` }).where(sql`${outbox.payload}->>'to' = ${LISTED}`);
    const sent = await settle(() => loginAction(args(post("/login", cookie, { intent: "verify-admin" }))));
    expect(sent).toMatchObject({ status: 200, data: { notice: { tone: "ok", text: `Le hemos enviado otro enlace a ${LISTED}.` } } });
    expect(await mailsTo(LISTED, /confirme su dirección/)).toHaveLength(2);
  });

  it("opening the link (signed in) proves the address: back to /login, and /admin asks for the second factor", async () => {
    const [latest] = await mailsTo(LISTED, /confirme su dirección/);
    const opened = await authRequest(verifyLink(latest!).replace("/api/auth", ""), undefined, cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/login");
    expect((await userRow(LISTED))?.emailVerified).toBe(true);
    expect(await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).toMatchObject({ status: 302, location: "/admin/segundo-factor" });
    const account = await settle(() => loginLoader(args(adminRequest("/login", cookie))));
    expect(account.data).toMatchObject({ admin: true, adminUnverified: false });
  });

  it("the link works without a session too, and a forged one is refused", async () => {
    const { db } = await ready;
    const other = "otra.socia@termoclima.test";
    process.env.ADMIN_EMAILS = `${OWNER}, ${LISTED}, ${other}`;
    resetConfigForTests();
    await register(other, PASSWORD);
    const [mail] = await mailsTo(other, /confirme su dirección/);
    const forged = await authRequest(`/verify-email?token=${"x".repeat(40)}&callbackURL=%2Flogin`);
    expect(forged.headers.get("Location")).toBe("/login?error=INVALID_TOKEN");
    const opened = await authRequest(verifyLink(mail!).replace("/api/auth", ""));
    expect(opened.status).toBe(302);
    const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, other));
    expect(row?.verified).toBe(true);
  });

  it("sends nothing to a customer who registers (customers have no verification)", async () => {
    await register("cliente.normal@example.com", PASSWORD);
    expect(await mailsTo("cliente.normal@example.com", /./)).toEqual([]);
  });
});

describe("technicians are invited", () => {
  const NEW = "eva.nueva@termoclima.test";
  let token = "";

  it("invites a new address: a row with the token's hash (72 h), the link by e-mail, no account yet, a true message", async () => {
    const { db } = await ready;
    const invited = await invite("Eva Nueva", "Eva.Nueva@termoclima.test");
    expect(invited).toMatchObject({ status: 200, data: { ok: true, message: expect.stringContaining(`Hemos enviado una invitación a ${NEW}`) } });
    expect(await userRow(NEW)).toBeUndefined();
    const [mail] = await mailsTo(NEW, /invitación para ser técnico/);
    token = invitationToken(mail!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.email, NEW));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    // The screen lists it with its buttons; a second invitation of the same address is refused.
    const page = await settle(() => techniciansLoader(args(adminRequest("/admin/tecnicos", owner))));
    expect((page.data as { invitations: Array<{ email: string }> }).invitations.map((i) => i.email)).toContain(NEW);
    expect((await invite("Eva", NEW)).status).toBe(409);
  });

  it("the page lets the holder choose a password (the rules apply), then sends them to enrol the second factor", async () => {
    expect(await openPage(token)).toMatchObject({ status: 200, data: { kind: "new", email: NEW } });
    const short = await submit(token, "", { intent: "create", password: "corta", confirm: "corta" });
    expect(short.status).toBe(400);
    const common = await submit(token, "", { intent: "create", password: "123456789012", confirm: "123456789012" });
    expect(common).toMatchObject({ status: 400, data: { field: "password", error: expect.stringContaining("demasiado común") } });
    const differ = await submit(token, "", { intent: "create", password: STRONG, confirm: `${STRONG}!` });
    expect(differ).toMatchObject({ status: 400, data: { field: "confirm" } });
    expect(await userRow(NEW)).toBeUndefined();

    const done = await submit(token, "", { intent: "create", password: STRONG, confirm: STRONG });
    expect(done).toMatchObject({ status: 302, location: "/tecnico/segundo-factor" });
    const cookie = nextCookie("", done.cookies);
    expect(cookie).toContain("session_token");
    expect(await userRow(NEW)).toMatchObject({ role: "tecnico", emailVerified: true, name: "Eva Nueva" });
    expect((await settle(() => technicianEnrolLoader(args(adminRequest("/tecnico/segundo-factor", cookie))))).status).toBe(200);
    const [line] = await auditLinesOf(NEW, "aceptar invitación de técnico");
    expect(line).toMatchObject({ actor: NEW, after: { rol: "tecnico", invitadoPor: OWNER } });
  });

  it("a used, unknown, expired, resent or revoked link is a Spanish 410/404 page, and changes nothing", async () => {
    const { db } = await ready;
    expect((await openPage(token)).status).toBe(410);
    expect((await submit(token, "", { intent: "create", password: STRONG, confirm: STRONG })).status).toBe(410);
    expect((await openPage("a".repeat(43))).status).toBe(404);
    expect((await openPage("no-es-un-token")).status).toBe(404);

    await invite("Caducado", "caducado@termoclima.test");
    const expired = invitationToken((await mailsTo("caducado@termoclima.test", /invitación/))[0]!);
    await db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvitations.email, "caducado@termoclima.test"));
    expect((await openPage(expired)).status).toBe(410);
    expect((await submit(expired, "", { intent: "create", password: STRONG, confirm: STRONG })).status).toBe(410);
    // "Reenviar": a new link for 72 hours more; the old one stops.
    const [row] = await db.select({ id: staffInvitations.id }).from(staffInvitations).where(eq(staffInvitations.email, "caducado@termoclima.test"));
    const resent = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "invitation-resend", invitationId: String(row!.id) }))));
    expect(resent).toMatchObject({ status: 200, data: { ok: true } });
    const fresh = invitationToken((await mailsTo("caducado@termoclima.test", /invitación/))[0]!);
    expect(fresh).not.toBe(expired);
    expect((await openPage(expired)).status).toBe(404);
    expect((await openPage(fresh)).status).toBe(200);
    // "Anular": the link stops at once.
    const revoked = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "invitation-revoke", invitationId: String(row!.id) }))));
    expect(revoked).toMatchObject({ status: 200, data: { ok: true } });
    expect((await openPage(fresh)).status).toBe(410);
    expect(await userRow("caducado@termoclima.test")).toBeUndefined();
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, "caducado@termoclima.test"))).map((l) => l.action);
    expect(actions).toEqual(["invitar técnico", "reenviar invitación de técnico", "anular invitación de técnico"]);
  });

  it("an existing account gets the role only by accepting while signed in as itself", async () => {
    const EXISTING = "pablo.cliente@example.com";
    const theirs = await register(EXISTING, PASSWORD);
    const invited = await invite("Pablo", EXISTING);
    expect(invited.data).toMatchObject({ ok: true, message: expect.stringContaining("Será técnico cuando la acepte con su sesión iniciada") });
    expect((await userRow(EXISTING))?.role).not.toBe("tecnico");
    const existingToken = invitationToken((await mailsTo(EXISTING, /invitación/))[0]!);

    // Anonymous: asked to sign in; choosing a password is refused (that would be a takeover).
    expect(await openPage(existingToken)).toMatchObject({ status: 200, data: { kind: "sign-in", email: EXISTING, signedInAs: null } });
    expect((await submit(existingToken, "", { intent: "create", password: STRONG, confirm: STRONG })).status).toBe(409);
    expect((await submit(existingToken, "", { intent: "accept" })).status).toBe(401);
    // Another account: refused.
    const stranger = await register("otro.cliente@example.com", PASSWORD);
    expect((await openPage(existingToken, stranger)).data).toMatchObject({ kind: "sign-in", signedInAs: "otro.cliente@example.com" });
    expect((await submit(existingToken, stranger, { intent: "accept" })).status).toBe(403);
    expect((await userRow(EXISTING))?.role).not.toBe("tecnico");
    expect((await userRow("otro.cliente@example.com"))?.role).not.toBe("tecnico");

    expect((await openPage(existingToken, theirs)).data).toMatchObject({ kind: "accept", email: EXISTING });
    const accepted = await submit(existingToken, theirs, { intent: "accept" });
    expect(accepted).toMatchObject({ status: 302, location: "/tecnico" });
    expect(await userRow(EXISTING)).toMatchObject({ role: "tecnico", emailVerified: true });
    expect(await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", theirs))))).toMatchObject({ status: 302, location: "/tecnico/segundo-factor" });
    const [line] = await auditLinesOf(EXISTING, "aceptar invitación de técnico");
    expect(line).toMatchObject({ actor: EXISTING, before: { rol: "user" }, after: { rol: "tecnico" } });
    expect((await submit(existingToken, theirs, { intent: "accept" })).status).toBe(410);
  });
});

async function auditLinesOf(email: string, action: string) {
  const { db } = await ready;
  const row = await userRow(email);
  return db.select().from(auditLog).where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, action)));
}

describe("disabling ends everything", () => {
  async function feedOf(userId: string) {
    const { db } = await ready;
    const token = await renewFeed(db, { email: OWNER }, userId);
    const file = `${token}.ics`;
    return () => settle(() => feedLoader(args(new Request(`http://localhost/calendario/${file}`), { file })));
  }

  async function resetLinkOf(email: string) {
    await authRequest("/request-password-reset", { email, redirectTo: "/login/restablecer" }, "", freshIp());
    const [mail] = await mailsTo(email, /restablecer su contraseña/);
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!)![1]!;
  }

  /** The e-mailed link, as the browser opens it: on to the new-password page, or back with ?error= when the token is dead. */
  const resetWith = async (token: string) =>
    (await authRequest(`/reset-password/${token}?callbackURL=%2Flogin%2Frestablecer`, undefined, "", freshIp())).headers.get("Location");

  it("disabling a technician ends their session, calendar feed and reset link at once", async () => {
    const { db } = await ready;
    const tech = await technicianSession(db, "tecnico.baja@termoclima.test", "Técnico Baja");
    const feed = await feedOf(tech.id);
    const reset = await resetLinkOf("tecnico.baja@termoclima.test");
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", tech.cookie))))).status).toBe(200);
    expect((await feed()).status).toBe(200);
    expect(await resetWith(reset)).toMatch(new RegExp(`/login/restablecer\\?token=${reset}$`));

    const disabled = await settle(() => customerAction(args(adminRequest(`/admin/cuentas/${tech.id}`, owner, { intent: "disable" }), { id: tech.id })));
    expect(disabled).toMatchObject({ status: 200, data: { ok: true } });
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", tech.cookie))))).status).toBe(404);
    expect((await feed()).status).toBe(404);
    expect(await resetWith(reset)).toMatch(/error=INVALID_TOKEN/);
    expect(await db.select().from(verification).where(eq(verification.value, tech.id))).toEqual([]);
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, tech.id), eq(auditLog.action, "deshabilitar cuenta")));
    expect(line?.after).toMatchObject({ sesionesCerradas: 1, calendariosRevocados: 1, enlacesDeContrasenaAnulados: 1 });
  });

  it("disabling an account with a pending invitation ends the invitation", async () => {
    const EMAIL = "invitado.baja@example.com";
    await register(EMAIL, PASSWORD);
    await invite("Invitado Baja", EMAIL);
    const token = invitationToken((await mailsTo(EMAIL, /invitación/))[0]!);
    const id = (await userRow(EMAIL))!.id;
    expect((await openPage(token)).status).toBe(200);
    await settle(() => customerAction(args(adminRequest(`/admin/cuentas/${id}`, owner, { intent: "disable" }), { id })));
    expect((await openPage(token)).status).toBe(410);
  });

  it("removing the technician's role ends the same things", async () => {
    const { db } = await ready;
    const tech = await technicianSession(db, "tecnico.rol@termoclima.test", "Técnico Rol");
    const feed = await feedOf(tech.id);
    const reset = await resetLinkOf("tecnico.rol@termoclima.test");
    expect(await resetWith(reset)).toMatch(new RegExp(`/login/restablecer\\?token=${reset}$`));
    const revoked = await settle(() => techniciansAction(args(adminRequest("/admin/tecnicos", owner, { intent: "revoke", userId: tech.id }))));
    expect(revoked.status).toBe(200);
    expect((await settle(() => technicianHomeLoader(args(adminRequest("/tecnico", tech.cookie))))).status).toBe(404);
    expect((await feed()).status).toBe(404);
    expect(await resetWith(reset)).toMatch(/error=INVALID_TOKEN/);
  });

  it("the feed refuses a disabled owner or a former technician even when its row was missed", async () => {
    const { db } = await ready;
    const tech = await technicianSession(db, "tecnico.fila@termoclima.test", "Técnico Fila");
    const feed = await feedOf(tech.id);
    expect((await feed()).status).toBe(200);
    await db.update(user).set({ banned: true }).where(eq(user.id, tech.id));
    expect((await feed()).status).toBe(404);
    await db.update(user).set({ banned: false, role: "user" }).where(eq(user.id, tech.id));
    expect((await feed()).status).toBe(404);
    await db.update(user).set({ role: "tecnico" }).where(eq(user.id, tech.id));
    expect((await feed()).status).toBe(200);
    const [live] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, tech.id));
    expect(live?.revokedAt).toBeNull();
  });
});
