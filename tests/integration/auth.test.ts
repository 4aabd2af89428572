import { describe, expect, it, vi } from "vitest";
import { getSessionUser, requireUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { authRequest, cookieFrom, signUp } from "../support/auth-utils";

const ready = setupTestDatabase();

const withCookie = (cookie: string) => new Request("http://localhost/carrito/pedido", { headers: { Cookie: cookie } });

describe("accounts", () => {
  it("registers, keeps a session in an httpOnly cookie and knows the user", async () => {
    await ready;
    const response = await authRequest("/sign-up/email", { email: "lucia@example.com", password: "unaClaveLarga8", name: "Lucía" });
    expect(response.status).toBe(200);
    const signIn = await authRequest("/sign-in/email", { email: "lucia@example.com", password: "unaClaveLarga8" });
    expect(signIn.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(signIn.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(withCookie(cookieFrom(signIn)));
    expect(user).toMatchObject({ email: "lucia@example.com", name: "Lucía" });
  });

  it("answers the raw sign-up of a known e-mail exactly like a new one, and signs nobody in", async () => {
    await ready;
    const fresh = await authRequest("/sign-up/email", { email: "nueva@example.com", password: "unaClaveLarga8", name: "N" });
    const known = await authRequest("/sign-up/email", { email: "nueva@example.com", password: "otraClave9999", name: "Intruso" });
    expect(known.status).toBe(fresh.status);
    expect(await known.text()).toBe(await fresh.text());
    expect(fresh.headers.getSetCookie()).toEqual([]);
    expect(known.headers.getSetCookie()).toEqual([]);
    // The first password still opens the account; the second one does not.
    expect((await authRequest("/sign-in/email", { email: "nueva@example.com", password: "otraClave9999" })).status).toBe(401);
    expect((await authRequest("/sign-in/email", { email: "nueva@example.com", password: "unaClaveLarga8" })).status).toBe(200);
  });

  it("signs in with the right password, refuses a wrong one and an unknown e-mail alike", async () => {
    await ready;
    await signUp("mario@example.com", "claveCorrecta1");
    const ok = await authRequest("/sign-in/email", { email: "mario@example.com", password: "claveCorrecta1" });
    expect(ok.status).toBe(200);
    const wrong = await authRequest("/sign-in/email", { email: "mario@example.com", password: "otraClave999" });
    const unknown = await authRequest("/sign-in/email", { email: "nadie@example.com", password: "otraClave999" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).code).toBe((await unknown.json()).code);
  });

  it("needs 12 characters for a password", async () => {
    await ready;
    const short = await authRequest("/sign-up/email", { email: "corta@example.com", password: "tejado-rojo", name: "X" });
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe("PASSWORD_TOO_SHORT");
  });

  it("refuses a request from another site (Origin check)", async () => {
    await ready;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: "x=1" },
      body: JSON.stringify({ email: "mario@example.com", password: "claveCorrecta1" }),
    });
    const { action } = await import("~/routes/accounts/auth-api");
    const response = (await action({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(403);
    expect(String(logged.mock.calls[0])).toContain("Invalid origin");
  });

  it("limits sign-in attempts per client address", async () => {
    await ready;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Other accounts each time: one account's failures have a delay of their own (passwords.test.ts).
      const r = await authRequest("/sign-in/email", { email: `otro-${i}@example.com`, password: "mala" + i }, "", "203.0.113.9");
      statuses.push(r.status);
    }
    expect(statuses).toContain(429);
    // Another address is not blocked by the first one's attempts.
    const other = await authRequest("/sign-in/email", { email: "mario@example.com", password: "claveCorrecta1" }, "", "198.51.100.7");
    expect(other.status).toBe(200);
  });

  it("sends anonymous visitors of a private page to login, with the way back", async () => {
    await ready;
    const thrown = await requireUser(new Request("http://localhost/carrito/pedido?x=1")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcarrito%2Fpedido%3Fx%3D1");
  });
});
