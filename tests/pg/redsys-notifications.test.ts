import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redsysConfig } from "~/server/config.server";
import { products } from "~/server/catalogue/catalogue-schema.server";
import { outbox } from "~/server/db/shared-schema.server";
import { invoices } from "~/server/invoices/invoices-schema.server";
import { orderEvents, orders } from "~/server/orders/orders-schema.server";
import { paymentAttempts } from "~/server/payments/payments-schema.server";
import { releaseExpiredHolds } from "~/server/orders/payment-window.server";
import { handleNotification } from "~/server/payments/notification.server";
import { payAgain } from "~/server/payments/pay-again.server";
import { twoInstances } from "../support/pg-instances";
import { enableTestRedsys, notification, openAttempt } from "../support/redsys-notify";
import { insertProduct, insertTestOrder, stockOf } from "../support/transfer-orders";

/**
 * Redsys's notifications on PostgreSQL with two instances (two pools, as two processes behind
 * a balancer would get them): the same notification delivered to both at once is applied
 * once; two authorisations of one order race and only one pays it, the other is flagged for
 * a refund; a payment and the window's release racing leave the stock right whoever wins.
 * Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de notificaciones de Redsys ***\n");

const COUNT = 15;

describe.skipIf(!url)("Redsys notifications on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const now = new Date();
  const cfg = () => redsysConfig()!;

  beforeAll(async () => {
    enableTestRedsys();
    instances = await twoInstances(url!, "notificaciones");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  async function cardOrders(prefix: string, product: { id: number }, count = COUNT) {
    const made = [];
    for (let i = 0; i < count; i++) {
      const order = await insertTestOrder(instances.first.db, { number: `${prefix}${i}-pg`, email: `${prefix.toLowerCase()}${i}@example.com`, createdAt: now, productIds: [product.id], payMethod: "tarjeta" });
      made.push({ order, attempt: await openAttempt(instances.first.db, order, { now }) });
    }
    return made;
  }

  it("the same notification to both instances, three times each, at once: paid once, one history line, the payment's and the invoice's e-mails once", async () => {
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: 100 });
    const made = await cardOrders("N", product);
    const results = await Promise.all(
      made.flatMap(({ attempt }) => {
        const fields = notification({ code: attempt.code, amountCents: attempt.amountCents });
        return [0, 1, 2].flatMap(() => [handleNotification(first.db, cfg(), fields, now), handleNotification(second.db, cfg(), fields, now)]);
      }),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const outcomes = results.map((result) => (result.ok ? result.outcome : "rechazada"));
    expect(outcomes.filter((o) => o === "pagado")).toHaveLength(COUNT);
    expect(outcomes.filter((o) => o === "repetida")).toHaveLength(COUNT * 5);

    const ids = made.map(({ order }) => order.id);
    const rows = await first.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.every((row) => row.status === "Pagado")).toBe(true);
    const attempts = await first.db.select().from(paymentAttempts).where(inArray(paymentAttempts.orderId, ids));
    expect(attempts.map((a) => a.notificationCount)).toEqual(Array(COUNT).fill(6));
    const events = await first.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids));
    expect(events).toHaveLength(COUNT);
    const mails = await first.db.select({ ref: outbox.ref }).from(outbox).where(and(eq(outbox.kind, "email"), inArray(outbox.ref, ids.map((id) => `order:${id}`))));
    expect(mails).toHaveLength(COUNT * 2);
    const issued = await first.db.select({ number: invoices.number }).from(invoices).where(inArray(invoices.orderId, ids));
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(COUNT);
  });

  it("two authorisations of one order at once (card and Bizum): one pays it, the other is flagged for a refund", async () => {
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: 100 });
    const made = await cardOrders("D", product);
    const seconds = await Promise.all(made.map(({ order }) => openAttempt(first.db, order, { method: "bizum", now })));
    await Promise.all(
      made.flatMap(({ attempt }, i) => [
        handleNotification(first.db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), now),
        handleNotification(second.db, cfg(), notification({ code: seconds[i]!.code, amountCents: seconds[i]!.amountCents }), now),
      ]),
    );
    for (const { order } of made) {
      const states = (await first.db.select({ state: paymentAttempts.state }).from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id))).map((a) => a.state);
      expect(states.sort()).toEqual(["a reembolsar", "pagado"]);
    }
  });

  it("a payment racing the window's release: the stock is right whichever commits first", async () => {
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: COUNT });
    const made = await cardOrders("W", product);
    // The checkout took one unit per order; every window has closed.
    await first.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await first.db.update(orders).set({ holdUntil: new Date(now.getTime() - 60_000) }).where(inArray(orders.id, made.map(({ order }) => order.id)));
    await Promise.all([
      releaseExpiredHolds(second.db, now),
      ...made.map(({ attempt }) => handleNotification(first.db, cfg(), notification({ code: attempt.code, amountCents: attempt.amountCents }), now)),
    ]);
    // Paid orders hold their unit, whether they kept it or took it back after the release.
    const rows = await first.db.select().from(orders).where(inArray(orders.id, made.map(({ order }) => order.id)));
    expect(rows.every((row) => row.status === "Pagado" && row.unitsHeld)).toBe(true);
    expect(await stockOf(first.db, product.id)).toBe(0);
  });

  it("pay again on both instances at once: the units are taken once", async () => {
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: 1 });
    const { order } = (await cardOrders("P", product, 1))[0]!;
    await first.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await releaseExpiredHolds(first.db, new Date(now.getTime() + 31 * 60_000));
    expect(await stockOf(first.db, product.id)).toBe(1);
    const results = await Promise.all([payAgain(first.db, { userId: order.userId!, number: order.number }, "tarjeta"), payAgain(second.db, { userId: order.userId!, number: order.number }, "bizum")]);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await stockOf(first.db, product.id)).toBe(0);
  });
});
