import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as auditLoader } from "~/routes/accounts/admin-audit-log";
import { action as enrolAction } from "~/routes/accounts/admin-second-factor";
import { action as verifyAction, loader as verifyLoader } from "~/routes/accounts/login-verification";
import { markSecondFactor } from "~/server/accounts/admin-access.server";
import { auditLog, outbox, session, staffDevices, user } from "~/server/db/schema.server";
import { getSessionUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, nextCookie, settle } from "../support/admin-utils";
import { freshIp, postLogin, register } from "../support/login-utils";
import { totp } from "../support/totp";

/* Issue 28: staff sessions ask for the second factor again; new browsers e-mail the owner; sign-ins in the audit log. */

const ready = setupTestDatabase();
const HOUR = 60 * 60_000;
const PASSWORD = "contraseña-segura-1";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

function post(path: string, cookie: string, form: Record<string, string>, userAgent = "vitest") {
  const request = adminRequest(path, cookie, form);
  request.headers.set("x-forwarded-for", freshIp());
  request.headers.set("user-agent", userAgent);
  return request;
}

async function sessionsOf(email: string) {
  const { db } = await ready;
  return db
    .select({ token: session.token, secondFactorAt: session.secondFactorAt, lastActiveAt: session.lastActiveAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(user.email, email));
}

/** Moves the session's times into the past: its factor given `factorAgoMs` ago, last used `usedAgoMs` ago. */
async function age(email: string, factorAgoMs: number, usedAgoMs: number | null) {
  const { db } = await ready;
  const now = Date.now();
  for (const { token } of await sessionsOf(email)) {
    await db
      .update(session)
      .set({ secondFactorAt: new Date(now - factorAgoMs), lastActiveAt: usedAgoMs === null ? null : new Date(now - usedAgoMs) })
      .where(eq(session.token, token));
  }
}

const openAdmin = (cookie: string) => settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))));
const verificationNotice = async (cookie: string) =>
  ((await settle(() => verifyLoader(args(adminRequest("/login/verificacion", cookie))))).data as { notice: string | null }).notice;

describe("staff session limits", () => {
  it("asks for the factor again 12 hours after it was given, and says why", async () => {
    const { db } = await ready;
    const cookie = await adminCookie(db, "doce@termoclima.test");
    expect((await openAdmin(cookie)).status).toBe(200);
    await age("doce@termoclima.test", 11 * HOUR, 0);
    expect((await openAdmin(cookie)).status).toBe(200);
    await age("doce@termoclima.test", 12 * HOUR + 60_000, 0);
    const asked = await openAdmin(cookie);
    expect(asked.status).toBe(302);
    expect(asked.location).toBe("/login/verificacion?redirectTo=%2Fadmin%2Fregistro");
    expect(await verificationNotice(cookie)).toBe("Por seguridad, vuelva a confirmar su identidad: han pasado 12 horas.");
    // Still signed in for the shop: only the back office asks.
    expect((await getSessionUser(adminRequest("/login", cookie)))?.email).toBe("doce@termoclima.test");
    // The factor given again (the code page marks the session) opens /admin.
    for (const { token } of await sessionsOf("doce@termoclima.test")) await markSecondFactor(db, token);
    expect((await openAdmin(cookie)).status).toBe(200);
  });

  it("asks again after 2 hours without use, and records use at most once a minute", async () => {
    const { db } = await ready;
    const email = "inactiva@termoclima.test";
    const cookie = await adminCookie(db, email);
    await age(email, 3 * HOUR, 30_000);
    expect((await openAdmin(cookie)).status).toBe(200);
    // Used 30 s ago: not written again.
    const [quiet] = await sessionsOf(email);
    expect(Date.now() - quiet!.lastActiveAt!.getTime()).toBeGreaterThanOrEqual(30_000);
    await age(email, 3 * HOUR, 5 * 60_000);
    expect((await openAdmin(cookie)).status).toBe(200);
    const [touched] = await sessionsOf(email);
    expect(Date.now() - touched!.lastActiveAt!.getTime()).toBeLessThan(60_000);

    await age(email, 3 * HOUR, 2 * HOUR + 60_000);
    expect((await openAdmin(cookie)).status).toBe(302);
    expect(await verificationNotice(cookie)).toBe("Por seguridad, vuelva a confirmar su identidad: han pasado 2 horas sin actividad.");
    // A session that never recorded a use counts from the factor.
    await age(email, 2 * HOUR + 60_000, null);
    expect((await openAdmin(cookie)).status).toBe(302);
    await age(email, 60 * 60_000, null);
    expect((await openAdmin(cookie)).status).toBe(200);
  });

  it("leaves customers' sessions alone (30 days)", async () => {
    const { db } = await ready;
    const cookie = await register("cliente-larga@example.com");
    await db.execute(sql`update ${session} set created_at = now() - interval '20 days', updated_at = now() - interval '20 days'
      where ${session.userId} = (select id from ${user} where email = 'cliente-larga@example.com')`);
    expect((await getSessionUser(adminRequest("/login", cookie)))?.email).toBe("cliente-larga@example.com");
  });
});

