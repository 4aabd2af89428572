import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { redsysConfig } from "~/server/config.server";
import { invoices } from "~/server/db/schema.server";
import { documentNumber } from "~/domain/document-numbers";
import { issueInvoice } from "~/server/invoices/issue-invoice.server";
import { moveOrderStatus } from "~/server/orders/order-status.server";
import { handleNotification } from "~/server/payments/notification.server";
import { recordTransferRefund, refundThroughRedsys } from "~/server/payments/refunds.server";
import { fakeRedsysRest, REDSYS } from "../support/refund-fixtures";
import { loader as pdfLoader } from "~/routes/invoices/order-invoice-pdf";
import { loadMyOrder } from "~/server/orders/my-orders.server";
import type { SessionUser } from "~/server/session.server";
import { setupTestDatabase } from "../db-utils";
import { signUp } from "../support/auth-utils";
import { enableTestRedsys, notification, openAttempt } from "../support/redsys-notify";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/**
 * Issue 13: an invoice is issued when an order is paid (a transfer marked paid, a card
 * payment notified), once, numbered F<year>-NNNNNN without gaps, with the parties, the lines
 * and the amounts copied in; an issued invoice can never be changed or deleted.
 */
const ready = setupTestDatabase();
enableTestRedsys();
const NOW = new Date("2031-03-10T11:00:00Z");
let serial = 0;

async function order(payMethod: "transferencia" | "tarjeta" = "transferencia") {
  const { db } = await ready;
  const product = await insertProduct(db, { stock: 10 });
  serial += 1;
  return insertTestOrder(db, { number: `${String(serial).padStart(4, "0")}-100331`, email: `factura${serial}@example.com`, createdAt: new Date("2031-03-07T09:00:00Z"), productIds: [product.id], serviceIds: [product.id], payMethod });
}

