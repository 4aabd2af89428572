import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { madridDay } from "~/domain/orders/madrid-dates";
import { DAY_MS } from "~/domain/retention";
import { action as withdrawalAction, loader as withdrawalLoader } from "~/routes/admin/withdrawal";
import { loader as listLoader } from "~/routes/admin/withdrawals";
import { auditLog, withdrawals } from "~/server/db/schema.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * Withdrawals in the back office (issue 11): the list (newest first, by state) and the steps
 * received -> goods returned -> refunded, with their checks, their 409 and their audit lines.
 */
const ready = setupTestDatabase();
const OWNER = "admin-avisos@termoclima.test";
let cookie = "";
const now = Date.now();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, OWNER);
  const product = await insertProduct(db, { stock: 3 });
  for (const [key, daysAgo, state] of [
    ["old", 9, "reembolsado"],
    ["mid", 5, "devuelto"],
    ["new", 2, "recibido"],
  ] as const) {
    const order = await insertTestOrder(db, { number: `D-${key}`, email: `${key}@example.com`, createdAt: new Date(now - 12 * DAY_MS), productIds: [product.id], status: "Enviado" });
    const [row] = await db
      .insert(withdrawals)
      .values({ orderId: order.id, userEmail: order.userEmail, reason: `Motivo ${key}`, state, createdAt: new Date(now - daysAgo * DAY_MS) })
      .returning();
    ids[key] = row!.id;
  }
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
type List = Awaited<ReturnType<typeof listLoader>>;
const list = async (search = "") => (await listLoader(args(adminRequest(`/admin/desistimientos${search}`, cookie)))) as List;
const post = (id: number, form: Record<string, string>) =>
  settle(() => withdrawalAction(args(adminRequest(`/admin/desistimientos/${id}`, cookie, form), { id: String(id) })));
const today = () => madridDay(new Date());

describe("the withdrawals list", () => {
  it("newest first, with order, customer, date, reason and state", async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.orderNumber)).toEqual(["D-new", "D-mid", "D-old"]);
    expect(all.rows[0]).toMatchObject({ customerName: "Lucía García Pérez", userEmail: "new@example.com", reason: "Motivo new", state: "recibido" });
  });

  it("filtered by state; an unknown state shows them all", async () => {
    expect((await list("?estado=devuelto")).rows.map((row) => row.orderNumber)).toEqual(["D-mid"]);
    expect((await list("?estado=cualquiera")).total).toBe(3);
  });

  it("is only for administrators", async () => {
    const outcome = await settle(() => listLoader(args(new Request("http://localhost/admin/desistimientos"))));
    expect(outcome.status).toBe(404);
  });
});

describe("handling a withdrawal", () => {
  it("received -> goods returned, with the date, audited", async () => {
    const { db } = await ready;
    const done = await post(ids.new!, { intent: "returned", date: today() });
    expect(done).toMatchObject({ status: 200, data: { ok: true, message: "Mercancía devuelta registrada." } });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, ids.new!));
    expect(row!.state).toBe("devuelto");
    expect(madridDay(row!.goodsReturnedAt!)).toBe(today());
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "desistimiento"), eq(auditLog.entityId, String(ids.new))));
    expect(line).toMatchObject({ actor: OWNER, action: "mercancía devuelta", before: { state: "recibido", goodsReturnedAt: null }, after: { state: "devuelto", goodsReturnedAt: today(), pedido: "D-new" } });
  });

  it("a second 'returned' is refused with 409: the state moved on", async () => {
    const again = await post(ids.new!, { intent: "returned", date: today() });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, errors: { form: expect.stringContaining("«Mercancía devuelta»") } });
  });

  it("refund: more than the order's amount, a date in the future or before the request are 400s", async () => {
    const page = (await withdrawalLoader(args(adminRequest(`/admin/desistimientos/${ids.new}`, cookie), { id: String(ids.new) }))) as Awaited<ReturnType<typeof withdrawalLoader>>;
    const amount = page.order.amountCents;
    const tooMuch = await post(ids.new!, { intent: "refund", date: today(), amount: `${amount / 100 + 1}` });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data).toMatchObject({ errors: { amount: expect.stringContaining("no puede superar el del pedido") } });
    const future = await post(ids.new!, { intent: "refund", date: madridDay(new Date(Date.now() + 2 * DAY_MS)), amount: "10" });
    expect(future.data).toMatchObject({ errors: { date: "La fecha del reembolso no puede ser posterior a hoy." }, values: { amount: "10" } });
    const early = await post(ids.new!, { intent: "refund", date: madridDay(new Date(now - 4 * DAY_MS)), amount: "10" });
    expect(early.status).toBe(400);
  });

  it("refund recorded in cents with its date; then nothing more to do", async () => {
    const { db } = await ready;
    const done = await post(ids.new!, { intent: "refund", date: today(), amount: "99,95" });
    expect(done).toMatchObject({ status: 200, data: { ok: true, message: "Reembolso registrado." } });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, ids.new!));
    expect(row).toMatchObject({ state: "reembolsado", refundCents: 9995 });
    expect(madridDay(row!.refundedAt!)).toBe(today());
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "desistimiento"), eq(auditLog.action, "reembolso")));
    expect(lines).toMatchObject([{ actor: OWNER, after: { state: "reembolsado", refundCents: 9995, refundedAt: today() } }]);
    expect((await post(ids.new!, { intent: "refund", date: today(), amount: "1" })).status).toBe(409);
  });

  it("received -> refunded directly is allowed; an unknown intent or id is refused", async () => {
    const { db } = await ready;
    await db.update(withdrawals).set({ state: "recibido" }).where(eq(withdrawals.id, ids.old!));
    expect((await post(ids.old!, { intent: "refund", date: today(), amount: "10,00" })).status).toBe(200);
    expect((await post(ids.mid!, { intent: "borrar" })).status).toBe(400);
    expect((await post(999_999, { intent: "returned", date: today() })).status).toBe(404);
  });
});
