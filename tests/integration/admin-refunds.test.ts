import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { madridDay } from "~/domain/dates/madrid-dates";
import { decimalEuros } from "~/domain/money";
import { action as orderAction, loader as orderLoader } from "~/routes/orders/admin-order";
import { action as withdrawalAction, loader as withdrawalLoader } from "~/routes/orders/admin-withdrawal";
import { resetConfigForTests } from "~/server/config.server";
import { auditLog, outbox } from "~/server/db/shared-schema.server";
import { orderEvents, orders, withdrawals } from "~/server/orders/orders-schema.server";
import { paymentAttempts, refunds } from "~/server/payments/payments-schema.server";
import type { MailMessage } from "~/server/mail.server";
import { refundThroughRedsys, recordTransferRefund, settleUnknownRefund } from "~/server/payments/refunds.server";
import { setupTestDatabase } from "../db-utils";
import { adminCookie, adminRequest, settle } from "../support/admin-utils";
import { addAttempt, fakeRedsysRest, paidCardOrder, REDSYS } from "../support/refund-fixtures";
import { insertProduct, insertTestOrder } from "../support/transfer-orders";

/*
 * Refunds from the back office's order page (issue 12, "Refunds"): through Redsys (done,
 * refused, unanswered and settled by hand), by transfer, never more than was paid (also with
 * refunds at once), each one audited, in the order's history and e-mailed to the customer;
 * a withdrawal is closed by its refund.
 */
const ready = setupTestDatabase();
const ADMIN = "admin-reembolsos@termoclima.test";
const ACTOR = { email: ADMIN };
let cookie = "";
const redsys = fakeRedsysRest();
const realFetch = globalThis.fetch;
const ENV = { REDSYS_MERCHANT_CODE: REDSYS.merchantCode, REDSYS_TERMINAL: REDSYS.terminal, REDSYS_SECRET_KEY: REDSYS.secretKey, REDSYS_REST_URL: REDSYS.restUrl };

