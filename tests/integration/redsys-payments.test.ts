import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { redsysConfig } from "~/server/config.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { orderEvents, orders } from "~/server/orders/orders-schema.server";
import { paymentAttempts } from "~/server/payments/payments-schema.server";
import { releaseExpiredHolds } from "~/server/orders/payment-window.server";
import { runTransferDeadlines } from "~/server/orders/transfer-deadlines.server";
import { handleNotification } from "~/server/payments/notification.server";
import { payAgain } from "~/server/payments/pay-again.server";
import { setupTestDatabase } from "../db-utils";
import { notification, openAttempt, enableTestRedsys } from "../support/redsys-notify";
import { insertProduct, insertTestOrder, stockOf } from "../support/transfer-orders";

/**
 * Issue 12 on the server: Redsys's notifications (paid, denied, repeated, forged,
 * mismatched, a second charge), the payment window that gives units back, paying again and
 * switching to transfer. The order rows are written as the checkout writes them.
 */
const ready = setupTestDatabase();
enableTestRedsys();
const cfg = () => redsysConfig()!;
const T0 = new Date("2026-11-23T10:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
let serial = 0;

async function cardOrder(stock = 3, units = 1) {
  const { db } = await ready;
  const product = await insertProduct(db, { stock });
  serial += 1;
  const order = await insertTestOrder(db, {
    number: `${String(serial).padStart(4, "0")}-231126`,
    email: `cliente${serial}@example.com`,
    createdAt: T0,
    productIds: Array.from({ length: units }, () => product.id),
    payMethod: "tarjeta",
  });
  // As the checkout does: the units are taken with the order.
  await db.update(products).set({ stock: stock - units }).where(eq(products.id, product.id));
  const attempt = await openAttempt(db, order, { now: T0 });
  return { order, attempt, product };
}

async function orderRow(id: number) {
  const { db } = await ready;
  return (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

async function attemptRow(code: string) {
  const { db } = await ready;
  return (await db.select().from(paymentAttempts).where(eq(paymentAttempts.code, code)))[0]!;
}

async function mails(orderId: number) {
  const { db } = await ready;
  return (await db.select().from(outbox).where(and(eq(outbox.ref, `order:${orderId}`), eq(outbox.kind, "email"))).orderBy(outbox.id)).map((row) => row.payload as { to: string; subject: string; text: string });
}

describe("a notification of a payment", () => {
  it("paid: the order is Pagado once, with the customer's e-mail, history and audit; a repetition changes nothing", async () => {
    const { db } = await ready;
    const { order, attempt } = await cardOrder();
    const fields = notification({ code: attempt.code, amountCents: attempt.amountCents });
    expect(await handleNotification(db, cfg(), fields, minutes(3))).toEqual({ ok: true, outcome: "pagado", order: order.number });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "Pagado", payMethod: "tarjeta", bankReference: "218048", holdUntil: null, unitsHeld: true });
    expect(paid.paidAt).toEqual(minutes(3));
    expect(await attemptRow(attempt.code)).toMatchObject({ state: "pagado", responseCode: "0000", authorisationCode: "218048", notificationCount: 1 });
    expect((await mails(order.id)).map((m) => m.subject)).toEqual([
      expect.stringContaining(`hemos recibido el pago del pedido ${order.number}`),
      expect.stringMatching(new RegExp(`factura F2026-\\d{6} del pedido ${order.number}`)),
    ]);
    const [event] = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(event).toMatchObject({ actor: "Redsys", fromStatus: "Pendiente de Pago", toStatus: "Pagado" });
    const [line] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, order.number), eq(auditLog.action, "pago por Redsys")));
    expect(line?.actor).toBe("sistema");

    // Redsys repeats it (and a late copy comes a day later): counted, nothing else.
    expect(await handleNotification(db, cfg(), fields, minutes(4))).toEqual({ ok: true, outcome: "repetida", order: order.number });
    expect(await handleNotification(db, cfg(), fields, minutes(60 * 24))).toEqual({ ok: true, outcome: "repetida", order: order.number });
    expect((await attemptRow(attempt.code)).notificationCount).toBe(3);
    expect((await orderRow(order.id)).paidAt).toEqual(minutes(3));
    expect(await mails(order.id)).toHaveLength(2);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
  });

  it("denied: the failure is recorded with Redsys's meaning and the order stays payable with its units", async () => {
    const { db } = await ready;
    const { order, attempt, product } = await cardOrder();
    const result = await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents, response: "0190" }), minutes(2));
    expect(result).toEqual({ ok: true, outcome: "denegado", order: order.number });
    expect(await attemptRow(attempt.code)).toMatchObject({ state: "denegado", responseCode: "0190", responseMeaning: "Denegación del emisor sin especificar motivo" });
    expect(await orderRow(order.id)).toMatchObject({ status: "Pendiente de Pago", unitsHeld: true });
    expect(await stockOf(db, product.id)).toBe(2);
    expect(await mails(order.id)).toEqual([]);
  });

  type Base = { code: string; amountCents: number };
  it.each([
    ["a bad signature", (b: Base) => ({ ...notification(b), Ds_Signature: notification(b).Ds_Signature.slice(0, -3) + "AA=" }), "firma incorrecta"],
    ["another key", (b: Base) => notification({ ...b, key: Buffer.alloc(24, 9).toString("base64") }), "firma incorrecta"],
    ["another amount", (b: Base) => notification({ ...b, amountCents: 1 }), "importe distinto del intento"],
    ["another merchant", (b: Base) => notification({ ...b, merchantCode: "123456789" }), "otro comercio"],
    ["another currency", (b: Base) => notification({ ...b, currency: "840" }), "otra moneda"],
    ["an unknown order code", (b: Base) => notification({ ...b, code: "9999ZZZZZZZZ" }), "intento desconocido"],
    ["no fields at all", () => ({}), "versión de firma desconocida"],
  ] as const)("refuses %s and changes nothing", async (_, fieldsFor, reason) => {
    const { db } = await ready;
    const { order, attempt } = await cardOrder();
    const fields = fieldsFor({ code: attempt.code, amountCents: attempt.amountCents });
    expect(await handleNotification(db, cfg(), fields, minutes(1))).toEqual({ ok: false, reason });
    expect(await orderRow(order.id)).toMatchObject({ status: "Pendiente de Pago", paidAt: null });
    expect(await attemptRow(attempt.code)).toMatchObject({ state: "pendiente", notificationCount: 0 });
  });

  it("a second authorisation of an already paid order is never applied: flagged for a refund, the shop told", async () => {
    const { db } = await ready;
    const { order, attempt } = await cardOrder();
    const second = await openAttempt(db, order, { method: "bizum", now: minutes(1) });
    await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), minutes(2));
    expect(await handleNotification(db, cfg(), notification({ code: second.code, amountCents: second.amountCents }), minutes(3))).toEqual({
      ok: true,
      outcome: "a reembolsar",
      order: order.number,
    });
    expect(await attemptRow(second.code)).toMatchObject({ state: "a reembolsar" });
    expect(await orderRow(order.id)).toMatchObject({ status: "Pagado", payMethod: "tarjeta", paidAt: minutes(2) });
    const sent = await mails(order.id);
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringContaining("hemos recibido el pago"),
      expect.stringContaining("factura F2026-"),
      expect.stringContaining(`cobro a reembolsar en el pedido ${order.number}`),
    ]);
    expect(sent[2]!.to).toBe("info@termoclima.example");
  });
});

