import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { madridDay } from "~/domain/dates/madrid-dates";
import { DAY_MS } from "~/domain/site/retention";
import { action as withdrawalAction } from "~/routes/orders/admin-withdrawal";
import { loader as listLoader } from "~/routes/orders/admin-withdrawals";
import { auditLog } from "~/server/db/shared-schema.server";
import { orders, withdrawals } from "~/server/orders/orders-schema.server";
import { recordTransferRefund } from "~/server/payments/refunds.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * Withdrawals in the back office (issue 11): the list (newest first, by state) and the steps
 * received -> goods returned -> refunded, with their checks, their 409 and their audit lines.
 * The refund is one of the order's refunds (issue 12), made on the order page.
 */
const ready = setupTestDatabase();
const OWNER = "admin-avisos@termoclima.test";
let cookie = "";
const now = Date.now();
const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await ready;
  const { db } = handle;
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
/** The order page's transfer refund (issue 12), closing the withdrawal `id` of order `orderId`. */
const refundByTransfer = (orderId: number, id: number, amountCents: number) =>
  recordTransferRefund(db(), { email: OWNER }, { orderId, amountCents, refundedOn: today(), reference: "TRF-1", reason: "Desistimiento", withdrawalId: id });
let handle: Awaited<typeof ready> | undefined;
const db = () => handle!.db;

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

  it("refunded by one of the order's refunds (issue 12): over what was paid is refused, within it closes the withdrawal", async () => {
    const { db } = await ready;
    const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, ids.new!));
    await db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, withdrawal!.orderId));
    expect(await refundByTransfer(withdrawal!.orderId, ids.new!, 20_000)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("no puede superar lo pagado") });
    expect(await refundByTransfer(withdrawal!.orderId, ids.new!, 9995)).toMatchObject({ ok: true, state: "hecho" });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, ids.new!));
    expect(row).toMatchObject({ state: "reembolsado", refundCents: 9995 });
    expect(madridDay(row!.refundedAt!)).toBe(today());
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "desistimiento"), eq(auditLog.action, "reembolso")));
    expect(lines).toMatchObject([{ actor: OWNER, after: { state: "reembolsado", refundCents: 9995, refundedAt: today() } }]);
  });

  it("received -> refunded directly is allowed; the withdrawal page itself no longer takes a refund; an unknown intent or id is refused", async () => {
    const { db } = await ready;
    await db.update(withdrawals).set({ state: "recibido" }).where(eq(withdrawals.id, ids.old!));
    const typed = await post(ids.old!, { intent: "refund", date: today(), amount: "10,00" });
    expect(typed.status).toBe(400);
    expect(typed.data).toMatchObject({ errors: { form: expect.stringContaining("desde la página del pedido D-old") } });
    const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, ids.old!));
    await db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, withdrawal!.orderId));
    expect((await refundByTransfer(withdrawal!.orderId, ids.old!, 1000)).ok).toBe(true);
    expect((await db.select().from(withdrawals).where(eq(withdrawals.id, ids.old!)))[0]!.state).toBe("reembolsado");
    expect((await post(ids.mid!, { intent: "borrar" })).status).toBe(400);
    expect((await post(999_999, { intent: "returned", date: today() })).status).toBe(404);
  });
});
