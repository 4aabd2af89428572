import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "~/domain/accounts/auth-messages";
import { MIN_PASSWORD_LENGTH } from "~/domain/accounts/password-rules";
import { getAuth } from "~/server/auth.server";
import { session, user } from "~/server/db/schema.server";
import { getSessionUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { cookieOf, loadLogin, postLogin, register as signUp } from "../support/login-utils";

const ready = setupTestDatabase();

const sessionOf = (cookie: string) => getSessionUser(new Request("http://localhost/login", { headers: { Cookie: cookie } }));

describe("/login: registration", () => {
  it("creates the account, says so in green and signs nobody in", async () => {
    const { db } = await ready;
    const { reply, redirect } = await postLogin({ intent: "register", email: "nuria@example.com", password: "tejado-verde-lluvia" });
    expect(redirect).toBeNull();
    expect(reply?.data.notice).toEqual({ tone: "ok", text: "Usuario creado correctamente. Puede iniciar sesión." });
    expect(reply?.data.mode).toBe("init");
    expect(reply?.data.email).toBe("nuria@example.com");
    const [created] = await db.select().from(user).where(eq(user.email, "nuria@example.com"));
    expect(created).toBeDefined();
    expect(await db.select().from(session).where(eq(session.userId, created!.id))).toHaveLength(0);
  });

  it("answers an e-mail that already has an account exactly like a new one", async () => {
    await ready;
    await signUp("ya-existe@example.com", "otra-clave-del-tejado");
    const { reply } = await postLogin({ intent: "register", email: "ya-existe@example.com", password: "tejado-verde-lluvia" });
    expect(reply?.data.notice).toEqual({ tone: "ok", text: MESSAGES.created });
    // ... and the existing password is untouched.
    const signIn = await postLogin({ intent: "signin", email: "ya-existe@example.com", password: "otra-clave-del-tejado" });
    expect(signIn.redirect?.status).toBe(302);
  });

  it("asks for 12 characters, in the spec's words", async () => {
    await ready;
    expect((await getAuth()).options.emailAndPassword.minPasswordLength).toBe(MIN_PASSWORD_LENGTH);
    const { reply } = await postLogin({ intent: "register", email: "corta@example.com", password: "tejado-rojo" });
    expect(reply?.data.notice).toEqual({ tone: "error", text: "la contraseña debe contener 12 caracteres o mas." });
    expect(reply?.init?.status).toBe(400);
  });

  it("refuses an invalid e-mail with «Email no valido.»", async () => {
    await ready;
    const { reply } = await postLogin({ intent: "register", email: "no-es-un-email", password: "tejado-verde-lluvia" });
    expect(reply?.data.notice).toEqual({ tone: "error", text: "Email no valido." });
  });
});

describe("/login: sign-in", () => {
  it("signs in, sets an httpOnly session cookie and goes to /login, or to a safe redirectTo", async () => {
    await ready;
    await signUp("pablo@example.com", "pablo-cuida-la-caldera");
    const plain = await postLogin({ intent: "signin", email: "pablo@example.com", password: "pablo-cuida-la-caldera" });
    expect(plain.redirect?.headers.get("Location")).toBe("/login");
    expect(plain.redirect?.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    expect(await sessionOf(cookieOf(plain.redirect!))).toMatchObject({ email: "pablo@example.com" });

    const back = await postLogin({ intent: "signin", email: "pablo@example.com", password: "pablo-cuida-la-caldera", redirectTo: "/carrito/pedido" });
    expect(back.redirect?.headers.get("Location")).toBe("/carrito/pedido");
    const fromUrl = await postLogin(
      { intent: "signin", email: "pablo@example.com", password: "pablo-cuida-la-caldera" },
      { search: "?redirectTo=%2Flogin%2Fpedidos%2F12-3" },
    );
    expect(fromUrl.redirect?.headers.get("Location")).toBe("/login/pedidos/12-3");
    const evil = await postLogin({ intent: "signin", email: "pablo@example.com", password: "pablo-cuida-la-caldera", redirectTo: "//evil.example/x" });
    expect(evil.redirect?.headers.get("Location")).toBe("/login");
  });

  it("gives a wrong password and an unknown e-mail one and the same message", async () => {
    await ready;
    await signUp("rosa@example.com", "rosa-riega-geranios-7");
    const wrong = await postLogin({ intent: "signin", email: "rosa@example.com", password: "otraCosa123" });
    const unknown = await postLogin({ intent: "signin", email: "nadie-aqui@example.com", password: "otraCosa123" });
    expect(wrong.reply?.data.notice).toEqual({ tone: "error", text: "Email o contraseña incorrectos." });
    expect(unknown.reply?.data.notice).toEqual(wrong.reply?.data.notice);
    expect(wrong.reply?.init?.status).toBe(401);
    expect(unknown.reply?.init?.status).toBe(401);
    expect(wrong.reply?.data.email).toBe("rosa@example.com");
  });

  it("says «Email no valido.» for something that is not an e-mail", async () => {
    await ready;
    const { reply } = await postLogin({ intent: "signin", email: "rosa@", password: "rosa-riega-geranios-7" });
    expect(reply?.data.notice.text).toBe("Email no valido.");
  });

  it("tells a disabled (banned) account so, and lets it in no more", async () => {
    const { db } = await ready;
    await signUp("bloqueada@example.com", "cuenta-bloqueada-sin-uso");
    await db.update(user).set({ banned: true, banReason: "pruebas" }).where(eq(user.email, "bloqueada@example.com"));
    const { reply } = await postLogin({ intent: "signin", email: "bloqueada@example.com", password: "cuenta-bloqueada-sin-uso" });
    expect(reply?.data.notice).toEqual({ tone: "error", text: "La cuenta ha sido desabilitada por el administrador." });
    expect(reply?.init?.status).toBe(403);
  });

  it("after too many attempts from one address asks to wait, in Spanish", async () => {
    await ready;
    const texts: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Other accounts each time: this is the limit per address, not the delay per account (passwords.test.ts).
      const { reply } = await postLogin({ intent: "signin", email: `nadie${i}@example.com`, password: `mala${i}xxxx` }, { ip: "203.0.113.77" });
      texts.push(reply!.data.notice.text);
    }
    expect(texts).toContain("Demasiados intentos. Espere un minuto e inténtelo de nuevo.");
    // Someone else, from another address, is not held back.
    const other = await postLogin({ intent: "signin", email: "rosa@example.com", password: "rosa-riega-geranios-7" }, { ip: "198.51.100.23" });
    expect(other.redirect?.status).toBe(302);
  });

  it("refuses a post from another site with a Spanish message, never a code", async () => {
    await ready;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { reply } = await postLogin(
      { intent: "signin", email: "rosa@example.com", password: "rosa-riega-geranios-7" },
      { origin: "https://evil.example", cookie: "cookie-consent=rechazar" },
    );
    expect(reply?.init?.status).toBe(403);
    expect(reply?.data.notice.text).toBe(MESSAGES.badOrigin);
    expect(logged).toHaveBeenCalled();
  });

  it("signs out with a POST: the session ends", async () => {
    await ready;
    await signUp("salir@example.com", "salir-por-la-puerta-azul");
    const signedIn = await postLogin({ intent: "signin", email: "salir@example.com", password: "salir-por-la-puerta-azul" });
    const cookie = cookieOf(signedIn.redirect!);
    expect(await sessionOf(cookie)).not.toBeNull();
    const out = await postLogin({ intent: "signout" }, { cookie });
    expect(out.redirect?.headers.get("Location")).toBe("/login");
    expect(out.redirect?.headers.getSetCookie().join()).toMatch(/Max-Age=0/i);
    expect(await sessionOf(cookie)).toBeNull();
  });
});

describe("/login loader", () => {
  it("reads the mode from the URL and shows no Google button when Google is not configured", async () => {
    await ready;
    const init = await loadLogin();
    expect(init.data).toMatchObject({ signedIn: false, mode: "init", googleEnabled: false, notice: null });
    expect((await loadLogin("?modo=registro")).data).toMatchObject({ mode: "register" });
    expect((await loadLogin("?modo=recuperar")).data).toMatchObject({ mode: "forget" });
    expect((await loadLogin("?modo=otra")).data).toMatchObject({ mode: "init" });
  });

  it("turns a failed Google return (?error=) into Spanish", async () => {
    await ready;
    expect((await loadLogin("?error=access_denied")).data).toMatchObject({ notice: { tone: "error", text: MESSAGES.googleCancelled } });
    expect((await loadLogin("?error=state_not_found")).data).toMatchObject({ notice: { text: MESSAGES.googleFailed } });
    expect((await loadLogin("?error=BANNED_USER")).data).toMatchObject({ notice: { text: MESSAGES.disabled } });
  });

  it("a Google button press without Google configured gets a Spanish message", async () => {
    await ready;
    const { reply } = await postLogin({ intent: "google" });
    expect(reply?.data.notice.text).toBe(MESSAGES.googleUnavailable);
  });

  it("sends a signed-in visitor on to redirectTo, and shows the account otherwise", async () => {
    await ready;
    const cookie = await signUp("dentro@example.com", "dentro-de-la-casa-roja");
    const account = await loadLogin("", cookie);
    expect(account.data).toMatchObject({ signedIn: true, email: "dentro@example.com", orders: [] });
    const onward = await loadLogin("?redirectTo=%2Fcarrito%2Fpedido", cookie);
    expect(onward.redirect?.headers.get("Location")).toBe("/carrito/pedido");
    const foreign = await loadLogin("?redirectTo=https%3A%2F%2Fevil.example", cookie);
    expect(foreign.data).toMatchObject({ signedIn: true });
  });

  it("a malformed post is answered with 400 and a Spanish message", async () => {
    await ready;
    const { reply } = await postLogin({ intent: "hack" });
    expect(reply?.init?.status).toBe(400);
    expect(reply?.data.notice.text).toBe(MESSAGES.unexpected);
  });
});
