import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/server/db/shared-schema.server";
import { verifactuRecords, verifactuSender, verifactuSubmissions } from "~/server/invoices/verifactu-schema.server";
import { verifactuCatchUpTask } from "~/server/invoices/verifactu-send.server";
import { registerOutboxHandlers } from "~/server/outbox-handlers.server";
import { processDueEntries } from "~/server/outbox.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { setupTestDatabase } from "../db-utils";
import { startAeatStandIn, type AeatStandIn } from "../support/aeat-standin";
import { sendShopToStandIn } from "../support/aeat-standin/shop-config";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 13: with the company's certificate configured, the billing records go to the AEAT
 * through the outbox, in the chain's order, over mutual TLS; the answer is stored per record;
 * passing failures are retried, refusals recorded; the AEAT's waiting time is kept. Against a
 * local stand-in that checks the XML field by field and recomputes every huella.
 */
const ready = setupTestDatabase();
const owner = { email: "duena@termoclima.test" };
let aeat: AeatStandIn;
let restore: (() => void) | undefined;
let serial = 0;

beforeAll(async () => {
  aeat = await startAeatStandIn();
  restore = sendShopToStandIn(aeat);
  registerOutboxHandlers();
});

afterAll(async () => {
  restore?.();
  await aeat?.close();
});

async function paidOrder() {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10 });
  serial += 1;
  const placed = await insertTestOrder(db, { number: `${String(serial).padStart(4, "0")}-200631`, email: `envio${serial}@example.com`, createdAt: new Date(), productIds: [product.id], serviceIds: [], payMethod: "transferencia" });
  const moved = await moveOrderStatus(db, owner, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: `TRF-${serial}` } });
  expect(moved.ok).toBe(true);
  return placed;
}

/** Runs the outbox until nothing is due. */
async function drain() {
  while ((await processDueEntries()) > 0) {
    // keep going
  }
}

async function states() {
  const { db } = await ready;
  return db
    .select({ number: verifactuRecords.number, state: verifactuSubmissions.state, code: verifactuSubmissions.errorCode, csv: verifactuSubmissions.csv, attempts: verifactuSubmissions.attempts })
    .from(verifactuSubmissions)
    .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuSubmissions.recordId))
    .orderBy(asc(verifactuRecords.id));
}

/** The AEAT's waiting time is over (as if a minute had passed). */
async function waitOver() {
  const { db } = await ready;
  await db.update(verifactuSender).set({ nextSendAt: null }).where(eq(verifactuSender.id, 1));
}

describe("sending the records to the AEAT", () => {
  it("two invoices: one submission with both records in order, accepted, CSV kept; the waiting time is then respected", async () => {
    await paidOrder();
    await paidOrder();
    await drain();
    const [submission] = await aeat.waitForSubmissions(1);
    expect(submission!.clientCertificate).toContain("B12345674");
    expect(submission!.fault).toBeUndefined();
    expect(submission!.records.map((record) => record.NumSerieFactura)).toEqual(["F" + new Date().getFullYear() + "-000001", "F" + new Date().getFullYear() + "-000002"]);
    const rows = await states();
    expect(rows.map((row) => row.state)).toEqual(["aceptado", "aceptado"]);
    expect(rows.every((row) => row.csv && row.attempts === 1)).toBe(true);

    // A third invoice within the AEAT's waiting time waits; the catch-up task does not queue it yet.
    await paidOrder();
    await drain();
    expect(aeat.submissions()).toHaveLength(1);
    const { db } = await ready;
    expect(await verifactuCatchUpTask(db)).toBe("esperando el plazo de la AEAT");
    await waitOver();
    expect(await verifactuCatchUpTask(db)).toBe("envío a la AEAT en cola");
    await drain();
    expect(aeat.submissions()).toHaveLength(2);
    expect(aeat.submissions()[1]!.records).toHaveLength(1);
    expect((await states()).map((row) => row.state)).toEqual(["aceptado", "aceptado", "aceptado"]);
  });

  it("the AEAT's server fails: the records stay pending and the outbox tries again; then they are accepted", async () => {
    await waitOver();
    aeat.setMode("error500");
    await paidOrder();
    await drain();
    const { db } = await ready;
    const [entry] = await db.select().from(outbox).where(eq(outbox.kind, "verifactu_envio")).orderBy(sql`${outbox.id} desc`).limit(1);
    expect(entry).toMatchObject({ status: "pending", lastError: expect.stringContaining("HTTP 500") });
    expect((await states()).at(-1)).toMatchObject({ state: "pendiente", attempts: 1 });
    aeat.setMode("normal");
    await db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, entry!.id));
    await drain();
    expect((await states()).at(-1)).toMatchObject({ state: "aceptado", attempts: 2 });
  });

  it("a record the AEAT refuses is marked rejected with its code; a duplicate counts as accepted", async () => {
    await waitOver();
    const placed = await paidOrder();
    const { db } = await ready;
    const [record] = await db.select().from(verifactuRecords).orderBy(sql`${verifactuRecords.id} desc`).limit(1);
    aeat.setMode("reject", { rejectNumSerie: record!.number });
    await drain();
    expect((await states()).at(-1)).toMatchObject({ number: record!.number, state: "rechazado", code: expect.stringMatching(/^\d+$/) });
    expect(placed.number).toBeTruthy();

    await waitOver();
    aeat.setMode("duplicate");
    await paidOrder();
    await drain();
    expect((await states()).at(-1)).toMatchObject({ state: "aceptado" });
    aeat.setMode("normal");
  });
});