describe("invoices on payment", () => {
  it("a transfer marked paid: F2031-000001 with seller, buyer, lines without VAT, base, 21 % and the total paid", async () => {
    const { db } = await ready;
    const placed = await order();
    const moved = await moveOrderStatus(db, { email: "duena@termoclima.test" }, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2031-03-09", bankReference: "TRF-1" } }, NOW);
    expect(moved.ok).toBe(true);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(invoice).toMatchObject({
      number: "F2031-000001",
      series: "F",
      year: 2031,
      sequence: 1,
      issuedOn: "2031-03-10",
      operationOn: "2031-03-09",
      seller: { name: "Termoclima Madrid S.L.", nif: "B12345674", address: ["Calle de Alcalá 100", "28009 Madrid", "España"] },
      buyer: { name: "Lucía García Pérez", nif: "12345678Z" },
      vatRate: 21,
      totalCents: placed.amountCents,
      payMethod: "Transferencia bancaria",
      exemption: null,
    });
    // 99,00 € thermostat + 150,00 € installation + 7,95 € shipping = 256,95 €.
    expect(invoice!.lines.map((line) => [line.description, line.baseCents])).toEqual([
      [expect.stringContaining("Honeywell Prueba"), 8182],
      ["Instalación", 12397],
      ["Gastos de envío", 657],
    ]);
    expect(invoice!.baseCents).toBe(21236);
    expect(invoice!.vatCents).toBe(4459);
    expect(invoice!.baseCents + invoice!.vatCents).toBe(25695);
  });

  it("a card payment notified (twice): one invoice, the next number, the operation on the day of issue", async () => {
    const { db } = await ready;
    const placed = await order("tarjeta");
    const attempt = await openAttempt(db, placed, { now: NOW });
    const fields = notification({ code: attempt.code, amountCents: attempt.amountCents });
    await handleNotification(db, redsysConfig()!, fields, NOW);
    await handleNotification(db, redsysConfig()!, fields, NOW);
    const issued = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(issued.map((invoice) => [invoice.number, invoice.operationOn, invoice.payMethod])).toEqual([["F2031-000002", null, "Tarjeta"]]);
  });

  it("issuing again for a paid order returns the invoice it has", async () => {
    const { db } = await ready;
    const placed = await order();
    const first = await db.transaction((tx) => issueInvoice(tx, placed.id, NOW));
    const again = await db.transaction((tx) => issueInvoice(tx, placed.id, NOW));
    expect(first.issued).toBe(true);
    expect(again).toEqual({ issued: false, invoice: first.invoice });
  });

  it("a rolled-back payment leaves no gap: the next invoice takes the number it would have had", async () => {
    const { db } = await ready;
    const placed = await order();
    await expect(
      db.transaction(async (tx) => {
        await issueInvoice(tx, placed.id, NOW);
        throw new Error("el pago falla después");
      }),
    ).rejects.toThrow("el pago falla después");
    const [{ max }] = (await db.select({ max: sql<number>`max(sequence)::int` }).from(invoices)) as [{ max: number }];
    const again = await db.transaction((tx) => issueInvoice(tx, placed.id, NOW));
    expect(again.invoice.number).toBe(documentNumber("F", 2031, max + 1));
  });

  it("an issued invoice is never changed nor deleted", async () => {
    const { db } = await ready;
    const [invoice] = await db.select().from(invoices).limit(1);
    await expect(db.update(invoices).set({ totalCents: 1, baseCents: 1, vatCents: 0 }).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
  });
});

describe("rectifying invoices", () => {
  const owner = { email: "duena@termoclima.test" };
  const paidOrder = async () => {
    const { db } = await ready;
    const placed = await order();
    await moveOrderStatus(db, owner, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: "TRF-R" } }, NOW);
    const [original] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    return { placed, original: original! };
  };
  const rectifications = async (orderId: number) => {
    const { db } = await ready;
    return db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.series, "R"))).orderBy(asc(invoices.id));
  };

  it("a cancellation after payment: R<year>-NNNNNN with the original's lines negated, naming it and the reason", async () => {
    const { db } = await ready;
    const { placed, original } = await paidOrder();
    const moved = await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "Sin existencias del proveedor" } }, NOW);
    expect(moved.ok).toBe(true);
    const [rectifying] = await rectifications(placed.id);
    expect(rectifying).toMatchObject({
      series: "R",
      number: expect.stringMatching(/^R2031-\d{6}$/),
      rectifiesId: original.id,
      reason: "Pedido cancelado: Sin existencias del proveedor",
      baseCents: -original.baseCents,
      vatCents: -original.vatCents,
      totalCents: -original.totalCents,
      buyer: original.buyer,
    });
    expect(rectifying!.lines.map((line) => line.baseCents)).toEqual(original.lines.map((line) => -line.baseCents));
  });

  it("a partial refund rectifies its amount; a cancellation then rectifies the rest; nothing goes below zero", async () => {
    const { db } = await ready;
    const { placed, original } = await paidOrder();
    const refunded = await recordTransferRefund(db, owner, { orderId: placed.id, amountCents: 2000, refundedOn: "2031-03-10", reference: "DEV-1", reason: "Tapa rayada" });
    expect(refunded.ok).toBe(true);
    let rows = await rectifications(placed.id);
    expect(rows.map((row) => [row.totalCents, row.baseCents, row.vatCents, row.reason])).toEqual([[-2000, -1653, -347, "Reembolso: Tapa rayada"]]);
    await moveOrderStatus(db, owner, placed.number, { from: "Pagado", to: "Cancelado", details: { reason: "El cliente lo anuló" } }, NOW);
    rows = await rectifications(placed.id);
    expect(rows.map((row) => row.totalCents)).toEqual([-2000, -(original.totalCents - 2000)]);
    await recordTransferRefund(db, owner, { orderId: placed.id, amountCents: original.totalCents - 2000, refundedOn: "2031-03-10", reference: "DEV-2", reason: "Resto" });
    expect(await rectifications(placed.id)).toHaveLength(2);
  });

  it("giving back a second charge rectifies nothing: it was never part of the sale", async () => {
    const { db } = await ready;
    const placed = await order("tarjeta");
    const first = await openAttempt(db, placed, { now: NOW });
    const second = await openAttempt(db, placed, { method: "bizum", now: NOW });
    await handleNotification(db, redsysConfig()!, notification({ code: first.code, amountCents: first.amountCents }), NOW);
    await handleNotification(db, redsysConfig()!, notification({ code: second.code, amountCents: second.amountCents }), NOW);
    const rest = fakeRedsysRest();
    const result = await refundThroughRedsys(db, owner, { orderId: placed.id, attemptId: second.id, amountCents: second.amountCents, reason: "Cobro duplicado" }, { config: REDSYS, fetchImpl: rest.impl });
    expect(result).toMatchObject({ ok: true, state: "hecho" });
    expect(await rectifications(placed.id)).toEqual([]);
  });
});

describe("the customer's invoices", () => {
  it("Mis Pedidos lists the order's invoices; their PDFs open for the owner only", async () => {
    const { db } = await ready;
    const cookie = await signUp("factura-pdf@example.com");
    const stranger = await signUp("otra-persona@example.com");
    const product = await insertProduct(db, { stock: 10 });
    const placed = await insertTestOrder(db, { number: "9999-100331", email: "factura-pdf@example.com", createdAt: NOW, productIds: [product.id] });
    await moveOrderStatus(db, { email: "duena@termoclima.test" }, placed.number, { from: "Pendiente de Pago", to: "Pagado", details: { bankReference: "TRF-C" } }, NOW);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    const view = await loadMyOrder({ id: placed.userId!, email: placed.userEmail } as SessionUser, placed.number);
    const href = `/login/pedidos/${placed.number}/facturas/${invoice!.number}`;
    expect(view?.invoices).toEqual([{ number: invoice!.number, label: "Factura", date: "10/03/2031", totalCents: placed.amountCents, href }]);
    const open = async (who: string) => {
      try {
        return (await pdfLoader({ request: new Request(`http://localhost:3000${href}`, { headers: { cookie: who } }), params: { number: placed.number, invoice: invoice!.number }, context: {} } as never)) as Response;
      } catch (thrown) {
        return thrown as { init?: { status?: number } };
      }
    };
    const mine = (await open(cookie)) as Response;
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await mine.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect(((await open(stranger)) as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
