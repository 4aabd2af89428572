import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as authLoader } from "~/routes/accounts/auth-api";
import { publicShopInfo } from "~/server/config.server";
import { account, outbox, user } from "~/server/db/schema.server";
import { getSessionUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { loadLogin, postLogin, register } from "../support/login-utils";
import { withGoogleStandin } from "../support/google-standin";

/*
 * Google sign-in through better-auth's generic OAuth against a real local OpenID provider:
 * the /login button, the provider's login and consent pages, the callback, the session.
 */

const google = withGoogleStandin();

const ready = setupTestDatabase();

/** A browser's cookie jar for the provider's host. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Plays the user at the provider: signs in as `login`, consents, and returns the app's callback URL. */
async function throughProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Jar();
  let next: { url: string; method: string; body?: URLSearchParams } = { url: authorizationUrl, method: "GET" };
  for (let hop = 0; hop < 15; hop++) {
    const response = await fetch(next.url, {
      method: next.method,
      body: next.body,
      redirect: "manual",
      headers: { Cookie: jar.header(), ...(next.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    });
    jar.take(response);
    const location = response.headers.get("location");
    if (location) {
      const target = new URL(location, next.url).toString();
      if (!target.startsWith(google().issuer)) return target;
      next = { url: target, method: "GET" };
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
    if (!action || !prompt) throw new Error(`página inesperada del proveedor (${response.status}):\n${html.slice(0, 500)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === "login") {
      body.set("login", login);
      body.set("password", "cualquiera");
    }
    next = { url: new URL(action, next.url).toString(), method: "POST", body };
  }
  throw new Error("demasiadas redirecciones en el proveedor");
}

/** The whole flow from the /login button to the signed-in session cookie. */
async function signInWithGoogle(login: string, redirectTo = "") {
  const start = await postLogin({ intent: "google", redirectTo });
  expect(start.redirect, JSON.stringify(start.reply?.data)).not.toBeNull();
  const authorization = start.redirect!.headers.get("Location")!;
  const appCookie = start.redirect!.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const callback = await throughProvider(authorization, login);
  const response = (await authLoader({
    request: new Request(callback, { headers: { Cookie: appCookie } }),
    params: {},
    context: {},
  } as never)) as Response;
  const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  return { authorization, callback, location: response.headers.get("Location"), cookie };
}

describe("Google sign-in (generic OAuth, local OpenID provider)", () => {
  it("shows the Google button when Google is configured", async () => {
    await ready;
    expect((await loadLogin()).data).toMatchObject({ googleEnabled: true });
  });

  it("runs the code flow with PKCE and state, and signs the user in", async () => {
    await ready;
    const flow = await signInWithGoogle("nueva.google@example.com", "/carrito/pedido");
    const authorization = new URL(flow.authorization);
    expect(authorization.origin).toBe(google().issuer);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${publicShopInfo().baseUrl}/api/auth/callback/google`);
    expect(flow.callback).toContain("/api/auth/callback/google?");
    expect(flow.location).toBe("/carrito/pedido");
    const signedIn = await getSessionUser(new Request("http://localhost/login", { headers: { Cookie: flow.cookie } }));
    expect(signedIn?.email).toBe("nueva.google@example.com");
  });

  it("a Google user with the e-mail of an existing account gets that account, not a second one", async () => {
    const { db } = await ready;
    await register("misma@example.com", "claveDeMisma1");
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, "misma@example.com"));
    const flow = await signInWithGoogle("misma@example.com");
    expect(flow.location).toBe("/login");
    const signedIn = await getSessionUser(new Request("http://localhost/login", { headers: { Cookie: flow.cookie } }));
    expect(signedIn?.email).toBe("misma@example.com");
    const users = await db.select().from(user).where(eq(user.email, "misma@example.com"));
    expect(users).toHaveLength(1);
    const providers = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, users[0]!.id));
    expect(providers.map((p) => p.providerId).sort()).toEqual(["credential", "google"]);
    // The password (of an address already proved) still works too.
    const byPassword = await postLogin({ intent: "signin", email: "misma@example.com", password: "claveDeMisma1" });
    expect(byPassword.redirect?.status).toBe(302);
    // Signing in with Google again uses the same account.
    await signInWithGoogle("misma@example.com");
    expect(await db.select().from(user).where(eq(user.email, "misma@example.com"))).toHaveLength(1);
  });

  it("joining an account whose e-mail nobody proved drops its password and sessions (pre-account takeover)", async () => {
    const { db } = await ready;
    const squatter = await register("victima@example.com", "claveDelIntruso1");
    const flow = await signInWithGoogle("victima@example.com");
    expect(flow.location).toBe("/login");
    const viaGoogle = await getSessionUser(new Request("http://localhost/login", { headers: { Cookie: flow.cookie } }));
    expect(viaGoogle?.email).toBe("victima@example.com");

    const users = await db.select().from(user).where(eq(user.email, "victima@example.com"));
    expect(users).toHaveLength(1);
    expect(users[0]!.emailVerified).toBe(true);
    const providers = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, users[0]!.id));
    expect(providers.map((p) => p.providerId)).toEqual(["google"]);
    expect(await getSessionUser(new Request("http://localhost/login", { headers: { Cookie: squatter } }))).toBeNull();
    const byPassword = await postLogin({ intent: "signin", email: "victima@example.com", password: "claveDelIntruso1" });
    expect(byPassword.reply?.data.notice.text).toBe("Email o contraseña incorrectos.");
    const notices = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'victima@example.com'`);
    expect(notices.map((n) => (n.payload as { subject: string }).subject)).toEqual([expect.stringContaining("ahora usa Google")]);
  });

  it("a disabled account cannot get in through Google either", async () => {
    const { db } = await ready;
    await register("vetada@example.com", "claveVetada12");
    await db.update(user).set({ banned: true }).where(eq(user.email, "vetada@example.com"));
    const flow = await signInWithGoogle("vetada@example.com");
    const back = new URL(flow.location!, publicShopInfo().baseUrl);
    expect(back.pathname).toBe("/login");
    const page = await loadLogin(back.search);
    expect(page.data).toMatchObject({ signedIn: false, notice: { text: "La cuenta ha sido desabilitada por el administrador." } });
  });
});
