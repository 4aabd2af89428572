import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseInvoiceFilters } from "~/domain/invoices/invoice-filters";
import { invoiceCsvRow } from "~/domain/invoices/invoice-csv";
import { action as orderAction } from "~/routes/orders/admin-order";
import { invoiceAnnulments, invoices, orderEvents, orders, outbox, refunds, verifactuRecords } from "~/server/db/schema.server";
import { undoMistakenPayment, UNDO_PAYMENT_MESSAGES } from "~/server/invoices/annul-invoice.server";
import { invoicePdf } from "~/server/invoices/invoice-document.server";
import { listInvoices } from "~/server/invoices/invoice-list.server";
import { rectifyInvoice } from "~/server/invoices/rectify-invoice.server";
import { verifyChain } from "~/server/invoices/verifactu-verify.server";
import { loadMyOrder } from "~/server/orders/my-orders.server";
import { recordStatusMove } from "~/server/orders/order-moves.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { pdfText } from "../support/pdf-text";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 13: a transfer marked paid on the wrong order is undone from the back office. The
 * invoice it issued is annulled (kept, marked, out of every total) with a VERI*FACTU registro de
 * anulación in the chain; the order is payable again; its next payment issues a new invoice.
 */
const ready = setupTestDatabase();
const ADMIN = "duena-deshacer@termoclima.test";
const owner = { email: ADMIN };
const NOW = new Date("2031-06-10T10:00:00Z");
let cookie = "";
let serial = 0;

beforeAll(async () => {
  cookie = await adminCookie((await ready).db, ADMIN);
});

async function order(payMethod: "transferencia" | "tarjeta" = "transferencia") {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10 });
  serial += 1;
  return insertTestOrder(db, { number: `${serial + 700}-100631`, email: `deshacer${serial}@example.com`, createdAt: new Date("2031-06-01T09:00:00Z"), productIds: [product.id], serviceIds: [], payMethod });
}

async function pay(number: string, at = NOW) {
  const { db } = await ready;
  const moved = await moveOrderStatus(db, owner, number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: "TRF-ERROR" } }, at);
  expect(moved.ok).toBe(true);
}

const post = (number: string, form: Record<string, string>) =>
  settle(() => orderAction({ request: adminRequest(`/admin/pedidos/${number}`, cookie, form), params: { number }, context: {} } as never));

