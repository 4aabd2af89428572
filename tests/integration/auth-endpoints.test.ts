import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { AUTH_ENDPOINTS, authSessionState, type AuthEndpoint, type AuthSessionState } from "~/server/accounts/auth-endpoints.server";
import { getAuth } from "~/server/auth.server";
import { callAuth } from "~/server/accounts/auth-forms.server";
import { publicShopInfo } from "~/server/config.server";
import { session, twoFactor, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie } from "../support/admin-utils";
import { authRequest } from "../support/auth-utils";
import { freshIp, register } from "../support/login-utils";
import { withGoogleStandin } from "../support/google-standin";
import { enrolledStaff } from "../support/staff-enrolment";

/*
 * The allow-list of /api/auth (issue 28, finding 1): every endpoint the installed better-auth
 * registers is placed in AUTH_ENDPOINTS, and the public route answers each in each session
 * state as the table says. Google is configured (a local OpenID provider) so that an endpoint
 * registered only with it would be listed too.
 */

withGoogleStandin();
const ready = setupTestDatabase();

type Registered = { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } };

/** Every (method, path) better-auth's router serves: what it registers minus its server-only calls. */
async function registeredEndpoints(): Promise<string[]> {
  const api = (await getAuth()).api as unknown as Record<string, Registered>;
  return Object.values(api).flatMap((endpoint) => {
    if (!endpoint?.path || endpoint.options?.metadata?.SERVER_ONLY) return [];
    const methods = [endpoint.options?.method ?? []].flat();
    return methods.map((method) => `${method} ${endpoint.path}`);
  });
}

const placed = (endpoint: AuthEndpoint) => `${endpoint.method} ${endpoint.path}`;

/** Our gate's answer: the same 404 as a path that does not exist. */
async function isGateNotFound(response: Response): Promise<boolean> {
  if (response.status !== 404) return false;
  const body = await response.text();
  try {
    return JSON.stringify(JSON.parse(body)) === JSON.stringify({ code: "NOT_FOUND", message: "No existe." });
  } catch {
    return false;
  }
}

/** One request to the endpoint through the public route, as a browser of this site sends it. */
function send(endpoint: AuthEndpoint, cookie: string): Promise<Response> {
  const path = endpoint.path.replace(":id", "google").replace(":token", "token-falso");
  return authRequest(path, endpoint.method === "POST" ? {} : undefined, cookie, freshIp());
}

