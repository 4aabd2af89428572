import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "~/domain/site/retention";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { orderEvents, orders } from "~/server/orders/orders-schema.server";
import { runTransferDeadlines } from "~/server/orders/transfer-deadlines.server";
import { twoInstances, waitForLockWaiters } from "../support/pg-instances";
import { insertProduct, insertTestOrder, stockOf } from "../support/transfer-orders";

/**
 * The unpaid-transfer job on PostgreSQL with two instances (two pools) running it at the same
 * moment, as two processes would if the scheduler's lease were lost: every order gets exactly
 * one reminder or one cancellation, the stock comes back once, and an administrator marking an
 * order paid while the job runs wins cleanly. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de transferencias sin pagar ***\n");

const DAYS = { reminderDays: 3, expiryDays: 7 };
const COUNT = 20;

describe.skipIf(!url)("unpaid transfers on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  const now = new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

  beforeAll(async () => {
    instances = await twoInstances(url!, "transferencias");
  });
  afterAll(async () => {
    await instances?.drop();
  });

  const refsOf = async (ids: number[], subject: string) => {
    const refs = ids.map((id) => `order:${id}`);
    const rows = await instances.first.db.select({ ref: outbox.ref, payload: outbox.payload }).from(outbox).where(inArray(outbox.ref, refs));
    return rows.filter((row) => String(row.payload.subject).includes(subject)).map((row) => row.ref);
  };

  it("both instances at once: one reminder and one cancellation per order, stock back once", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: 0 });
    const toRemind: number[] = [];
    const toCancel: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const reminder = await insertTestOrder(first.db, { number: `R${i}-pg`, email: `r${i}@example.com`, createdAt: ago(4), productIds: [product.id] });
      const expiry = await insertTestOrder(first.db, { number: `C${i}-pg`, email: `c${i}@example.com`, createdAt: ago(8), productIds: [product.id, product.id] });
      toRemind.push(reminder.id);
      toCancel.push(expiry.id);
    }
    // Three rounds on each instance, all at once.
    const results = await Promise.all(
      [0, 1, 2].flatMap(() => [runTransferDeadlines(first.db, now, DAYS), runTransferDeadlines(second.db, now, DAYS)]),
    );
    const reminded = results.flatMap((result) => result.reminded);
    const cancelled = results.flatMap((result) => result.cancelled);
    expect(reminded.sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `R${i}-pg`).sort());
    expect(cancelled.sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `C${i}-pg`).sort());

    expect((await refsOf(toRemind, "recordatorio de pago")).sort()).toEqual(toRemind.map((id) => `order:${id}`).sort());
    expect((await refsOf(toCancel, "ha sido cancelado")).sort()).toEqual(toCancel.map((id) => `order:${id}`).sort());
    expect(await stockOf(first.db, product.id)).toBe(2 * COUNT);
    const [events] = await first.db.select({ n: sql<number>`count(*)::int` }).from(orderEvents).where(inArray(orderEvents.orderId, toCancel));
    expect(events!.n).toBe(COUNT);
    const [audits] = await first.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, "cancelar pedido"));
    expect(audits!.n).toBe(COUNT);
  });

  it("an administrator marking the order paid while the job runs wins cleanly", async () => {
    const { first, second } = instances;
    const expiring = await insertTestOrder(first.db, { number: "P1-pg", email: "p1@example.com", createdAt: ago(8), productIds: [] });
    const reminding = await insertTestOrder(first.db, { number: "P2-pg", email: "p2@example.com", createdAt: ago(4), productIds: [] });
    // The administrator's transaction: both rows locked and marked paid, not yet committed.
    const target = new URL(url!);
    target.pathname = `/${(await first.db.execute(sql`select current_database() as name`)).rows[0]!.name}`;
    const owner = new pg.Client({ connectionString: target.toString() });
    await owner.connect();
    await owner.query("begin");
    await owner.query("select id from orders where id = any($1) order by id for update", [[expiring.id, reminding.id]]);
    await owner.query("update orders set status = 'Pagado', paid_at = now() where id = any($1)", [[expiring.id, reminding.id]]);

    const running = Promise.all([runTransferDeadlines(first.db, now, DAYS), runTransferDeadlines(second.db, now, DAYS)]);
    // The expiry skips the locked order; the reminder's UPDATE waits for the lock, then finds it paid.
    await waitForLockWaiters(first.db, 2);
    await owner.query("commit");
    await owner.end();
    const results = await running;
    expect(results.flatMap((result) => [...result.reminded, ...result.cancelled])).toEqual([]);

    const rows = await first.db.select().from(orders).where(inArray(orders.id, [expiring.id, reminding.id])).orderBy(orders.id);
    expect(rows.map((row) => [row.status, row.transferReminderAt])).toEqual([["Pagado", null], ["Pagado", null]]);
    expect(await refsOf([expiring.id, reminding.id], "")).toEqual([]);
  });
});