describe("undoing a payment recorded by mistake", () => {
  it("the order is payable again, its invoice annulled with a registro de anulación; the next payment issues a new invoice", async () => {
    const { db } = await ready;
    const placed = await order();
    await pay(placed.number);
    const [first] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));

    const refused = await post(placed.number, { intent: "deshacer-pago", motivo: " " });
    expect(refused).toMatchObject({ status: 400, data: { errors: { motivo: "Escriba el motivo (de 3 a 300 caracteres)." } } });
    const done = await post(placed.number, { intent: "deshacer-pago", motivo: "La transferencia era del pedido de al lado" });
    expect(done).toMatchObject({ status: 302, location: `/admin/pedidos/${placed.number}?hecho=pago-deshecho` });

    const [after] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(after).toMatchObject({ status: "Pendiente de Pago", paidAt: null, bankReference: null });
    expect(after!.transferSince).not.toBeNull();
    expect(await db.select().from(invoiceAnnulments)).toEqual([expect.objectContaining({ invoiceId: first!.id, reason: "La transferencia era del pedido de al lado" })]);
    const records = await db.select().from(verifactuRecords).where(eq(verifactuRecords.invoiceId, first!.id)).orderBy(asc(verifactuRecords.id));
    expect(records.map((record) => record.kind)).toEqual(["alta", "anulacion"]);
    expect(records[1]!.registro.record).toMatchObject({ IDFactura: { NumSerieFacturaAnulada: first!.number } });
    const [mail] = await db.select().from(outbox).where(and(eq(outbox.kind, "email"), eq(outbox.ref, `order:${placed.id}`))).orderBy(asc(outbox.id)).offset(2);
    expect(mail!.payload).toMatchObject({ to: placed.userEmail, subject: expect.stringContaining(`su pedido ${placed.number} sigue pendiente de pago`) });
    expect((mail!.payload as { text: string }).text).toContain(`La factura ${first!.number} que le enviamos queda anulada`);

    // The customer sees it annulled; the back office lists it outside the totals.
    // Its PDF says so on its face.
    expect(await pdfText((await invoicePdf(db, first!.id))!.pdf)).toContain("FACTURA ANULADA: La transferencia era del pedido de al lado");
    const mine = await loadMyOrder({ id: placed.userId!, email: placed.userEmail } as never, placed.number);
    expect(mine?.invoices.map((invoice) => invoice.label)).toEqual(["Factura anulada"]);

    // Paid for real: a new invoice, the next number; it is the one a cancellation rectifies.
    await pay(placed.number, new Date("2031-06-12T10:00:00Z"));
    const issued = await db.select().from(invoices).where(eq(invoices.orderId, placed.id)).orderBy(asc(invoices.id));
    expect(issued.map((invoice) => invoice.number)).toEqual([first!.number, first!.number.replace(/\d{6}$/, (n) => String(Number(n) + 1).padStart(6, "0"))]);
    const cancelled = await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "Ya no lo quiere" } }, new Date("2031-06-13T10:00:00Z"));
    expect(cancelled.ok).toBe(true);
    const [rectifying] = await db.select().from(invoices).where(and(eq(invoices.orderId, placed.id), eq(invoices.series, "R")));
    expect(rectifying!.rectifiesId).toBe(issued[1]!.id);

    const list = await listInvoices(db, (parseInvoiceFilters(new URLSearchParams("desde=2031-06-01&hasta=2031-06-30")) as { ok: true; filters: never }).filters);
    expect(list.annulled).toBe(1);
    expect(list.totals.count).toBe(2);
    expect(list.totals.totalCents).toBe(0);
    const annulledRow = list.rows.find((row) => row.number === first!.number)!;
    expect(invoiceCsvRow(annulledRow)[5]).toBe("ANULADA: La transferencia era del pedido de al lado");
    expect(await verifyChain(db)).toMatchObject({ ok: true, records: 4 });
  });

  it("is refused for a card payment, an unpaid order, and a payment already rectified", async () => {
    const { db } = await ready;
    const card = await order("tarjeta");
    await db.update(orders).set({ status: "Pagado" }).where(eq(orders.id, card.id));
    expect(await undoMistakenPayment(db, owner, card.number, "Error")).toEqual({ ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.notTransfer });
    const unpaid = await order();
    expect(await undoMistakenPayment(db, owner, unpaid.number, "Error")).toEqual({ ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.notPaid("Pendiente de Pago") });
    expect(await undoMistakenPayment(db, owner, "9999-999999", "Error")).toMatchObject({ ok: false, status: 404 });
    const rectified = await order();
    await pay(rectified.number);
    await db.transaction((tx) => rectifyInvoice(tx, rectified.id, { amountCents: 1000, reason: "Descuento" }, NOW));
    expect(await undoMistakenPayment(db, owner, rectified.number, "Error")).toEqual({ ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.followed });
    const [still] = await db.select().from(orders).where(eq(orders.id, rectified.id));
    expect(still!.status).toBe("Pagado");
  });

  it("is the status table's undo-payment move: one history line Pagado -> Pendiente de Pago, and refused once a refund exists", async () => {
    const { db } = await ready;
    const undone = await order();
    await pay(undone.number);
    expect(await undoMistakenPayment(db, owner, undone.number, "Era de otro pedido", NOW)).toMatchObject({ ok: true });
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, undone.id)).orderBy(asc(orderEvents.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([
      ["Pendiente de Pago", "Pagado", ADMIN],
      ["Pagado", "Pendiente de Pago", ADMIN],
    ]);
    expect(events[1]!.details).toMatchObject({ motivo: "Pago registrado por error: Era de otro pedido", factura: expect.stringMatching(/^F\d{4}-\d{6} anulada$/) });

    // A refund written for it (even one never rectified): the payment was followed, it stays.
    const refunded = await order();
    await pay(refunded.number);
    await db.insert(refunds).values({ orderId: refunded.id, channel: "transferencia", amountCents: 100, state: "hecho", refundedOn: "2031-06-10", reference: "DEV-1", actor: ADMIN });
    expect(await undoMistakenPayment(db, owner, refunded.number, "Error")).toEqual({ ok: false, status: 409, message: UNDO_PAYMENT_MESSAGES.followed });
    expect((await db.select().from(orders).where(eq(orders.id, refunded.id)))[0]!.status).toBe("Pagado");
  });

  it("the one writer of a status refuses a move the table does not allow, and writes nothing", async () => {
    const { db } = await ready;
    const unpaid = await order();
    const move = { to: "Pendiente de Pago" as const, way: "undo-payment" as const, actor: ADMIN, details: {}, now: NOW };
    await expect(
      db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, unpaid.id)).for("update");
        await recordStatusMove(tx, { ...row!, status: "Enviado" }, move);
      }),
    ).rejects.toThrow(/movimiento no permitido .*Enviado -> Pendiente de Pago \(undo-payment\)/);
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, unpaid.id))).toEqual([]);
  });
});