describe("a notification goes through the order's status table", () => {
  it.each(["Cancelado", "Enviado", "Completado", "Instalación programada"] as const)(
    "an authorisation for an order %s moves nothing: the money is flagged for a refund",
    async (status) => {
      const { db } = await ready;
      const { order, attempt } = await cardOrder();
      await db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const result = await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), minutes(2));
      expect(result).toEqual({ ok: true, outcome: "a reembolsar", order: order.number });
      expect(await orderRow(order.id)).toMatchObject({ status, paidAt: null });
      expect(await attemptRow(attempt.code)).toMatchObject({ state: "a reembolsar" });
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([[status, status]]);
    },
  );
});

describe("the payment window", () => {
  it("gives the units back once when it closes unpaid; a late payment takes them again", async () => {
    const { db } = await ready;
    const { order, attempt, product } = await cardOrder(3, 2);
    expect(await stockOf(db, product.id)).toBe(1);
    expect(await releaseExpiredHolds(db, minutes(29))).not.toContain(order.number);
    expect(await releaseExpiredHolds(db, minutes(30))).toContain(order.number);
    expect(await releaseExpiredHolds(db, minutes(31))).not.toContain(order.number);
    expect(await stockOf(db, product.id)).toBe(3);
    expect(await orderRow(order.id)).toMatchObject({ status: "Pendiente de Pago", unitsHeld: false, holdUntil: null });

    await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), minutes(35));
    expect(await orderRow(order.id)).toMatchObject({ status: "Pagado", unitsHeld: true });
    expect(await stockOf(db, product.id)).toBe(1);
  });

  it("a late payment with no units left is still recorded as paid, and the shop is told to restock or refund", async () => {
    const { db } = await ready;
    const { order, attempt, product } = await cardOrder(1, 1);
    await releaseExpiredHolds(db, minutes(30));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), minutes(40));
    expect(await orderRow(order.id)).toMatchObject({ status: "Pagado", unitsHeld: false });
    const events = await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "Pagado")));
    expect(events[0]!.details.aviso).toContain("sin existencias");
    expect((await mails(order.id)).map((m) => m.subject)).toContainEqual(expect.stringContaining(`pedido ${order.number} pagado sin existencias`));
  });
});

