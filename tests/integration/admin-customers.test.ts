import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactFormSchema } from "~/domain/quotes/contact-form-schema";
import { action as customerAction, loader as customerLoader } from "~/routes/accounts/admin-account";
import { loader as customersLoader } from "~/routes/accounts/admin-accounts";
import { resetConfigForTests } from "~/server/config.server";
import { storeContactRequest } from "~/server/quotes/contact.server";
import { session, user } from "~/server/accounts/accounts-schema.server";
import { auditLog } from "~/server/db/shared-schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { authRequest } from "../support/auth-utils";
import { postLogin, register } from "../support/login-utils";
import { insertOrder } from "../support/my-orders-fixtures";

/*
 * Customers in the back office (issue 11): the list, a customer's page, disabling and enabling
 * an account (better-auth's ban: every session ends, sign-in answers the spec's message) and
 * the administrator role, through the routes' loaders and actions.
 */
const ready = setupTestDatabase();
const OWNER = "admin-clientes@termoclima.test";
const LISTED = "jefa@termoclima.test";
const PASSWORD = "contraseña-segura-1";
let cookie = "";

beforeAll(async () => {
  process.env.ADMIN_EMAILS = `${LISTED}`;
  resetConfigForTests();
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER);
});
afterAll(() => {
  delete process.env.ADMIN_EMAILS;
  resetConfigForTests();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type Page = Awaited<ReturnType<typeof customerLoader>>;
type List = Awaited<ReturnType<typeof customersLoader>>;
const list = async (search = "", who = cookie) => (await customersLoader(args(adminRequest(`/admin/cuentas${search}`, who)))) as List;
const page = async (id: string) => (await customerLoader(args(adminRequest(`/admin/cuentas/${id}`, cookie), { id }))) as Page;
const change = (id: string, form: Record<string, string>, who = cookie) =>
  settle(() => customerAction(args(adminRequest(`/admin/cuentas/${id}`, who, form), { id })));

async function idOf(email: string) {
  const { db } = await ready;
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

const signIn = (email: string) => postLogin({ intent: "signin", email, password: PASSWORD });
const sessionOf = async (who: string) => (await (await authRequest("/get-session", undefined, who)).json()) as { user?: { email: string } } | null;

describe("who may use it", () => {
  it("answers the ordinary 404 to visitors and customers, on every loader and action; the account stays as it was", async () => {
    const customer = await register("mirona@example.com", PASSWORD);
    const id = await idOf("mirona@example.com");
    for (const who of ["", customer]) {
      expect((await settle(() => customersLoader(args(adminRequest("/admin/cuentas", who))))).status).toBe(404);
      expect((await settle(() => customerLoader(args(adminRequest(`/admin/cuentas/${id}`, who), { id }))))).toMatchObject({ status: 404 });
      for (const intent of ["disable", "enable", "grant", "revoke"]) {
        expect((await change(id, { intent, reason: "x" }, who)).status).toBe(404);
      }
    }
    const { db } = await ready;
    const [row] = await db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ banned: false, role: "user" });
  });
});

describe("the list and a customer's page", () => {
  it("searches by e-mail or name and shows the orders count, disabled and administrator columns", async () => {
    const { db } = await ready;
    await register("compradora.lista@example.com", PASSWORD);
    await db.update(user).set({ name: "Remedios Compradora" }).where(eq(user.email, "compradora.lista@example.com"));
    await insertOrder(db, { email: "compradora.lista@example.com" }, { number: "9001-1" });
    await insertOrder(db, { email: "compradora.lista@example.com" }, { number: "9001-2" });
    expect((await list("?q=COMPRADORA.LISTA")).rows).toEqual([
      expect.objectContaining({ email: "compradora.lista@example.com", orderCount: 2, banned: false, admin: null }),
    ]);
    expect((await list("?q=remedios")).rows.map((row) => row.email)).toEqual(["compradora.lista@example.com"]);
    expect((await list(`?q=${encodeURIComponent(OWNER)}`)).rows[0]).toMatchObject({ admin: "concedido" });
    expect((await list("?q=nadie-se-llama-asi")).rows).toEqual([]);
  });

  it("lists the customer's orders and the requests sent with their e-mail, however typed", async () => {
    const { db } = await ready;
    await register("pedidos.y.solicitudes@example.com", PASSWORD);
    await insertOrder(db, { email: "pedidos.y.solicitudes@example.com" }, { number: "9002-1" });
    const values = contactFormSchema.parse({
      nameAndSurname: "Pedro Solicita",
      phone: "600 000 000",
      email: "Pedidos.Y.Solicitudes@Example.com",
      adress: "Calle 1",
      state: "Leganés",
      message: "",
    });
    const requestId = await storeContactRequest(db, values, { productId: null, sourcePage: "/contacto" });
    const shown = await page(await idOf("pedidos.y.solicitudes@example.com"));
    expect(shown.orders.map((order) => order.number)).toEqual(["9002-1"]);
    expect(shown.requests.map((request) => request.id)).toEqual([requestId]);
    expect((await settle(() => customerLoader(args(adminRequest("/admin/cuentas/no-existe", cookie), { id: "no-existe" }))))).toMatchObject({ status: 404 });
  });
});

describe("disabling and enabling an account", () => {
  it("disables: every session ends, sign-in answers the spec's message; enables: sign-in works again; each audited", async () => {
    const { db } = await ready;
    const phone = await register("bloquear@example.com", PASSWORD);
    const laptop = (await signIn("bloquear@example.com")).redirect!.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const id = await idOf("bloquear@example.com");
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(2);
    expect((await sessionOf(phone))?.user?.email).toBe("bloquear@example.com");

    const disabled = await change(id, { intent: "disable", reason: "Impagos repetidos" });
    expect(disabled).toMatchObject({ status: 200, data: { ok: true, message: "Cuenta deshabilitada; se han cerrado sus sesiones abiertas (2)." } });
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(laptop)).toBeNull();
    const refused = await signIn("bloquear@example.com");
    expect(refused.reply?.data.notice).toEqual({ tone: "error", text: "La cuenta ha sido desabilitada por el administrador." });
    expect(await page(id)).toMatchObject({ banned: true, banReason: "Impagos repetidos" });
    expect((await list("?q=bloquear@")).rows[0]).toMatchObject({ banned: true });
    expect(await change(id, { intent: "disable" })).toMatchObject({ status: 409, data: { error: "La cuenta ya está deshabilitada." } });

    expect(await change(id, { intent: "enable" })).toMatchObject({ status: 200, data: { ok: true } });
    const back = await signIn("bloquear@example.com");
    expect(back.redirect?.headers.get("Location")).toBe("/login");
    expect(await page(id)).toMatchObject({ banned: false, banReason: null });

    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "cliente"), eq(auditLog.entityId, id))).orderBy(auditLog.id);
    expect(lines.map(({ actor, action, after }) => ({ actor, action, after }))).toEqual([
      { actor: OWNER, action: "deshabilitar cuenta", after: { email: "bloquear@example.com", deshabilitada: true, motivo: "Impagos repetidos", sesionesCerradas: 2 } },
      { actor: OWNER, action: "habilitar cuenta", after: { email: "bloquear@example.com", deshabilitada: false } },
    ]);
  });

  it("refuses a reason longer than 300 characters with 400, and changes nothing", async () => {
    await register("motivo-largo@example.com", PASSWORD);
    const id = await idOf("motivo-largo@example.com");
    expect(await change(id, { intent: "disable", reason: "x".repeat(301) })).toMatchObject({ status: 400, data: { ok: false } });
    expect(await change(id, { intent: "borrar" })).toMatchObject({ status: 400 });
    expect(await page(id)).toMatchObject({ banned: false });
  });
});

