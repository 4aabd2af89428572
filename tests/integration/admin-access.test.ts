import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as auditLoader } from "~/routes/accounts/admin-audit-log";
import { forgetCachedFlags, setFlag } from "~/server/site/flags.server";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as enrolAction, loader as enrolLoader } from "~/routes/accounts/admin-second-factor";
import { action as verifyAction, loader as verifyLoader } from "~/routes/accounts/login-verification";
import { resetConfigForTests } from "~/server/config.server";
import { auditLog, session, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminRequest, nextCookie, settle } from "../support/admin-utils";
import { authRequest } from "../support/auth-utils";
import { freshIp, postLogin, register } from "../support/login-utils";
import { totp } from "../support/totp";

const ready = setupTestDatabase();
let enrolled: { cookie: string; key: string; backupCodes: string[] } | undefined;
const enrolledCookie = () => enrolled!.cookie;
const OWNER = "duena@termoclima.test";
const PASSWORD = "contraseña-segura-1";

beforeAll(() => {
  process.env.ADMIN_EMAILS = `${OWNER}, Otra.Admin@Termoclima.test`;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.ADMIN_EMAILS;
  resetConfigForTests();
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const get = (path: string, cookie: string) => adminRequest(path, cookie);
const post = (path: string, cookie: string, form: Record<string, string>) => {
  const request = adminRequest(path, cookie, form);
  request.headers.set("x-forwarded-for", freshIp());
  return request;
};

/** Enrols the owner through the real pages; returns the signed-in cookie and the text key. */
async function enrolOwner() {
  let cookie = await register(OWNER, PASSWORD);
  // A listed address opens /admin once proved (issue 28; the link itself: tests/integration/staff-roles.test.ts).
  const { db } = await ready;
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, OWNER));
  const first = await settle(() => auditLoader(args(get("/admin/registro", cookie))));
  expect(first.status).toBe(302);
  expect(first.location).toBe("/admin/segundo-factor");
  expect(await settle(() => enrolLoader(args(get("/admin/segundo-factor", cookie))))).toMatchObject({ data: { needsPassword: true } });

  const wrongPassword = await settle(() => enrolAction(args(post("/admin/segundo-factor", cookie, { intent: "start", password: "no-es-esta" }))));
  expect(wrongPassword.status).toBe(400);
  expect(wrongPassword.data).toMatchObject({ step: 1, error: "La contraseña no es correcta." });

  const started = await settle(() => enrolAction(args(post("/admin/segundo-factor", cookie, { intent: "start", password: PASSWORD }))));
  const step = started.data as { step: 2; uri: string; key: string; qrSvg: string; backupCodes: string[] };
  expect(step.step).toBe(2);
  expect(step.qrSvg).toContain("<svg");
  expect(step.backupCodes).toHaveLength(10);
  const key = step.key;
  const form = { intent: "verify", uri: step.uri, codes: step.backupCodes.join(" ") };

  const wrong = await settle(() => enrolAction(args(post("/admin/segundo-factor", cookie, { ...form, code: "000000" === totp(key) ? "111111" : "000000" }))));
  expect(wrong.status).toBe(401);
  expect(wrong.data).toMatchObject({ step: 2, error: expect.stringContaining("no es correcto") });

  const done = await settle(() => enrolAction(args(post("/admin/segundo-factor", cookie, { ...form, code: totp(key) }))));
  expect(done.status).toBe(302);
  expect(done.location).toBe("/admin");
  cookie = nextCookie(cookie, done.cookies);
  return { cookie, key, backupCodes: step.backupCodes };
}

