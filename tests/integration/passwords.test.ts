import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/accounts/auth-messages";
import { checkAccountThrottle, delayAfter, recordSignInResult } from "~/server/accounts/sign-in-throttle.server";
import { callAuth } from "~/server/accounts/auth-forms.server";
import { getAuth } from "~/server/auth.server";
import { publicShopInfo } from "~/server/config.server";
import { account, signInFailures, user } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { authRequest } from "../support/auth-utils";
import { freshIp, postLogin, register } from "../support/login-utils";

/* Issue 28, finding 5: 12 characters, no common passwords, failed sign-ins delayed per account. */

const ready = setupTestDatabase();
const GOOD = "contraseña-segura-1";

async function failuresOf(email: string) {
  const { db } = await ready;
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email));
  return row;
}

/** Moves the last failure of this e-mail into the past, as if the wait had gone by. */
async function waitOver(email: string, seconds: number) {
  const { db } = await ready;
  const row = await failuresOf(email);
  await db
    .update(signInFailures)
    .set({ lastFailedAt: new Date(row!.lastFailedAt.getTime() - seconds * 1000) })
    .where(eq(signInFailures.email, email));
}

describe("new passwords", () => {
  it("refuses common ones and ones made of the shop's or the person's name, on /login and on /api/auth", async () => {
    const { db } = await ready;
    for (const [email, password] of [
      ["comun@example.com", "password1234"],
      ["teclado@example.com", "qwertyuiop123"],
      ["tienda@example.com", "termoclima2026"],
      ["lucia.moreno@example.com", "luciamoreno2026"],
    ] as const) {
      const { reply } = await postLogin({ intent: "register", email, password });
      expect(reply?.init?.status, password).toBe(400);
      expect(reply?.data.notice, password).toEqual({ tone: "error", text: MESSAGES.commonPassword });
      expect(await db.select().from(user).where(eq(user.email, email)), password).toHaveLength(0);
    }
    const api = await authRequest("/sign-up/email", { email: "api@example.com", password: "123456789012", name: "" }, "", freshIp());
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ message: MESSAGES.commonPassword });

    const passphrase = await postLogin({ intent: "register", email: "frase@example.com", password: "la clave del fontanero" });
    expect(passphrase.reply?.data.notice).toEqual({ tone: "ok", text: MESSAGES.created });
  });

  it("refuses a short one with the spec's words, and a common one when changed", async () => {
    await ready;
    const short = await postLogin({ intent: "register", email: "corta@example.com", password: "tejado-rojo" });
    expect(short.reply?.data.notice.text).toBe("la contraseña debe contener 12 caracteres o mas.");

    const cookie = await register("cambia@example.com", GOOD);
    const base = publicShopInfo().baseUrl;
    const request = new Request(`${base}/login`, { headers: { Origin: base, "x-forwarded-for": freshIp() } });
    const common = await callAuth(request, "/change-password", { currentPassword: GOOD, newPassword: "contraseña123" }, { cookie });
    expect(common.status).toBe(400);
    expect(common.code).toBe("PASSWORD_COMMON");
    const fine = await callAuth(request, "/change-password", { currentPassword: GOOD, newPassword: "otra-frase-bastante-larga" }, { cookie });
    expect(fine.ok).toBe(true);
  });

  it("still lets an account with an older, shorter password sign in", async () => {
    const { db } = await ready;
    await register("antigua@example.com", GOOD);
    const [row] = await db.select().from(user).where(eq(user.email, "antigua@example.com"));
    const hash = await (await getAuth()).$context.then((context) => context.password.hash("corta123"));
    await db.update(account).set({ password: hash }).where(eq(account.userId, row!.id));
    const signIn = await postLogin({ intent: "signin", email: "antigua@example.com", password: "corta123" });
    expect(signIn.redirect?.status).toBe(302);
  });
});

describe("failed sign-ins per account", () => {
  it("waits from the 5th failure on, doubling, 15 minutes at most", () => {
    expect([1, 4, 5, 6, 7, 14, 15, 40].map(delayAfter)).toEqual([0, 0, 1, 2, 4, 512, 900, 900]);
  });

  it("gives the turn to one try when the wait is over, the others wait again", async () => {
    const { db } = await ready;
    const t = new Date("2026-11-27T10:00:00Z");
    for (let i = 0; i < 5; i++) await recordSignInResult(db, "turno@example.com", false, t);
    expect(await checkAccountThrottle(db, "Turno@Example.com ", new Date(t.getTime() + 500))).toEqual({ ok: false, retryAfterSeconds: 1 });
    const later = new Date(t.getTime() + 1000);
    expect(await checkAccountThrottle(db, "turno@example.com", later)).toEqual({ ok: true });
    expect(await checkAccountThrottle(db, "turno@example.com", later)).toEqual({ ok: false, retryAfterSeconds: 1 });
    await recordSignInResult(db, "turno@example.com", true, later);
    expect(await failuresOf("turno@example.com")).toBeUndefined();
  });

  it("answers «too many» during the wait without checking the password; after it, the right one signs in and the count goes", async () => {
    await ready;
    const email = "espera@example.com";
    await register(email, GOOD);
    // From a new address each time: the limit per address does not apply, the one per account does.
    for (let i = 0; i < 5; i++) {
      const wrong = await postLogin({ intent: "signin", email, password: `no-es-la-buena-${i}` }, { ip: freshIp() });
      expect(wrong.reply?.init?.status).toBe(401);
    }
    expect((await failuresOf(email))?.failures).toBe(5);
    // A longer wait than the 5th failure's second, so that the test does not race the clock.
    const { db } = await ready;
    await db.update(signInFailures).set({ failures: 10, lastFailedAt: new Date() }).where(eq(signInFailures.email, email));

    const right = await postLogin({ intent: "signin", email, password: GOOD }, { ip: freshIp() });
    expect(right.reply?.init?.status).toBe(429);
    expect(right.reply?.data.notice).toEqual({ tone: "error", text: MESSAGES.tooMany });
    // Nothing was checked, so nothing was counted either.
    expect((await failuresOf(email))?.failures).toBe(10);

    await waitOver(email, delayAfter(10));
    const after = await postLogin({ intent: "signin", email, password: GOOD }, { ip: freshIp() });
    expect(after.redirect?.status).toBe(302);
    expect(await failuresOf(email)).toBeUndefined();
  });

  it("counts unknown e-mails the same way, and holds better-auth's own endpoint too", async () => {
    await ready;
    const email = "nadie-con-esta@example.com";
    for (let i = 0; i < 5; i++) {
      const response = await authRequest("/sign-in/email", { email, password: `intento-numero-${i}` }, "", freshIp());
      expect(response.status).toBe(401);
    }
    const { db } = await ready;
    await db.update(signInFailures).set({ lastFailedAt: new Date() }).where(eq(signInFailures.email, email));
    await db.update(signInFailures).set({ failures: 10 }).where(eq(signInFailures.email, email));
    const held = await authRequest("/sign-in/email", { email, password: "otro-intento-mas" }, "", freshIp());
    expect(held.status).toBe(429);
    expect(await held.json()).toMatchObject({ message: MESSAGES.tooMany });
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(30);
    const form = await postLogin({ intent: "signin", email, password: "otro-intento-mas" }, { ip: freshIp() });
    expect(form.reply?.init?.status).toBe(429);
  });
});
