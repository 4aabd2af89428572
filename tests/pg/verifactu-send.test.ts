import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifactuSender, verifactuSubmissions } from "~/server/invoices/verifactu-schema.server";
import { sendPendingRecords } from "~/server/invoices/verifactu-send.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { startAeatStandIn, type AeatStandIn } from "../support/aeat-standin";
import { sendShopToStandIn } from "../support/aeat-standin/shop-config";
import { twoInstances } from "../support/pg-instances";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Sending VERI*FACTU records on PostgreSQL with two instances (issue 13): both try to send at
 * the same moment; exactly one submission reaches the AEAT (the stand-in), carrying every
 * record once, in the chain's order. Needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("\n*** TEST_DATABASE_URL no está definida: se OMITE la suite de PostgreSQL de envíos VERI*FACTU ***\n");

describe.skipIf(!url)("VERI*FACTU sending on PostgreSQL with two instances", () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let aeat: AeatStandIn;
  let restore: (() => void) | undefined;

  beforeAll(async () => {
    instances = await twoInstances(url!, "verifactu");
    aeat = await startAeatStandIn();
    restore = sendShopToStandIn(aeat);
  });
  afterAll(async () => {
    restore?.();
    await aeat?.close();
    await instances?.drop();
  });

  it("ten invoices, both instances sending at once: one submission of ten records in order, the other instance waits its turn", async () => {
    const { first, second } = instances;
    const product = await insertProduct(first.db, { stock: 100 });
    for (let i = 0; i < 10; i++) {
      const order = await insertTestOrder(first.db, { number: `${i + 1}-pgvf`, email: `vf${i}@example.com`, createdAt: new Date(), productIds: [product.id] });
      const moved = await moveOrderStatus(i % 2 ? second.db : first.db, { email: "duena@termoclima.test" }, order.number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: `TRF-${i}` } });
      expect(moved.ok).toBe(true);
    }
    const outcomes = await Promise.all([sendPendingRecords(first.db), sendPendingRecords(second.db)]);
    // The other finds the lease taken, or (if it came late) the AEAT's waiting time running.
    expect(outcomes.filter((outcome) => outcome.kind === "enviado")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "ocupado" || outcome.kind === "esperando")).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.kind === "enviado")).toMatchObject({ accepted: 10, refused: 0, left: 0 });
    const submissions = aeat.submissions();
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.records.map((record) => record.NumSerieFactura)).toEqual(Array.from({ length: 10 }, (_, i) => `F${new Date().getFullYear()}-${String(i + 1).padStart(6, "0")}`));
    expect(submissions[0]!.records.every((record) => record.chainErrors.length === 0 && record.errors.length === 0)).toBe(true);
    const states = await second.db.select({ state: verifactuSubmissions.state }).from(verifactuSubmissions);
    expect(states.every((row) => row.state === "aceptado")).toBe(true);

    // Right after, the AEAT's waiting time holds both instances back.
    const [sender] = await first.db.select().from(verifactuSender).where(eq(verifactuSender.id, 1));
    expect(sender!.nextSendAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await sendPendingRecords(second.db)).kind).toBe("esperando");
  });
});