describe("paying again and switching to transfer", () => {
  it("pay again by Bizum: a new attempt with its own code and a new window; units taken again after a closed window", async () => {
    const { db } = await ready;
    const { order, attempt, product } = await cardOrder(2, 1);
    await releaseExpiredHolds(db, minutes(31));
    expect(await stockOf(db, product.id)).toBe(2);
    const result = await payAgain(db, { userId: order.userId!, number: order.number }, "bizum", minutes(40));
    expect(result.ok).toBe(true);
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(attempts).toHaveLength(2);
    const fresh = attempts.find((a) => a.code !== attempt.code)!;
    expect(fresh).toMatchObject({ method: "bizum", state: "pendiente", amountCents: attempt.amountCents });
    expect(result).toEqual({ ok: true, redirect: `/login/pedidos/${order.number}/pago?intento=${fresh.code}` });
    expect(await orderRow(order.id)).toMatchObject({ payMethod: "bizum", unitsHeld: true, holdUntil: minutes(70) });
    expect(await stockOf(db, product.id)).toBe(1);
  });

  it("switch to transfer: the units stay held, the bank details are e-mailed", async () => {
    const { db } = await ready;
    const { order } = await cardOrder();
    expect(await payAgain(db, { userId: order.userId!, number: order.number }, "transferencia", minutes(5))).toEqual({ ok: true, redirect: `/login/pedidos/${order.number}` });
    expect(await orderRow(order.id)).toMatchObject({ payMethod: "transferencia", holdUntil: null, unitsHeld: true });
    expect(await releaseExpiredHolds(db, minutes(90))).not.toContain(order.number);
    const [mail] = await mails(order.id);
    expect(mail!.subject).toContain(`datos para pagar el pedido ${order.number} por transferencia`);
    expect(mail!.text).toContain("IBAN: ES91 2100 0418 4502 0005 1332");
  });

  it("refuses a paid order, someone else's order, and an order whose units are gone", async () => {
    const { db } = await ready;
    const { order, attempt, product } = await cardOrder(1, 1);
    expect(await payAgain(db, { userId: "otro-usuario", number: order.number }, "tarjeta", minutes(1))).toMatchObject({ ok: false, status: 404 });
    await releaseExpiredHolds(db, minutes(30));
    await db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const gone = await payAgain(db, { userId: order.userId!, number: order.number }, "tarjeta", minutes(31));
    expect(gone).toMatchObject({ ok: false, status: 409 });
    expect(gone.ok ? "" : gone.message).toContain("Ya no nos quedan unidades de Honeywell");
    await db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    await handleNotification(db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), minutes(32));
    expect(await payAgain(db, { userId: order.userId!, number: order.number }, "tarjeta", minutes(33))).toEqual({
      ok: false,
      status: 409,
      message: "Este pedido ya no está pendiente de pago: su estado es «Pagado».",
    });
  });
});

describe("a card order switched to transfer", () => {
  it("counts its transfer days from the switch: reminded 3 days after it, cancelled 7 days after it", async () => {
    const { db } = await ready;
    const { order } = await cardOrder();
    const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);
    await payAgain(db, { userId: order.userId!, number: order.number }, "transferencia", day(5));
    const DAYS = { reminderDays: 3, expiryDays: 7 };
    // The other card orders of this file, never paid, go on day 7; this one does not.
    const early = await runTransferDeadlines(db, day(7.5), DAYS);
    expect([...early.reminded, ...early.cancelled]).not.toContain(order.number);
    expect((await runTransferDeadlines(db, day(8), DAYS)).reminded).toContain(order.number);
    const reminder = (await mails(order.id)).find((mail) => mail.subject.includes("recordatorio"))!;
    expect(reminder.text).toContain("antes del 05/12/2026, 11:00");
    expect((await runTransferDeadlines(db, day(11.9), DAYS)).cancelled).not.toContain(order.number);
    expect((await runTransferDeadlines(db, day(12), DAYS)).cancelled).toContain(order.number);
    expect((await orderRow(order.id)).cancelReason).toBe("No hemos recibido la transferencia en los 7 días siguientes a elegirla como forma de pago (28/11/2026).");
  });
});
