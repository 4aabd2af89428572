import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as auditLoader } from "~/routes/accounts/admin-audit-log";
import { action as passkeyAction } from "~/routes/accounts/passkey-api";
import { publicShopInfo } from "~/server/config.server";
import { auditLog, passkeys, session, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminRequest, nextCookie, settle } from "../support/admin-utils";
import { freshIp, postLogin, register } from "../support/login-utils";
import { SoftAuthenticator } from "../support/soft-authenticator";

const ready = setupTestDatabase();
const PASSWORD = "contraseña-segura-1";
const OWNER = "llaves-duena@termoclima.test";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

type Json = Record<string, unknown> & { ok: boolean; message?: string; options?: Record<string, unknown> & { challenge: string } };

/** A JSON post of the page's script to /cuenta/llaves/:paso, as the browser of this site sends it. */
async function step(paso: string, body: unknown, cookie = "", origin = publicShopInfo().baseUrl) {
  const request = new Request(`${publicShopInfo().baseUrl}/cuenta/llaves/${paso}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie, "x-forwarded-for": freshIp(), "user-agent": "Mozilla/5.0 (Linux; Android 14) vitest" },
    body: JSON.stringify(body),
  });
  const response = (await passkeyAction({ request, params: { paso }, context: {} } as never)) as Response;
  return { status: response.status, json: (await response.json()) as Json, cookies: response.headers.getSetCookie() };
}

const origin = () => publicShopInfo().baseUrl;

/** An administrator (granted role, proven address) signed in with the password, before any factor. */
async function newAdmin(email: string) {
  const cookie = await register(email, PASSWORD);
  const [row] = await db().update(user).set({ role: "admin", emailVerified: true }).where(eq(user.email, email)).returning();
  return { cookie, id: row!.id };
}

let handle: Awaited<typeof ready>;
const db = () => handle.db;
beforeAll(async () => {
  handle = await ready;
});

/** Enrols a passkey at first enrolment through the real steps; the cookie of the session that did it. */
async function enrol(cookie: string, authenticator: SoftAuthenticator) {
  const started = await step("registro-opciones", { password: PASSWORD }, cookie);
  expect(started.status).toBe(200);
  const response = authenticator.register(started.json.options as never, { origin: origin() });
  return step("registro", { response, name: "Móvil de la dueña" }, cookie);
}

let owner: { cookie: string; id: string };
const ownerKey = new SoftAuthenticator();

describe("passkeys: first enrolment", () => {
  it("asks the password, then turns the second factor on with a passkey, passes this session and ends the others", async () => {
    owner = await newAdmin(OWNER);
    const other = await register(OWNER, PASSWORD);
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", owner.cookie))))).location).toBe("/admin/segundo-factor");

    const noProof = await step("registro-opciones", {}, owner.cookie);
    expect(noProof.status).toBe(403);
    expect(noProof.json.message).toBe("Por seguridad, confirme antes que es usted.");
    const wrong = await step("registro-opciones", { password: "no-es-esta-1234" }, owner.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("La contraseña no es correcta.");
    expect((await step("registro-opciones", {}, "")).status).toBe(404);

    const started = await step("registro-opciones", { password: PASSWORD }, owner.cookie);
    const options = started.json.options as { rp: { id: string }; authenticatorSelection: Record<string, unknown>; challenge: string };
    expect(options.rp.id).toBe(new URL(origin()).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const done = await step("registro", { response: ownerKey.register(started.json.options as never, { origin: origin() }), name: "Móvil de la dueña" }, owner.cookie);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ ok: true, redirectTo: "/admin", passkey: { name: "Móvil de la dueña" } });

    const [account] = await db().select().from(user).where(eq(user.id, owner.id));
    expect(account?.twoFactorEnabled).toBe(true);
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", owner.cookie))))).status).toBe(200);
    // The session opened before the factor is gone.
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", other))))).status).toBe(404);
    const lines = await db().select().from(auditLog).where(eq(auditLog.entityId, owner.id));
    const line = lines.find((l) => l.action === "activó el segundo factor con una llave de acceso");
    expect(line?.after).toMatchObject({ llave: "Móvil de la dueña", ip: expect.stringMatching(/^10\./), navegador: "Android" });
  });

  it("refuses a challenge used twice, and one from another account", async () => {
    const second = await newAdmin("llaves-otra@termoclima.test");
    const key = new SoftAuthenticator();
    const started = await step("registro-opciones", { password: PASSWORD }, second.cookie);
    const response = key.register(started.json.options as never, { origin: origin() });
    // The owner cannot register with a challenge issued to another account.
    expect((await step("registro", { response }, owner.cookie)).status).toBe(400);
    // Taken once by that refusal: the right account finds it gone too.
    const replay = await step("registro", { response }, second.cookie);
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe("La petición ha caducado. Vuelva a pulsar el botón.");
  });
});

/** Signs in with a passkey and no session: the Set-Cookie lines, or the refusal. */
async function signInWith(key: SoftAuthenticator, ceremony: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean } = {}, cookie = "") {
  const started = await step("entrada-opciones", {}, cookie);
  expect(started.status).toBe(200);
  const response = key.assert(started.json.options as never, { origin: origin(), ...ceremony });
  return { started, ...(await step("entrada", { response }, cookie)), response };
}

describe("passkeys: signing in", () => {
  it("signs in with the passkey alone, past the second factor and freshly authenticated", async () => {
    const { started, status, json, cookies } = await signInWith(ownerKey);
    expect((started.json.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, redirectTo: "/admin" });
    const cookie = nextCookie("", cookies);
    expect(cookie).toContain("session_token");
    // Logged and its browser remembered like a sign-in with a code (staff-devices.server.ts).
    expect(cookie).toContain("staff_device=");
    const lines = await db().select().from(auditLog).where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, "inició sesión en la administración")));
    expect(lines.length).toBeGreaterThan(0);
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).status).toBe(200);
    const [stored] = await db().select().from(passkeys).where(eq(passkeys.credentialId, ownerKey.id));
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
    expect(stored?.counter).toBe(ownerKey.counter);
    const rows = await db().select().from(session).where(eq(session.userId, owner.id));
    const opened = rows.find((row) => cookie.includes(encodeURIComponent(row.token)) || cookie.includes(row.token));
    expect(opened?.secondFactorAt).toBeInstanceOf(Date);
    expect(opened?.reauthenticatedAt).toBeInstanceOf(Date);
  });

  it("refuses another origin, another relying party, no user verification, a replay, a counter going back and an unknown passkey", async () => {
    const wrongOrigin = await signInWith(ownerKey, { origin: "https://termoclima-falsa.example" });
    expect(wrongOrigin.status).toBe(400);
    const wrongRp = await signInWith(ownerKey, { rpId: "termoclima-falsa.example" });
    expect(wrongRp.status).toBe(400);
    const unverified = await signInWith(ownerKey, { userVerified: false });
    expect(unverified.status).toBe(400);

    const good = await signInWith(ownerKey);
    expect(good.status).toBe(200);
    const replay = await step("entrada", { response: good.response });
    expect(replay.status).toBe(400);
    expect(replay.json.message).toBe("La petición ha caducado. Vuelva a pulsar el botón.");

    const cloned = await signInWith(ownerKey, { counter: 1 });
    expect(cloned.status).toBe(400);
    expect(cloned.json.message).toContain("parece copiada");

    const stranger = await signInWith(new SoftAuthenticator());
    expect(stranger.status).toBe(400);
    expect(stranger.json.message).toBe("Esta llave de acceso no corresponde a ninguna cuenta de la tienda.");
    for (const refused of [wrongOrigin, wrongRp, unverified, cloned, stranger]) expect(refused.cookies.join()).not.toContain("session_token");
  });

  it("refuses a disabled account with the spec's message", async () => {
    const banned = await newAdmin("llaves-baja@termoclima.test");
    const key = new SoftAuthenticator();
    expect((await enrol(banned.cookie, key)).status).toBe(200);
    await db().update(user).set({ banned: true }).where(eq(user.id, banned.id));
    const refused = await signInWith(key);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("La cuenta ha sido desabilitada por el administrador.");
    expect(refused.cookies.join()).not.toContain("session_token");
  });

  it("is the second step of a password sign-in, once", async () => {
    const { redirect } = await postLogin({ intent: "signin", email: OWNER, password: PASSWORD }, { ip: freshIp() });
    expect(redirect?.headers.get("Location")).toBe("/login/verificacion");
    const pending = nextCookie("", redirect!.headers.getSetCookie());
    const started = await step("entrada-opciones", {}, pending);
    expect((started.json.options as unknown as { allowCredentials: { id: string }[] }).allowCredentials.map((c) => c.id)).toEqual([ownerKey.id]);
    const response = ownerKey.assert(started.json.options as never, { origin: origin() });
    const passed = await step("entrada", { response }, pending);
    expect(passed.status).toBe(200);
    const cookie = nextCookie(pending, passed.cookies);
    expect(cookie).not.toContain("two_factor");
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).status).toBe(200);
    // The pending sign-in is spent: the same cookie gets no second session.
    const again = await step("entrada-opciones", {}, pending);
    expect((again.json.options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
  });
});

describe("passkeys: a signed-in session without the factor", () => {
  it("gives the factor again with a passkey (a Google sign-in, or 12 hours gone)", async () => {
    const { cookies } = await signInWith(ownerKey);
    const cookie = nextCookie("", cookies);
    // As a Google sign-in leaves it, or the 12 hours once passed: signed in, the factor not given.
    await db().update(session).set({ secondFactorAt: null }).where(eq(session.userId, owner.id));
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).status).toBe(302);
    const started = await step("entrada-opciones", {}, cookie);
    expect((started.json.options as unknown as { allowCredentials: { id: string }[] }).allowCredentials.map((c) => c.id)).toEqual([ownerKey.id]);
    // Another account's passkey is not this session's factor.
    const intruder = await step("entrada", { response: new SoftAuthenticator().assert(started.json.options as never, { origin: origin() }) }, cookie);
    expect(intruder.status).toBe(400);
    const again = await step("entrada-opciones", {}, cookie);
    const passed = await step("entrada", { response: ownerKey.assert(again.json.options as never, { origin: origin() }) }, cookie);
    expect(passed.json).toMatchObject({ ok: true, redirectTo: "/admin" });
    expect((await settle(() => auditLoader(args(adminRequest("/admin/registro", cookie))))).status).toBe(200);
    const lines = await db().select().from(auditLog).where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, "confirmó de nuevo su identidad")));
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe("passkeys: adding another one later", () => {
  it("needs a fresh confirmation, which a passkey gives", async () => {
    const { cookies } = await signInWith(ownerKey);
    const cookie = nextCookie("", cookies);
    // Ten minutes later the sign-in no longer counts as a fresh proof.
    const old = new Date(Date.now() - 10 * 60_000);
    await db().update(session).set({ reauthenticatedAt: old, createdAt: old }).where(eq(session.userId, owner.id));
    const stale = await step("registro-opciones", {}, cookie);
    expect(stale.status).toBe(403);

    const confirm = await step("entrada-opciones", {}, cookie);
    const confirmed = await step("entrada", { response: ownerKey.assert(confirm.json.options as never, { origin: origin() }) }, cookie);
    expect(confirmed.status).toBe(200);

    const laptop = new SoftAuthenticator();
    const started = await step("registro-opciones", {}, cookie);
    expect(started.status).toBe(200);
    const excluded = (started.json.options as unknown as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id);
    expect(excluded).toContain(ownerKey.id);
    const added = await step("registro", { response: laptop.register(started.json.options as never, { origin: origin() }), name: "" }, cookie);
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ redirectTo: null, passkey: { name: "Android" } });
    const rows = await db().select().from(passkeys).where(and(eq(passkeys.userId, owner.id)));
    expect(rows).toHaveLength(2);
  });

  it("answers bad bodies with 4xx and a Spanish message", async () => {
    const notJson = await passkeyAction({
      request: new Request(`${origin()}/cuenta/llaves/entrada`, { method: "POST", headers: { "Content-Type": "text/plain", Origin: origin() }, body: "x" }),
      params: { paso: "entrada" },
      context: {},
    } as never);
    expect((notJson as Response).status).toBe(415);
    const garbage = await step("entrada", { response: { id: 3 } });
    expect(garbage.status).toBe(400);
    expect(garbage.json.message).toMatch(/No hemos podido leer/);
    // The body is read first (415/413 whatever the step); a readable one to an unknown step: 404.
    const unknownStep = new Request(`${origin()}/cuenta/llaves/otra`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect((await settle(() => passkeyAction({ request: unknownStep, params: { paso: "otra" }, context: {} } as never))).status).toBe(404);
  });
});

describe("Seguridad", () => {
  it("asks for a fresh confirmation, then lists the passkeys and refuses to remove the last factor", async () => {
    const { loader: securityLoader, action: securityAction } = await import("~/routes/accounts/admin-security");
    const tech = await import("~/routes/accounts/technician-security");
    const admin = await newAdmin("llaves-seguridad@termoclima.test");
    const key = new SoftAuthenticator();
    expect((await enrol(admin.cookie, key)).status).toBe(200);
    const post = (form: Record<string, string>) => {
      const request = adminRequest("/admin/seguridad", admin.cookie, form);
      request.headers.set("x-forwarded-for", freshIp());
      return settle(() => securityAction(args(request)));
    };

    // Fresh from the enrolment: the list, no app.
    const page = await settle(() => securityLoader(args(adminRequest("/admin/seguridad", admin.cookie))));
    expect(page.data).toMatchObject({ fresh: true, totp: false, passkeys: [{ name: "Móvil de la dueña", lastUsedAt: null }] });
    // A technician's page is not theirs.
    expect((await settle(() => tech.loader(args(adminRequest("/tecnico/seguridad", admin.cookie))))).status).toBe(404);
    const [only] = await db().select().from(passkeys).where(eq(passkeys.userId, admin.id));
    const last = await post({ intent: "quitar-llave", id: String(only!.id) });
    expect(last.status).toBe(409);
    expect(last.data).toMatchObject({ error: expect.stringContaining("único segundo factor") });
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, admin.id))).toHaveLength(1);

    // Ten minutes later nothing can be changed before confirming again.
    const old = new Date(Date.now() - 10 * 60_000);
    await db().update(session).set({ reauthenticatedAt: old, createdAt: old }).where(eq(session.userId, admin.id));
    const stale = await settle(() => securityLoader(args(adminRequest("/admin/seguridad", admin.cookie))));
    expect(stale.data).toMatchObject({ fresh: false, hasPassword: true, hasPasskeys: true });
    expect((await post({ intent: "quitar-llave", id: String(only!.id) })).status).toBe(403);
    const wrong = await post({ intent: "reautenticar", password: "no-es-esta-1234" });
    expect(wrong.status).toBe(400);
    const confirmed = await post({ intent: "reautenticar", password: PASSWORD });
    expect(confirmed.status).toBe(302);

    // A second passkey, then the first can go (audited with address and browser).
    const spare = new SoftAuthenticator();
    const started = await step("registro-opciones", {}, admin.cookie);
    expect((await step("registro", { response: spare.register(started.json.options as never, { origin: origin() }), name: "Tableta" }, admin.cookie)).status).toBe(200);
    const removed = await post({ intent: "quitar-llave", id: String(only!.id) });
    expect(removed.status).toBe(200);
    expect(removed.data).toMatchObject({ removed: "Móvil de la dueña" });
    const lines = await db().select().from(auditLog).where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, "quitó una llave de acceso")));
    expect(lines[0]?.after).toMatchObject({ llave: "Móvil de la dueña", ip: expect.any(String), navegador: expect.any(String) });
    // Another account's passkey is "not found", not removed.
    const [ownerKeyRow] = await db().select().from(passkeys).where(eq(passkeys.credentialId, ownerKey.id));
    expect((await post({ intent: "quitar-llave", id: String(ownerKeyRow!.id) })).status).toBe(404);
    expect((await post({ intent: "otra-cosa" })).status).toBe(400);
  });
});

describe("Seguridad: the authenticator app beside a passkey", () => {
  it("adds the app to a passkey-only account, gives new backup codes as a file, and then lets the passkey go", async () => {
    const { loader: securityLoader, action: securityAction } = await import("~/routes/accounts/technician-security");
    const { totp } = await import("../support/totp");
    const tech = await newAdmin("llaves-tecnico@termoclima.test");
    await db().update(user).set({ role: "tecnico" }).where(eq(user.id, tech.id));
    const key = new SoftAuthenticator();
    const started = await step("registro-opciones", { password: PASSWORD }, tech.cookie);
    const enrolled = await step("registro", { response: key.register(started.json.options as never, { origin: origin() }) }, tech.cookie);
    expect(enrolled.json).toMatchObject({ ok: true, redirectTo: "/tecnico" });
    const post = (form: Record<string, string>) => {
      const request = adminRequest("/tecnico/seguridad", tech.cookie, form);
      request.headers.set("x-forwarded-for", freshIp());
      return settle(() => securityAction(args(request)));
    };

    const scan = await post({ intent: "start", password: PASSWORD });
    const app = scan.data as { step: number; uri: string; key: string; backupCodes: string[]; codesFile: { href: string; name: string } };
    expect(app.step).toBe(2);
    expect(app.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(app.key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const file = decodeURIComponent(app.codesFile.href.replace(/^data:text\/plain;charset=utf-8,/, ""));
    expect(file).toContain("Termoclima Madrid");
    expect(file).toContain("llaves-tecnico@termoclima.test");
    for (const code of app.backupCodes) expect(file).toContain(code);
    expect(app.codesFile.name).toMatch(/^codigos-respaldo-.+\.txt$/);
    const done = await post({ intent: "verify", uri: app.uri, codes: app.backupCodes.join(" "), code: totp(app.key) });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/tecnico/seguridad");
    const page = await settle(() => securityLoader(args(adminRequest("/tecnico/seguridad", tech.cookie))));
    expect(page.data).toMatchObject({ fresh: true, totp: true });

    const wrongPassword = await post({ intent: "nuevos-codigos", password: "no-es-esta-1234" });
    expect(wrongPassword.status).toBe(400);
    const fresh = await post({ intent: "nuevos-codigos", password: PASSWORD });
    const codes = fresh.data as { codes: string[]; codesFile: { href: string } };
    expect(codes.codes).toHaveLength(10);
    expect(codes.codes.some((code) => app.backupCodes.includes(code))).toBe(false);
    expect(decodeURIComponent(codes.codesFile.href)).toContain(codes.codes[0]!);

    const [row] = await db().select().from(passkeys).where(eq(passkeys.userId, tech.id));
    expect((await post({ intent: "quitar-llave", id: String(row!.id) })).status).toBe(200);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, tech.id))).map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(["activó el segundo factor con una llave de acceso", "generó nuevos códigos de respaldo", "quitó una llave de acceso"]));
  });
});