beforeAll(async () => {
  const { db } = await ready;
  cookie = await adminCookie(db, ADMIN);
  Object.assign(process.env, ENV);
  resetConfigForTests();
  vi.stubGlobal("fetch", (url: string | URL | Request, init?: RequestInit) => (String(url) === REDSYS.restUrl ? redsys.impl(url, init) : realFetch(url, init)));
});
afterAll(() => {
  for (const key of Object.keys(ENV)) delete process.env[key];
  resetConfigForTests();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  redsys.setMode("accept");
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;
const post = (number: string, form: Record<string, string>, withCookie = cookie) =>
  settle(() => orderAction(args(adminRequest(`/admin/pedidos/${number}`, withCookie, form), { number })));
type Page = Exclude<Awaited<ReturnType<typeof orderLoader>>, Response>;
const page = async (number: string, search = "") => (await orderLoader(args(adminRequest(`/admin/pedidos/${number}${search}`, cookie), { number }))) as Page;

async function facts(orderId: number) {
  const { db } = await ready;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return {
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    audits: await db.select().from(auditLog).where(and(eq(auditLog.entity, "pedido"), eq(auditLog.entityId, order!.number))).orderBy(asc(auditLog.id)),
    mails: (await db.select().from(outbox).where(eq(outbox.ref, `order:${orderId}`)).orderBy(asc(outbox.id))).map((row) => row.payload as MailMessage),
  };
}

const today = () => madridDay(new Date());

describe("a card order: the page shows its payments and what is left", () => {
  it("lists every attempt with Redsys's answer, and prefills the refund with what is left", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    await addAttempt(db, order.id, { amountCents: order.amountCents, state: "denegado" });
    const view = (await page(order.number)).order.payments;
    expect(view).toMatchObject({ paidCents: order.amountCents, leftCents: order.amountCents, redsysEnabled: true });
    expect(view.attempts.map((row) => [row.method, row.code.length, row.stateLabel, row.response, row.authorisationCode])).toEqual([
      ["Tarjeta", 12, "Pagado", "0000 Operación autorizada", "A1B2C3"],
      ["Tarjeta", 12, "Denegado", "0190 Denegación del emisor sin especificar motivo", null],
    ]);
    expect(view.attempts[0]).toMatchObject({ id: attempt.id, leftCents: order.amountCents });
    expect(view.attempts[1]!.leftCents).toBe(0);
  });
});

describe("a refund through Redsys", () => {
  it("partial: done, with the authorisation code; audited, in the history, e-mailed; what is left goes down", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db, { units: 2 });
    const done = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "12,00", motivo: "Un termostato llegó rayado" });
    expect(done.status).toBe(302);
    const { refunds: rows, events, audits, mails } = await facts(order.id);
    expect(done.location).toBe(`/admin/pedidos/${order.number}?hecho=reembolso&id=${rows[0]!.id}#reembolsos`);
    expect(redsys.calls.at(-1)).toEqual({ order: attempt.code, amountCents: 1200, signatureOk: true });
    expect(rows).toMatchObject([
      { channel: "redsys", attemptId: attempt.id, amountCents: 1200, state: "hecho", responseCode: "0900", responseMeaning: "Devolución o confirmación aceptada", actor: ADMIN, reason: "Un termostato llegó rayado" },
    ]);
    expect(rows[0]!.reference).toMatch(/^R\d{5}$/);
    expect(rows[0]!.response).toMatchObject({ Ds_Order: attempt.code, Ds_Response: "0900" });
    expect(events).toMatchObject([{ fromStatus: "Pagado", toStatus: "Pagado", actor: ADMIN, details: { reembolso: "12,00\u00a0€", medio: "Tarjeta (Redsys)", referencia: rows[0]!.reference } }]);
    expect(audits).toMatchObject([{ action: "reembolsar", actor: ADMIN, before: { reembolsadoCents: 0 }, after: { reembolsadoCents: 1200, importeCents: 1200, medio: "Tarjeta (Redsys)" } }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: order.userEmail, subject: expect.stringContaining(`le hemos devuelto 12,00\u00a0€ del pedido ${order.number}`) });
    expect(mails[0]!.text).toContain("Vuelve a la misma tarjeta o cuenta Bizum con la que pagó en unos días");
    expect(mails[0]!.text).toContain(`/login/pedidos/${order.number}`);
    expect(mails[0]!.text).toContain("Motivo: Un termostato llegó rayado");

    const after = await page(order.number, `?hecho=reembolso&id=${rows[0]!.id}`);
    expect(after.refund).toMatchObject({ state: "hecho", amountCents: 1200, means: "Tarjeta (Redsys)" });
    expect(after.order.payments).toMatchObject({ refundedCents: 1200, leftCents: order.amountCents - 1200 });
    expect(after.order.events.at(-1)).toMatchObject({ refund: true, details: [{ label: "Importe", value: "12,00\u00a0€" }, { label: "Medio", value: "Tarjeta (Redsys)" }, { label: "Referencia" }, { label: "Motivo" }] });
  });

  it("more than is left: 409 next to the amount, the form echoed, nothing sent to Redsys", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    await refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 1000, reason: "Parte" }, { config: REDSYS, fetchImpl: redsys.impl });
    const sent = redsys.calls.length;
    const left = order.amountCents - 1000;
    const over = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: decimalEuros(left + 1), motivo: "Todo" });
    expect(over.status).toBe(409);
    expect(over.data).toMatchObject({
      intent: "reembolso-redsys",
      errors: { importe: `El reembolso no puede superar lo pagado: quedan ${decimalEuros(left)}\u00a0€ por devolver.` },
      values: { pago: String(attempt.id), motivo: "Todo" },
    });
    expect(redsys.calls.length).toBe(sent);
    expect((await facts(order.id)).refunds).toHaveLength(1);
  });

  it("bad input: 400 with Spanish messages per field, nothing recorded", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    const bad = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "doce", motivo: "" });
    expect(bad).toMatchObject({
      status: 400,
      data: { errors: { importe: "Escriba el importe en euros con dos decimales como máximo, p. ej. 120,50.", motivo: "Escriba el motivo del reembolso (se le indica al cliente)." }, values: { importe: "doce" } },
    });
    // An attempt of another order.
    const other = await paidCardOrder(db);
    const foreign = await post(order.number, { intent: "reembolso-redsys", pago: String(other.attempt.id), importe: "1", motivo: "x" });
    expect(foreign).toMatchObject({ status: 400, data: { errors: { pago: "Ese pago no es de este pedido." } } });
    expect((await facts(order.id)).refunds).toHaveLength(0);
  });

  it("refused by Redsys (a signed 0950, or a SIS error): recorded as refused, nothing goes back, no e-mail", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    redsys.setMode("deny");
    expect((await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "5", motivo: "x" })).status).toBe(302);
    redsys.setMode("error");
    expect((await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "5", motivo: "x" })).status).toBe(302);
    const { refunds: rows, mails, events, audits } = await facts(order.id);
    expect(rows.map((row) => [row.state, row.responseCode, row.responseMeaning])).toEqual([
      ["rechazado", "0950", "Operación de devolución no permitida"],
      ["rechazado", "SIS0057", "Error de Redsys SIS0057"],
    ]);
    expect(mails).toEqual([]);
    expect(events).toEqual([]);
    expect(audits.map((line) => line.action)).toEqual(["reembolso rechazado", "reembolso rechazado"]);
    const view = await page(order.number, `?hecho=reembolso&id=${rows[0]!.id}`);
    expect(view.refund).toMatchObject({ state: "rechazado", response: "0950 Operación de devolución no permitida" });
    expect(view.order.payments.leftCents).toBe(order.amountCents);
  });

  it("no answer (timeout) or an answer we cannot trust: stays 'enviando', keeps counting, settled by hand", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    redsys.setMode("silent");
    const silent = await refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 3000, reason: "x" }, { config: REDSYS, fetchImpl: redsys.impl, timeoutMs: 100 });
    expect(silent).toMatchObject({ ok: true, state: "enviando", message: expect.stringContaining("Sin respuesta de Redsys: compruebe en el portal del banco") });
    redsys.setMode("bad-signature");
    const forged = await refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 2000, reason: "x" }, { config: REDSYS, fetchImpl: redsys.impl });
    redsys.setMode("other-amount");
    const mismatched = await refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 1000, reason: "x" }, { config: REDSYS, fetchImpl: redsys.impl });
    expect([forged, mismatched].map((result) => result.ok && result.state)).toEqual(["enviando", "enviando"]);
    let { refunds: rows, mails } = await facts(order.id);
    expect(rows.map((row) => [row.state, row.responseMeaning])).toEqual([
      ["enviando", "Sin respuesta de Redsys: compruebe en el portal del banco antes de repetirlo"],
      ["enviando", "Sin respuesta de Redsys: compruebe en el portal del banco antes de repetirlo"],
      ["enviando", "Sin respuesta de Redsys: compruebe en el portal del banco antes de repetirlo"],
    ]);
    expect(mails).toEqual([]);
    // They count: only what is left after them may still go.
    const left = order.amountCents - 6000;
    redsys.setMode("accept");
    const over = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: decimalEuros(left + 1), motivo: "x" });
    expect(over.status).toBe(409);
    const view = (await page(order.number)).order.payments;
    expect(view).toMatchObject({ pendingCents: 6000, leftCents: left });
    expect(view.refunds.map((row) => [row.stateLabel, row.settleable])).toEqual([
      ["Sin respuesta", true],
      ["Sin respuesta", true],
      ["Sin respuesta", true],
    ]);

    // The bank shows the first done, the second not; the third belongs to no other order.
    expect((await post(order.number, { intent: "reembolso-comprobado", reembolso: String(rows[0]!.id), resultado: "hecho" })).status).toBe(302);
    expect((await post(order.number, { intent: "reembolso-comprobado", reembolso: String(rows[1]!.id), resultado: "no-hecho" })).status).toBe(302);
    const other = await paidCardOrder(db);
    expect((await post(other.order.number, { intent: "reembolso-comprobado", reembolso: String(rows[2]!.id), resultado: "hecho" })).status).toBe(404);
    // Settled once only.
    expect(await settleUnknownRefund(db, ACTOR, rows[0]!.id, false)).toMatchObject({ ok: false, status: 409, message: "Este reembolso ya está resuelto." });

    ({ refunds: rows, mails } = await facts(order.id));
    expect(rows.map((row) => row.state)).toEqual(["hecho", "rechazado", "enviando"]);
    expect(rows[0]!.responseMeaning).toBe(`Hecho: comprobado en el portal del banco por ${ADMIN}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("le hemos devuelto 30,00\u00a0€");
    expect((await page(order.number)).order.payments).toMatchObject({ refundedCents: 3000, pendingCents: 1000, leftCents: order.amountCents - 4000 });
  });

  it("a refund still being sent (no answer recorded yet, not long ago) cannot be settled by hand", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    redsys.hold();
    const inFlight = refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 500, reason: "x" }, { config: REDSYS, fetchImpl: redsys.impl });
    await vi.waitFor(async () => expect((await facts(order.id)).refunds).toHaveLength(1));
    const [row] = (await facts(order.id)).refunds;
    expect(row!.state).toBe("enviando");
    expect(await settleUnknownRefund(db, ACTOR, row!.id, true)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("se está enviando ahora mismo") });
    redsys.release();
    expect(await inFlight).toMatchObject({ ok: true, state: "hecho" });
  });

  it("Redsys not configured: refused with a pointer to the transfer form", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    expect(await refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: 500, reason: "x" }, { config: null })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("registre el reembolso por transferencia"),
    });
  });
});

describe("a second charge ('a reembolsar')", () => {
  it("is flagged until all of it is back, then shown as refunded; the first charge stays refundable", async () => {
    const { db } = await ready;
    const { order } = await paidCardOrder(db, { method: "bizum" });
    const duplicate = await addAttempt(db, order.id, { amountCents: order.amountCents, state: "a reembolsar", method: "bizum" });
    let view = (await page(order.number)).order.payments;
    expect(view.attempts[1]).toMatchObject({ stateLabel: "Cobro duplicado: reembolsar", flagged: true, leftCents: order.amountCents });
    expect(view.paidCents).toBe(2 * order.amountCents);
    const amount = decimalEuros(order.amountCents);
    expect((await post(order.number, { intent: "reembolso-redsys", pago: String(duplicate.id), importe: amount, motivo: "Cobro duplicado del pedido" })).status).toBe(302);
    view = (await page(order.number)).order.payments;
    expect(view.attempts[1]).toMatchObject({ stateLabel: "Cobro duplicado: reembolsado", flagged: false, leftCents: 0 });
    expect(view.attempts[0]!.leftCents).toBe(order.amountCents);
    const [attemptRow] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, duplicate.id));
    expect(attemptRow!.state).toBe("a reembolsar");
    expect((await facts(order.id)).events[0]!.details.medio).toBe("Bizum (Redsys)");
  });
});

describe("a refund by transfer", () => {
  it("nothing to refund before the order is paid", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 3 });
    const unpaid = await insertTestOrder(db, { number: "8801-201126", email: "t@example.com", createdAt: new Date(Date.now() - 86_400_000), productIds: [product.id] });
    const refused = await post(unpaid.number, { intent: "reembolso-transferencia", fecha: today(), importe: "10", referencia: "R1", motivo: "x" });
    expect(refused).toMatchObject({ status: 409, data: { errors: { importe: expect.stringContaining("no queda nada por devolver") } } });
  });

  it("of a paid transfer order: date and reference recorded, told to the customer", async () => {
    const { db } = await ready;
    const product = await insertProduct(db, { stock: 3 });
    const order = await insertTestOrder(db, { number: "8802-201126", email: "t2@example.com", createdAt: new Date(Date.now() - 3 * 86_400_000), productIds: [product.id], status: "Pagado" });
    await db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
    const future = await post(order.number, { intent: "reembolso-transferencia", fecha: "2999-01-01", importe: "10", referencia: "R1", motivo: "x" });
    expect(future).toMatchObject({ status: 400, data: { errors: { fecha: "La fecha de la transferencia no puede ser posterior a hoy." }, values: { referencia: "R1" } } });
    const done = await post(order.number, { intent: "reembolso-transferencia", fecha: today(), importe: "106,95", referencia: "TRF-0001", motivo: "Pedido anulado por el cliente" });
    expect(done.status).toBe(302);
    const { refunds: rows, mails, audits, events } = await facts(order.id);
    expect(rows).toMatchObject([{ channel: "transferencia", attemptId: null, amountCents: 10695, state: "hecho", refundedOn: today(), reference: "TRF-0001" }]);
    expect(mails[0]!.text).toContain(`Se lo hemos enviado por transferencia bancaria el ${today().split("-").reverse().join("/")}, con la referencia TRF-0001.`);
    expect(audits.map((line) => line.action)).toEqual(["reembolsar"]);
    expect(events[0]!.details).toMatchObject({ medio: "Transferencia", referencia: "TRF-0001" });
    expect((await post(order.number, { intent: "reembolso-transferencia", fecha: today(), importe: "0,01", referencia: "R2", motivo: "x" })).status).toBe(409);
  });

  it("of a card order whose Redsys refund is impossible: allowed, and it lowers what Redsys may give back", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    expect((await recordTransferRefund(db, ACTOR, { orderId: order.id, amountCents: order.amountCents - 100, refundedOn: today(), reference: "TRF-2", reason: "Tarjeta caducada" })).ok).toBe(true);
    const view = (await page(order.number)).order.payments;
    expect(view.attempts[0]!.leftCents).toBe(100);
    expect((await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "1,01", motivo: "x" })).status).toBe(409);
  });
});

describe("refunds at once never exceed what was paid (PGlite)", () => {
  it("two administrators refunding most of the same charge: one goes, the other is told what is left", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    const most = order.amountCents - 100;
    redsys.hold();
    const first = refundThroughRedsys(db, ACTOR, { orderId: order.id, attemptId: attempt.id, amountCents: most, reason: "a" }, { config: REDSYS, fetchImpl: redsys.impl });
    const second = refundThroughRedsys(db, { email: "otra@termoclima.test" }, { orderId: order.id, attemptId: attempt.id, amountCents: most, reason: "b" }, { config: REDSYS, fetchImpl: redsys.impl });
    const third = recordTransferRefund(db, ACTOR, { orderId: order.id, amountCents: most, refundedOn: today(), reference: "T", reason: "c" });
    await vi.waitFor(() => expect(redsys.calls.filter((call) => call.order === attempt.code)).toHaveLength(1));
    redsys.release();
    const results = await Promise.all([first, second, third]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toMatchObject([
      { status: 409, message: "El reembolso no puede superar lo pagado: quedan 1,00\u00a0€ por devolver." },
      { status: 409, message: "El reembolso no puede superar lo pagado: quedan 1,00\u00a0€ por devolver." },
    ]);
    const { refunds: rows } = await facts(order.id);
    expect(rows.filter((row) => row.state !== "rechazado").reduce((sum, row) => sum + row.amountCents, 0)).toBe(most);
  });

  it("many small transfer refunds at once: exactly what was paid, not a cent more", async () => {
    const { db } = await ready;
    const { order } = await paidCardOrder(db);
    const piece = Math.ceil(order.amountCents / 7);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => recordTransferRefund(db, ACTOR, { orderId: order.id, amountCents: piece, refundedOn: today(), reference: `T${i}`, reason: "x" })));
    const taken = results.filter((result) => result.ok).length * piece;
    expect(taken).toBeLessThanOrEqual(order.amountCents);
    expect(taken + piece).toBeGreaterThan(order.amountCents);
  });
});

describe("a withdrawal ends in one of these refunds", () => {
  async function withdrawnOrder(state: "recibido" | "devuelto") {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    const [row] = await db.insert(withdrawals).values({ orderId: order.id, userEmail: order.userEmail, reason: "No lo necesito", state }).returning();
    return { order, attempt, withdrawal: row! };
  }

  it("the withdrawal page points to the order's refunds; typing a date and an amount there no longer refunds", async () => {
    const { withdrawal, order } = await withdrawnOrder("devuelto");
    const id = String(withdrawal.id);
    const view = await withdrawalLoader(args(adminRequest(`/admin/desistimientos/${id}`, cookie), { id }));
    expect(view).toMatchObject({ withdrawal: { state: "devuelto" }, order: { number: order.number } });
    const typed = await settle(() => withdrawalAction(args(adminRequest(`/admin/desistimientos/${id}`, cookie, { intent: "refund", date: today(), amount: "10" }), { id })));
    expect(typed).toMatchObject({ status: 400, data: { errors: { form: `El reembolso se hace desde la página del pedido ${order.number}, por Redsys o registrando la transferencia.` } } });
  });

  it("a Redsys refund linked to the withdrawal closes it, with its date and amount, in the same transaction", async () => {
    const { db } = await ready;
    const { order, attempt, withdrawal } = await withdrawnOrder("devuelto");
    expect((await page(order.number)).order.payments.openWithdrawalId).toBe(withdrawal.id);
    const done = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "20", motivo: "Desistimiento", desistimiento: String(withdrawal.id) });
    expect(done.status).toBe(302);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ state: "reembolsado", refundCents: 2000 });
    expect(madridDay(row!.refundedAt!)).toBe(today());
    const lines = await db.select().from(auditLog).where(and(eq(auditLog.entity, "desistimiento"), eq(auditLog.entityId, String(withdrawal.id))));
    expect(lines).toMatchObject([{ action: "reembolso", actor: ADMIN, before: { state: "devuelto" }, after: { state: "reembolsado", refundCents: 2000, pedido: order.number } }]);
    const view = (await page(order.number)).order;
    expect(view.payments.openWithdrawalId).toBeNull();
    expect(view.payments.refunds[0]!.closesWithdrawal).toBe(true);
    // Closed: a second refund cannot close it again.
    const again = await post(order.number, { intent: "reembolso-transferencia", fecha: today(), importe: "1", referencia: "T", motivo: "x", desistimiento: String(withdrawal.id) });
    expect(again).toMatchObject({ status: 409, data: { errors: { desistimiento: "El desistimiento ya está «Reembolsado»: este reembolso no puede cerrarlo." } } });
  });

  it("a refund Redsys refuses leaves the withdrawal open; one that is not linked leaves it alone", async () => {
    const { db } = await ready;
    const { order, attempt, withdrawal } = await withdrawnOrder("recibido");
    redsys.setMode("deny");
    await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "20", motivo: "x", desistimiento: String(withdrawal.id) });
    redsys.setMode("accept");
    await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "20", motivo: "x" });
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row!.state).toBe("recibido");
    // A withdrawal of another order cannot be closed from this one.
    const other = await withdrawnOrder("devuelto");
    const foreign = await post(order.number, { intent: "reembolso-transferencia", fecha: today(), importe: "1", referencia: "T", motivo: "x", desistimiento: String(other.withdrawal.id) });
    expect(foreign).toMatchObject({ status: 400, data: { errors: { desistimiento: "Ese desistimiento no es de este pedido." } } });
  });

  it("a transfer refund closes it with the transfer's day", async () => {
    const { db } = await ready;
    const { order, withdrawal } = await withdrawnOrder("devuelto");
    const day = madridDay(new Date(Date.now() - 86_400_000));
    expect((await post(order.number, { intent: "reembolso-transferencia", fecha: day, importe: "30", referencia: "TRF-9", motivo: "Desistimiento", desistimiento: String(withdrawal.id) })).status).toBe(302);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ state: "reembolsado", refundCents: 3000 });
    expect(madridDay(row!.refundedAt!)).toBe(day);
  });
});

describe("only administrators", () => {
  it("a refund posted without an administrator's session is a 404 and changes nothing", async () => {
    const { db } = await ready;
    const { order, attempt } = await paidCardOrder(db);
    const anonymous = await post(order.number, { intent: "reembolso-redsys", pago: String(attempt.id), importe: "5", motivo: "x" }, "");
    expect(anonymous.status).toBe(404);
    expect((await facts(order.id)).refunds).toEqual([]);
  });
});