describe("/admin: who gets in", () => {
  it("shows the ordinary 404 to visitors and customers, on pages and actions", async () => {
    await ready;
    expect((await settle(() => layoutLoader(args(get("/admin", ""))))).status).toBe(404);
    expect((await settle(() => auditLoader(args(get("/admin/registro", ""))))).status).toBe(404);
    const customer = await register("cliente@example.com");
    expect((await settle(() => layoutLoader(args(get("/admin", customer))))).status).toBe(404);
    expect((await settle(() => auditLoader(args(get("/admin/registro", customer))))).status).toBe(404);
    expect((await settle(() => enrolLoader(args(get("/admin/segundo-factor", customer))))).status).toBe(404);
    const posted = await settle(() => enrolAction(args(post("/admin/segundo-factor", customer, { intent: "start", password: PASSWORD }))));
    expect(posted.status).toBe(404);
  });

  it("closes better-auth's own admin endpoints", async () => {
    await ready;
    const response = await authRequest("/admin/list-users");
    expect(response.status).toBe(404);
    const posted = await authRequest("/admin/set-role", { userId: "x", role: "admin" });
    expect(posted.status).toBe(404);
  });


  it("makes a listed administrator enrol an authenticator app, then opens /admin", async () => {
    const { db } = await ready;
    enrolled = await enrolOwner();
    const page = await settle(() => auditLoader(args(get("/admin/registro", enrolled!.cookie))));
    expect(page.status).toBe(200);
    const [owner] = await db.select().from(user).where(eq(user.email, OWNER));
    expect(owner?.twoFactorEnabled).toBe(true);
    const lines = await db.select().from(auditLog).where(eq(auditLog.entityId, owner!.id));
    expect(lines.map((line) => line.action)).toContain("activó el segundo factor");
    // The log cannot be rewritten.
    await expect(db.update(auditLog).set({ actor: "otro" })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
  });

  it("asks for the app's code at every sign-in (/login/verificacion)", async () => {
    await ready;
    const { key } = enrolled!;
    const ip = freshIp();
    const { redirect } = await postLogin({ intent: "signin", email: OWNER, password: PASSWORD, redirectTo: "/admin/registro" }, { ip });
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe("/login/verificacion?redirectTo=%2Fadmin%2Fregistro");
    // No session yet: only the pending two-factor cookie.
    const pending = nextCookie("", redirect!.headers.getSetCookie());
    expect(pending).toContain("two_factor");
    expect(pending).not.toContain("session_token");
    expect((await settle(() => verifyLoader(args(get("/login/verificacion", pending))))).status).toBe(200);
    expect((await settle(() => verifyLoader(args(get("/login/verificacion", ""))))).location).toBe("/login");

    const malformed = await settle(() => verifyAction(args(post("/login/verificacion", pending, { intent: "totp", code: "12 34" }))));
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ error: "Escriba los 6 números que muestra su aplicación de autenticación." });
    const wrong = totp(key) === "000000" ? "111111" : "000000";
    const refused = await settle(() => verifyAction(args(post("/login/verificacion", pending, { intent: "totp", code: wrong }))));
    expect(refused.status).toBe(401);

    const passed = await settle(() =>
      verifyAction(args(post("/login/verificacion", pending, { intent: "totp", code: totp(key), redirectTo: "/admin/registro" }))),
    );
    expect(passed.status).toBe(302);
    expect(passed.location).toBe("/admin/registro");
    const cookie = nextCookie(pending, passed.cookies);
    expect((await settle(() => auditLoader(args(get("/admin/registro", cookie))))).status).toBe(200);
  });

  it("takes each backup code once", async () => {
    await ready;
    const [code] = enrolled!.backupCodes;
    const signIn = async () => {
      const { redirect } = await postLogin({ intent: "signin", email: OWNER, password: PASSWORD }, { ip: freshIp() });
      return nextCookie("", redirect!.headers.getSetCookie());
    };
    const pending = await signIn();
    const passed = await settle(() => verifyAction(args(post("/login/verificacion", pending, { intent: "backup", code: code!.replace("-", "") }))));
    expect(passed.status).toBe(302);
    expect(passed.location).toBe("/admin");
    const again = await signIn();
    const reused = await settle(() => verifyAction(args(post("/login/verificacion", again, { intent: "backup", code: code! }))));
    expect(reused.status).toBe(401);
    expect(reused.data).toMatchObject({ error: "Ese código de respaldo no es válido o ya se usó.", backup: true });
  });

  it("asks a session that never passed the code (e.g. Google) for it before /admin", async () => {
    const { db } = await ready;
    const { key } = enrolled!;
    // A session made without the second factor: as Google's sign-in makes one.
    const [owner] = await db.select().from(user).where(eq(user.email, OWNER));
    const cookie = enrolled!.cookie;
    await db.update(session).set({ secondFactorAt: null }).where(eq(session.userId, owner!.id));
    const blocked = await settle(() => auditLoader(args(get("/admin/registro?pagina=2", cookie))));
    expect(blocked.status).toBe(302);
    expect(blocked.location).toBe("/login/verificacion?redirectTo=%2Fadmin%2Fregistro%3Fpagina%3D2");
    const passed = await settle(() => verifyAction(args(post("/login/verificacion", cookie, { intent: "totp", code: totp(key) }))));
    expect(passed.status).toBe(302);
    expect((await settle(() => auditLoader(args(get("/admin/registro", cookie))))).status).toBe(200);
  });
});

describe("maintenance mode", () => {
  it("closes the shop's pages but not /admin and /login", async () => {
    const { db } = await ready;
    await setFlag(db, "maintenance", true);
    try {
      forgetCachedFlags();
      const shop = await settle(() => rootLoader(args(get("/tienda", ""))));
      expect(shop.status).toBe(503);
      for (const path of ["/admin/registro", "/login", "/login/verificacion"]) {
        const open = await settle(() => rootLoader(args(get(path, ""))));
        expect(open.status, path).toBe(200);
      }
      const page = await settle(() => auditLoader(args(get("/admin/registro", enrolledCookie()))));
      expect(page.status).toBe(200);
    } finally {
      await setFlag(db, "maintenance", false);
    }
  });
});