/** An administrator who enrolled through the real page (the first browser): its cookie, key and id. */
async function enrolledAdmin(email: string) {
  const { db } = await ready;
  let cookie = await register(email, PASSWORD);
  const [row] = await db.update(user).set({ role: "admin", name: "Ana Encargada" }).where(eq(user.email, email)).returning();
  const started = await settle(() => enrolAction(args(post("/admin/segundo-factor", cookie, { intent: "start", password: PASSWORD }))));
  const step = started.data as { uri: string; key: string; backupCodes: string[] };
  const done = await settle(() =>
    enrolAction(args(post("/admin/segundo-factor", cookie, { intent: "verify", uri: step.uri, codes: step.backupCodes.join(" "), code: totp(step.key) }))),
  );
  expect(done.status).toBe(302);
  cookie = nextCookie(cookie, done.cookies);
  return { cookie, key: step.key, id: row!.id };
}

/** Password then code, from a browser holding `jar` (its device cookie, if any): the Set-Cookie lines of the code's answer. */
async function signIn(email: string, key: string, jar: string, userAgent: string, code = totp(key)) {
  const first = await postLogin({ intent: "signin", email, password: PASSWORD }, { cookie: jar || undefined });
  expect(first.redirect?.status).toBe(302);
  const pending = nextCookie(jar, first.redirect!.headers.getSetCookie());
  return settle(() => verifyAction(args(post("/login/verificacion", pending, { intent: "totp", code }, userAgent))));
}

const deviceMails = async () => {
  const { db } = await ready;
  const rows = await db.select().from(outbox).where(and(eq(outbox.kind, "email"), sql`${outbox.payload}->>'subject' like '%navegador nuevo%'`));
  return rows.map((row) => row.payload as { to: string; text: string });
};

describe("staff browsers and the audit log", () => {
  it("records the enrolment's browser silently, e-mails the owner and the member from a new one, logs sign-ins and failures", async () => {
    const { db } = await ready;
    const email = "ana@termoclima.test";
    const { cookie, key, id } = await enrolledAdmin(email);
    const device = cookie.split("; ").find((pair) => pair.startsWith("staff_device="));
    expect(device).toBeDefined();
    expect(await db.select().from(staffDevices).where(eq(staffDevices.userId, id))).toHaveLength(1);
    expect(await deviceMails()).toHaveLength(0);

    // The same browser again: no e-mail; the sign-in is in the log with its address and browser.
    const again = await signIn(email, key, device!, FIREFOX);
    expect(again.status).toBe(302);
    expect(await deviceMails()).toHaveLength(0);

    // Another browser: the owner (SHOP_EMAIL) and Ana are told, in Madrid time.
    const elsewhere = await signIn(email, key, "", FIREFOX);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.cookies.some((line) => /^staff_device=.*HttpOnly/i.test(line) && /SameSite=Lax/i.test(line))).toBe(true);
    const mails = await deviceMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([email, "info@termoclima.example"]);
    expect(mails[0]!.text).toContain("Quién: Ana Encargada (ana@termoclima.test)");
    expect(mails[0]!.text).toContain("Navegador: Firefox en Windows");
    expect(mails[0]!.text).toMatch(/Cuándo: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(hora de Madrid\)/);
    expect(mails[0]!.text).toMatch(/Dirección IP: 10\.\d+\.\d+\.\d+/);
    expect(await db.select().from(staffDevices).where(eq(staffDevices.userId, id))).toHaveLength(2);

    // A wrong password, a wrong code.
    await postLogin({ intent: "signin", email, password: "no-es-la-contraseña" });
    const wrongCode = totp(key) === "000000" ? "111111" : "000000";
    expect((await signIn(email, key, device!, FIREFOX, wrongCode)).status).toBe(401);

    // The enrolment's session left idle gives the code again: logged as such, from its known browser.
    await age(email, 3 * HOUR, 3 * HOUR);
    const stepUp = await settle(() => verifyAction(args(post("/login/verificacion", cookie, { intent: "totp", code: totp(key) }, FIREFOX))));
    expect(stepUp.status).toBe(302);
    expect((await openAdmin(cookie)).status).toBe(200);

    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "cuenta"), eq(auditLog.entityId, id)));
    const actions = lines.map((line) => line.action);
    // The enrolment, with where it was made.
    expect(lines.find((line) => line.action === "activó el segundo factor")?.after).toMatchObject({ ip: expect.stringMatching(/^10\./), navegador: "vitest" });
    expect(actions.filter((action) => action === "inició sesión en la administración")).toHaveLength(2);
    expect(actions).toContain("intento de inicio de sesión: contraseña incorrecta");
    expect(actions).toContain("intento de inicio de sesión: código incorrecto");
    expect(lines.find((line) => line.action === "confirmó de nuevo su identidad")?.after).toMatchObject({ dispositivoNuevo: false });
    const newDevice = lines.find((line) => (line.after as { dispositivoNuevo?: boolean }).dispositivoNuevo === true);
    expect(newDevice?.after).toMatchObject({ navegador: "Firefox en Windows", ip: expect.stringMatching(/^10\./) });
    // The log's page lists them (its filter knows "cuenta").
    const page = await settle(() => auditLoader(args(adminRequest(`/admin/registro?entidad=cuenta&id=${id}`, cookie))));
    expect((page.data as { rows: unknown[] }).rows.length).toBe(lines.length);
  });

  it("logs nothing for customers", async () => {
    const { db } = await ready;
    await register("solo-cliente@example.com", PASSWORD);
    await postLogin({ intent: "signin", email: "solo-cliente@example.com", password: "no-es-la-contraseña" });
    const [row] = await db.select().from(user).where(eq(user.email, "solo-cliente@example.com"));
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, row!.id))).toHaveLength(0);
  });
});
