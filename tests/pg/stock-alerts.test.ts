import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { outbox, products, stockAlerts } from "~/server/db/schema.server";
import { resetMailTransport } from "~/server/mail.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { confirmAlert, findAlertProduct, STOCK_ALERT_NOTICE_KIND, subscribe } from "~/server/stock-alerts/stock-alerts.server";
import { gate } from "../support/gate";
import { twoInstances, waitForLockWaiters } from "../support/pg-instances";
import { startSmtpCapture } from "../support/smtp-capture";
import { insertProduct } from "../support/transfer-orders";

/**
 * Back-in-stock notices (issue 15) on PostgreSQL with two instances (two pools, as two
 * processes): stock raised from both at once, a confirmation racing a stock change, and both
 * instances' outbox workers sending: every confirmed request gets exactly one e-mail.
 * Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de avisos de disponibilidad ***\n");

describe.skipIf(!url)("back-in-stock notices on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    instances = await twoInstances(url!, "avisos");
    a = instances.first.db;
    b = instances.second.db;
    smtp = await startSmtpCapture();
    process.env.SMTP_URL = smtp.url;
    process.env.PUBLIC_BASE_URL = "https://tienda.example";
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "avisos-pg-"));
    resetConfigForTests();
    resetMailTransport();
    registerOutboxHandlers();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.PUBLIC_BASE_URL;
    resetConfigForTests();
    resetMailTransport();
    await smtp?.close();
    await instances?.drop();
  });

  let addresses = 0;
  /** A request made through the real function, on instance `db`: pending until confirmed. */
  async function pendingRequest(db: Database, productId: number) {
    const email = `cliente${++addresses}@correo.es`;
    const product = (await findAlertProduct(db, productId))!;
    expect(await subscribe(db, product, email)).toBe("sent");
    const [row] = await db.select().from(stockAlerts).where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.email, email)));
    return row!;
  }

  async function noticesPerRequest(ids: number[]) {
    const rows = await a
      .select({ ref: outbox.ref, n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.kind, STOCK_ALERT_NOTICE_KIND), inArray(outbox.ref, ids.map((id) => `stock-alert:${id}`))))
      .groupBy(outbox.ref);
    const counts = new Map(rows.map((row) => [row.ref, Number(row.n)]));
    return ids.map((id) => counts.get(`stock-alert:${id}`) ?? 0);
  }

  const states = async (ids: number[]) =>
    (await a.select({ state: stockAlerts.state }).from(stockAlerts).where(inArray(stockAlerts.id, ids))).map((row) => row.state);

  it("stock raised from both instances at once: one notice per confirmed request, never two", async () => {
    const product = await insertProduct(a, { stock: 0 });
    const requests = [];
    for (let i = 0; i < 6; i += 1) {
      const request = await pendingRequest(i % 2 ? a : b, product.id);
      expect(await confirmAlert(i % 2 ? b : a, request.token)).toBe("confirmed");
      requests.push(request);
    }
    const ids = requests.map((r) => r.id);

    // A holds its raise uncommitted; B's raise waits on the row, then finds stock already above zero.
    const held = gate();
    const first = a.transaction(async (tx) => {
      await tx.execute(sql`update products set stock = stock + 2 where id = ${product.id}`);
      held.enter();
      await held.opened;
    });
    await held.entered;
    // then() sends it now: Drizzle runs a query only when it is awaited.
    const second = b.execute(sql`update products set stock = stock + 3 where id = ${product.id}`).then(() => {});
    await waitForLockWaiters(a);
    held.open();
    await Promise.all([first, second]);
    expect((await findAlertProduct(a, product.id))!.stock).toBe(5);
    expect(await noticesPerRequest(ids)).toEqual(ids.map(() => 1));
    expect(new Set(await states(ids))).toEqual(new Set(["avisado"]));

    // Many raises at once, from both, after going back to zero: nothing more for closed requests.
    await a.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).execute(sql`update products set stock = stock + 1 where id = ${product.id}`)));
    expect(await noticesPerRequest(ids)).toEqual(ids.map(() => 1));
  });

  it("a confirmation racing a stock change: whichever commits first, the request gets its notice once", async () => {
    const rounds = 12;
    const ids: number[] = [];
    const races = [];
    for (let i = 0; i < rounds; i += 1) {
      const product = await insertProduct(a, { stock: 0 });
      const request = await pendingRequest(a, product.id);
      ids.push(request.id);
      // Confirmed (pending → confirmado) on one instance while the other raises the stock.
      const confirm = () => confirmAlert(i % 2 ? a : b, request.token);
      const raise = () => (i % 2 ? b : a).execute(sql`update products set stock = 4 where id = ${product.id}`);
      races.push(i % 3 === 0 ? Promise.all([raise(), confirm()]) : Promise.all([confirm(), raise()]));
    }
    await Promise.all(races);
    expect(await noticesPerRequest(ids)).toEqual(ids.map(() => 1));
    expect(new Set(await states(ids))).toEqual(new Set(["avisado"]));
  });

  it("a confirmation held open while the stock comes back: the stock change waits, then sends the notice", async () => {
    const product = await insertProduct(a, { stock: 0 });
    const request = await pendingRequest(a, product.id);
    // The confirmation's order of locks (product shared, then the request), held before commit.
    const held = gate();
    const confirming = a.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${product.id} for share`);
      await tx.update(stockAlerts).set({ state: "confirmado", confirmedAt: new Date() }).where(eq(stockAlerts.id, request.id));
      held.enter();
      await held.opened;
    });
    await held.entered;
    let raised = false;
    const raising = b.execute(sql`update products set stock = 1 where id = ${product.id}`).then(() => (raised = true));
    await waitForLockWaiters(a);
    expect(raised).toBe(false);
    held.open();
    await Promise.all([confirming, raising]);
    expect(await noticesPerRequest([request.id])).toEqual([1]);
  });

  it("both instances' outbox workers sending: each address receives its notice once over SMTP", async () => {
    const product = await insertProduct(a, { stock: 0, model: "Aviso SMTP" });
    const requests = [];
    for (let i = 0; i < 5; i += 1) {
      const request = await pendingRequest(b, product.id);
      await confirmAlert(a, request.token);
      requests.push(request);
    }
    await b.execute(sql`update products set stock = 9 where id = ${product.id}`);
    // Everything due (confirmations and notices), drained by both at once.
    const drain = async (db: Database) => {
      while ((await processDueEntries(3, db)) > 0) {
        // keep going
      }
    };
    await Promise.all([drain(a), drain(b)]);
    for (const request of requests) {
      const notices = smtp.messages.filter((m) => JSON.stringify(m.to).includes(request.email) && /vuelve a estar disponible/.test(m.subject ?? ""));
      expect(notices, request.email).toHaveLength(1);
      expect(notices[0]!.text).toContain(`https://tienda.example/tienda/detalle/termostatos/${product.id}`);
      expect(notices[0]!.text).toContain("99,00");
    }
  });
});