describe("the administrator role", () => {
  it("granted: /admin asks them to enrol the second factor; revoked: 404 again", async () => {
    const { db } = await ready;
    const theirs = await register("nueva.admin@example.com", PASSWORD);
    const id = await idOf("nueva.admin@example.com");
    expect((await settle(() => customersLoader(args(adminRequest("/admin/cuentas", theirs)))))).toMatchObject({ status: 404 });

    // Issue 28: only an address its holder proved gets the role.
    expect(await change(id, { intent: "grant" })).toMatchObject({ status: 409, data: { ok: false } });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    expect(await change(id, { intent: "grant" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await settle(() => customersLoader(args(adminRequest("/admin/cuentas", theirs))))).toMatchObject({
      status: 302,
      location: "/admin/segundo-factor",
    });
    expect(await page(id)).toMatchObject({ admin: "concedido" });

    expect(await change(id, { intent: "revoke" })).toMatchObject({ status: 200, data: { ok: true, message: "Ya no es administrador." } });
    expect((await settle(() => customersLoader(args(adminRequest("/admin/cuentas", theirs)))))).toMatchObject({ status: 404 });
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "cliente"), eq(auditLog.entityId, id))).orderBy(auditLog.id);
    expect(lines.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "conceder administración", before: { email: "nueva.admin@example.com", rol: "user" }, after: { email: "nueva.admin@example.com", rol: "admin" } },
      { action: "retirar administración", before: { email: "nueva.admin@example.com", rol: "admin" }, after: { email: "nueva.admin@example.com", rol: "user", sesionesCerradas: 1 } },
    ]);
  });

  it("an administrator neither disables nor demotes themself; the configuration's administrators change only there", async () => {
    const { db } = await ready;
    const me = await idOf(OWNER);
    expect(await change(me, { intent: "disable" })).toMatchObject({ status: 409, data: { error: "No puede deshabilitar su propia cuenta." } });
    expect(await change(me, { intent: "revoke" })).toMatchObject({ status: 409, data: { error: "No puede quitarse a sí mismo el papel de administrador." } });

    await register(LISTED, PASSWORD);
    const listed = await idOf(LISTED);
    expect(await page(listed)).toMatchObject({ admin: "configuración", listed: true });
    expect(await change(listed, { intent: "revoke" })).toMatchObject({ status: 409, data: { error: expect.stringContaining("ADMIN_EMAILS") } });
    expect(await change(listed, { intent: "disable" })).toMatchObject({ status: 409, data: { error: expect.stringContaining("ADMIN_EMAILS") } });
    const [row] = await db.select().from(user).where(eq(user.id, me));
    expect(row).toMatchObject({ banned: false, role: "admin" });
    expect(await db.select().from(auditLog).where(and(eq(auditLog.entity, "cliente"), eq(auditLog.entityId, me)))).toEqual([]);
  });
});