describe("the table of /api/auth endpoints", () => {
  it("places every endpoint the installed better-auth registers, and nothing else", async () => {
    await ready;
    const registered = await registeredEndpoints();
    // Enough to be sure the listing worked (better-auth 1.7.25 with our plugins: 56).
    expect(registered.length).toBeGreaterThan(40);
    const table = new Set(AUTH_ENDPOINTS.map(placed));
    const missing = registered.filter((endpoint) => !table.has(endpoint));
    expect(missing, `endpoints de better-auth sin colocar en AUTH_ENDPOINTS (auth-endpoints.server.ts): ${missing.join(", ")}`).toEqual([]);
    const stale = [...table].filter((endpoint) => !registered.includes(endpoint));
    expect(stale, "entradas de AUTH_ENDPOINTS que better-auth ya no registra").toEqual([]);
    expect(AUTH_ENDPOINTS.length, "una entrada repetida").toBe(table.size);
  });

  it("keeps the factor, the roles and the account's own ways in closed in every state", async () => {
    const mustStayClosed = /^\/(two-factor|admin)\/|^\/(change-email|change-password|update-user|update-session|delete-user|unlink-account|link-social|verify-password|revoke-)/;
    const opened = AUTH_ENDPOINTS.filter((endpoint) => mustStayClosed.test(endpoint.path) && endpoint.open.length > 0);
    expect(opened.map(placed)).toEqual([]);
  });

  it("answers each endpoint in each session state exactly as the table says", async () => {
    const { db } = await ready;
    const customer = await register("cliente-tabla@example.com");
    // Staff who have not passed the factor in this session: one enrolled, one still to enrol.
    const verifying = await register("admin-sin-codigo@termoclima.test");
    await db.update(user).set({ role: "admin", twoFactorEnabled: true }).where(eq(user.email, "admin-sin-codigo@termoclima.test"));
    const enrolling = await register("tecnico-sin-app@termoclima.test");
    await db.update(user).set({ role: "tecnico" }).where(eq(user.email, "tecnico-sin-app@termoclima.test"));
    const staff = await adminCookie(db, "admin-completa@termoclima.test");
    const sessions: Array<[string, string, AuthSessionState]> = [
      ["sin sesión", "", "anonimo"],
      ["cookie de una sesión que no existe", "better-auth.session_token=no-existe.firma", "anonimo"],
      ["administrador sin el código", verifying, "pendiente"],
      ["técnico sin inscribir", enrolling, "pendiente"],
      ["cliente", customer, "completa"],
      ["administrador con el código", staff, "completa"],
    ];
    const base = publicShopInfo().baseUrl;
    for (const [who, cookie, state] of sessions) {
      const probe = new Request(`${base}/api/auth/get-session`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(await authSessionState(probe), who).toBe(state);
    }
    // better-auth logs its refusals of the bogus OAuth returns and links sent here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Signing out last: it ends the session the other requests use.
    const ordered = [...AUTH_ENDPOINTS].sort((a, b) => Number(a.path === "/sign-out") - Number(b.path === "/sign-out"));
    const wrong: string[] = [];
    for (const endpoint of ordered) {
      for (const [who, cookie, state] of sessions) {
        const closed = await isGateNotFound(await send(endpoint, cookie));
        if (closed === endpoint.open.includes(state)) wrong.push(`${placed(endpoint)} (${who}): ${closed ? "cerrado" : "abierto"}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers unknown paths and other spellings with the same 404", async () => {
    await ready;
    for (const path of ["/no-existe", "/Two-Factor/disable", "/sign-in/email/", "/admin", "/reference"]) {
      expect(await isGateNotFound(await authRequest(path, {}, "", freshIp())), path).toBe(true);
      expect(await isGateNotFound(await authRequest(path, undefined, "", freshIp())), path).toBe(true);
    }
  });
});

describe("finding 1: a session without the second factor cannot manage it", () => {
  it("refuses to read the secret, issue backup codes or disable the factor; the factor stays", async () => {
    const { db } = await ready;
    const password = "contraseña-segura-1";
    const owner = await enrolledStaff(db, "duena-atacada@termoclima.test", "admin", password);
    const [before] = await db.select().from(twoFactor).where(eq(twoFactor.userId, owner.id));
    // A session that has not passed the factor (as a Google sign-in leaves it).
    await db.update(session).set({ secondFactorAt: null }).where(eq(session.userId, owner.id));
    const base = publicShopInfo().baseUrl;
    const pending = new Request(`${base}/api/auth/get-session`, { headers: { Cookie: owner.cookie, Origin: base, "x-forwarded-for": freshIp() } });
    expect(await authSessionState(pending)).toBe("pendiente");
    // Without the table, better-auth itself would hand the secret to this session.
    const inside = await callAuth(pending, "/two-factor/get-totp-uri", { password });
    expect(inside.body?.totpURI, `${inside.status} ${inside.code}`).toEqual(expect.stringContaining("otpauth://"));

    for (const path of ["/two-factor/get-totp-uri", "/two-factor/generate-backup-codes", "/two-factor/disable", "/two-factor/enable"]) {
      const answer = await authRequest(path, { password }, owner.cookie, freshIp());
      expect(await isGateNotFound(answer), path).toBe(true);
    }
    const [account] = await db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, owner.id));
    expect(account?.twoFactorEnabled).toBe(true);
    const [after] = await db.select().from(twoFactor).where(eq(twoFactor.userId, owner.id));
    expect(after?.secret).toBe(before?.secret);
    expect(after?.backupCodes).toBe(before?.backupCodes);
  });
});
