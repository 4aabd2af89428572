import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "~/domain/site/retention";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { orderEvents, orders } from "~/server/orders/orders-schema.server";
import { runTransferDeadlines, transferDeadlinesTask } from "~/server/orders/transfer-deadlines.server";
import { cancelOrder } from "~/server/orders/cancel-order.server";
import { setupTestDatabase } from "../db-utils";
import { insertProduct, insertTestOrder, stockOf } from "../support/transfer-orders";

/**
 * Unpaid transfers (issue 11): a reminder after TRANSFER_REMINDER_DAYS (3), once; after
 * TRANSFER_EXPIRY_DAYS (7) the order is cancelled once, its units back in stock, the customer
 * told why; paid orders and other payment methods are left alone. The job's clock is `now`.
 */
const ready = setupTestDatabase();
const start = new Date("2026-03-02T09:00:00Z");
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
const DAYS = { reminderDays: 3, expiryDays: 7 };

async function mailsOf(orderId: number) {
  const { db } = await ready;
  const rows = await db.select().from(outbox).where(eq(outbox.ref, `order:${orderId}`)).orderBy(outbox.id);
  return rows.map((row) => row.payload as { to: string; subject: string; text: string });
}

async function orderRow(id: number) {
  const { db } = await ready;
  return (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

describe("unpaid transfers", () => {
  let product: Awaited<ReturnType<typeof insertProduct>>;
  let unpaid: Awaited<ReturnType<typeof insertTestOrder>>;
  let paid: Awaited<ReturnType<typeof insertTestOrder>>;
  let byCard: Awaited<ReturnType<typeof insertTestOrder>>;
  let recent: Awaited<ReturnType<typeof insertTestOrder>>;

  beforeAll(async () => {
    const { db } = await ready;
    product = await insertProduct(db, { stock: 5 });
    // Two units of the product and an installation whose service id is the product's id:
    // only the two units go back.
    unpaid = await insertTestOrder(db, { number: "0001-20326", email: "tardon@example.com", createdAt: start, productIds: [product.id, product.id], serviceIds: [product.id] });
    paid = await insertTestOrder(db, { number: "0002-20326", email: "puntual@example.com", createdAt: start, productIds: [product.id], status: "Pagado" });
    byCard = await insertTestOrder(db, { number: "0003-20326", email: "tarjeta@example.com", createdAt: start, productIds: [product.id], payMethod: "tarjeta" });
    recent = await insertTestOrder(db, { number: "0004-20526", email: "reciente@example.com", createdAt: at(2), productIds: [product.id] });
  });

  it("nothing before the third day", async () => {
    const { db } = await ready;
    expect(await runTransferDeadlines(db, at(2.99), DAYS)).toEqual({ reminded: [], cancelled: [] });
    expect(await mailsOf(unpaid.id)).toEqual([]);
  });

  it("a reminder on the third day, once, with the bank details and the deadline", async () => {
    const { db } = await ready;
    expect(await runTransferDeadlines(db, at(3), DAYS)).toEqual({ reminded: ["0001-20326"], cancelled: [] });
    expect(await runTransferDeadlines(db, at(4), DAYS)).toEqual({ reminded: [], cancelled: [] });
    const mails = await mailsOf(unpaid.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("tardon@example.com");
    expect(mails[0]!.subject).toContain("recordatorio de pago del pedido 0001-20326");
    expect(mails[0]!.text).toContain("IBAN: ES91 2100 0418 4502 0005 1332");
    expect(mails[0]!.text).toContain("Concepto: 0001-20326");
    // Seven days after 02/03/2026 10:00 (Madrid).
    expect(mails[0]!.text).toContain("antes del 09/03/2026, 10:00");
    expect((await orderRow(unpaid.id)).transferReminderAt).toEqual(at(3));
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, "0001-20326"), eq(auditLog.action, "recordar transferencia")));
    expect(line?.actor).toBe("sistema");
  });

  it("cancelled on the seventh day, once: units back, history, audit and the customer told why", async () => {
    const { db } = await ready;
    expect(await stockOf(db, product.id)).toBe(5);
    expect(await runTransferDeadlines(db, at(6.99), DAYS)).toEqual({ reminded: ["0004-20526"], cancelled: [] });
    // The card order never paid is cancelled on the same day, without a reminder (issue 12).
    expect(await runTransferDeadlines(db, at(7), DAYS)).toEqual({ reminded: [], cancelled: ["0001-20326", "0003-20326"] });
    expect(await runTransferDeadlines(db, at(8), DAYS)).toEqual({ reminded: [], cancelled: [] });

    const order = await orderRow(unpaid.id);
    expect(order.status).toBe("Cancelado");
    expect(order.cancelReason).toBe("No hemos recibido la transferencia en los 7 días siguientes al pedido (02/03/2026).");
    expect(await stockOf(db, product.id)).toBe(8);
    expect((await orderRow(byCard.id)).cancelReason).toBe("No hemos recibido el pago en los 7 días siguientes al pedido (02/03/2026).");

    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, unpaid.id));
    expect(events).toMatchObject([{ actor: "sistema", fromStatus: "Pendiente de Pago", toStatus: "Cancelado", details: { motivo: order.cancelReason } }]);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entityId, "0001-20326"), eq(auditLog.action, "cancelar pedido")));
    expect(audits).toMatchObject([{ actor: "sistema", entity: "pedido", before: { status: "Pendiente de Pago" }, after: { status: "Cancelado", unidadesDevueltas: 2 } }]);

    const mails = await mailsOf(unpaid.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("su pedido 0001-20326 ha sido cancelado");
    expect(mails[1]!.text).toContain(`Motivo: ${order.cancelReason}`);
    expect(mails[1]!.text).toContain("No se le ha cobrado nada.");
  });

  it("a paid order is never reminded nor cancelled; a card order is never reminded", async () => {
    const { db } = await ready;
    await runTransferDeadlines(db, at(30), DAYS);
    const row = await orderRow(paid.id);
    expect(row.status).toBe("Pagado");
    expect(row.transferReminderAt).toBeNull();
    expect(await mailsOf(paid.id)).toEqual([]);
    expect((await orderRow(byCard.id)).transferReminderAt).toBeNull();
    expect((await mailsOf(byCard.id)).map((mail) => mail.subject)).toEqual([expect.stringContaining("ha sido cancelado")]);
    // The order of day 2 expired on day 9, within the 30.
    expect((await orderRow(recent.id)).status).toBe("Cancelado");
  });

  it("an order paid between the reminder and the deadline stays paid", async () => {
    const { db } = await ready;
    const late = await insertTestOrder(db, { number: "0005-20326", email: "tarde@example.com", createdAt: start, productIds: [product.id] });
    expect((await runTransferDeadlines(db, at(3), DAYS)).reminded).toEqual(["0005-20326"]);
    await db.update(orders).set({ status: "Pagado", paidAt: at(5) }).where(eq(orders.id, late.id));
    expect(await runTransferDeadlines(db, at(7), DAYS)).toEqual({ reminded: [], cancelled: [] });
    expect((await orderRow(late.id)).status).toBe("Pagado");
  });

  it("cancelOrder refuses an order that is no longer open", async () => {
    const { db } = await ready;
    const result = await db.transaction((tx) => cancelOrder(tx, unpaid.id, { actor: { email: "duena@termoclima.test" }, reason: "otra vez", way: "status-form" }));
    expect(result).toEqual({ ok: false, status: "Cancelado" });
    expect(await stockOf(db, product.id)).toBe(9);
  });

  it("the scheduled task reads its days from the configuration and says what it did", async () => {
    const { db } = await ready;
    const old = await insertTestOrder(db, { number: "0006-20326", email: "olvido@example.com", createdAt: at(-30), productIds: [] });
    const line = await transferDeadlinesTask(db, new Date());
    expect(line).toContain("0006-20326");
    expect(line).toMatch(/^transferencias sin recibir: \d+ recordatorios.*, \d+ pedidos cancelados/);
    expect((await orderRow(old.id)).status).toBe("Cancelado");
  });
});
