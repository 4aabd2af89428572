import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ATTEMPT_STATES, type AttemptState, type RefundState } from "./payment-states";
import { checkRefund, refundable, type OrderPaymentFacts, type RefundAsk, type RefundFacts } from "./refundable";

const card = (id: number, amountCents: number, state: AttemptState = "pagado") => ({ id, method: "tarjeta" as const, state, amountCents });
const redsys = (attemptId: number, amountCents: number, state: RefundState = "hecho"): RefundFacts => ({ channel: "redsys", attemptId, amountCents, state });
const transfer = (amountCents: number, state: RefundState = "hecho"): RefundFacts => ({ channel: "transferencia", attemptId: null, amountCents, state });
const PAID_AT = new Date("2026-11-20T10:00:00Z");

describe("what was paid", () => {
  it("a card order: its paid attempts, not the denied or pending ones", () => {
    const state = refundable({ amountCents: 10_000, paidAt: PAID_AT, attempts: [card(1, 10_000, "denegado"), card(2, 10_000), card(3, 10_000, "pendiente")], refunds: [] });
    expect(state).toMatchObject({ paidCents: 10_000, paidOutsideCents: 0, leftCents: 10_000 });
    expect(state.attempts.map((a) => [a.id, a.charged, a.leftCents])).toEqual([
      [1, false, 0],
      [2, true, 10_000],
      [3, false, 0],
    ]);
  });

  it("a second charge ('a reembolsar') is money taken too, and flagged as a duplicate", () => {
    const state = refundable({ amountCents: 10_000, paidAt: PAID_AT, attempts: [card(1, 10_000), card(2, 10_000, "a reembolsar")], refunds: [] });
    expect(state.paidCents).toBe(20_000);
    expect(state.attempts[1]).toMatchObject({ duplicate: true, leftCents: 10_000 });
  });

  it("a transfer order: its amount once marked paid, nothing before", () => {
    expect(refundable({ amountCents: 5_695, paidAt: null, attempts: [], refunds: [] })).toMatchObject({ paidCents: 0, leftCents: 0 });
    expect(refundable({ amountCents: 5_695, paidAt: "2026-11-20", attempts: [], refunds: [] })).toMatchObject({ paidCents: 5_695, paidOutsideCents: 5_695 });
  });

  it("a card order switched to transfer after a denied card: the transfer is what was paid", () => {
    expect(refundable({ amountCents: 5_000, paidAt: PAID_AT, attempts: [card(1, 5_000, "denegado")], refunds: [] }).paidCents).toBe(5_000);
    // ...and a late card charge on top of it is a duplicate to give back.
    expect(refundable({ amountCents: 5_000, paidAt: PAID_AT, attempts: [card(1, 5_000, "a reembolsar")], refunds: [] }).paidCents).toBe(10_000);
  });
});

describe("what is left", () => {
  const order: OrderPaymentFacts = {
    amountCents: 12_000,
    paidAt: PAID_AT,
    attempts: [card(1, 12_000)],
    refunds: [redsys(1, 1_000), redsys(1, 500, "enviando"), redsys(1, 9_000, "rechazado")],
  };

  it("done and still-sending refunds are taken; refused ones are not", () => {
    const state = refundable(order);
    expect(state).toMatchObject({ refundedCents: 1_000, pendingCents: 500, leftCents: 10_500 });
    expect(state.attempts[0]).toMatchObject({ refundedCents: 1_000, pendingCents: 500, leftCents: 10_500 });
  });

  it("a transfer refund of a card order lowers what Redsys may still give back", () => {
    const state = refundable({ ...order, refunds: [transfer(11_000)] });
    expect(state.leftCents).toBe(1_000);
    expect(state.attempts[0]!.leftCents).toBe(1_000);
  });

  it("a refund up to what is left passes; a cent more is refused in Spanish, with 409", () => {
    const state = refundable(order);
    expect(checkRefund(state, { channel: "redsys", attemptId: 1, amountCents: 10_500 })).toEqual({ ok: true });
    expect(checkRefund(state, { channel: "transferencia", amountCents: 10_501 })).toEqual({
      ok: false,
      status: 409,
      message: "El reembolso no puede superar lo pagado: quedan 105,00\u00a0€ por devolver.",
    });
  });

  it("a Redsys refund is also limited to its own charge", () => {
    const state = refundable({ amountCents: 10_000, paidAt: PAID_AT, attempts: [card(1, 10_000), card(2, 10_000, "a reembolsar")], refunds: [redsys(2, 2_000)] });
    expect(checkRefund(state, { channel: "redsys", attemptId: 2, amountCents: 8_001 })).toMatchObject({
      status: 409,
      message: "El reembolso no puede superar lo cobrado en ese pago: quedan 80,00\u00a0€ por devolver de él.",
    });
    expect(checkRefund(state, { channel: "transferencia", amountCents: 18_000 })).toEqual({ ok: true });
    const done = refundable({ amountCents: 10_000, paidAt: PAID_AT, attempts: [card(1, 10_000), card(2, 10_000, "a reembolsar")], refunds: [redsys(2, 10_000)] });
    expect(checkRefund(done, { channel: "redsys", attemptId: 2, amountCents: 1 })).toMatchObject({ status: 409, message: expect.stringContaining("ya se ha devuelto entero") });
  });

  it("refuses an attempt of another order, an attempt that took nothing, nothing left, and a zero amount", () => {
    const state = refundable({ amountCents: 1_000, paidAt: PAID_AT, attempts: [card(1, 1_000, "denegado"), card(2, 1_000)], refunds: [redsys(2, 1_000)] });
    expect(checkRefund(state, { channel: "redsys", attemptId: 99, amountCents: 1 })).toMatchObject({ status: 400, message: "Ese pago no es de este pedido." });
    expect(checkRefund(state, { channel: "redsys", attemptId: 1, amountCents: 1 })).toMatchObject({ status: 409, message: expect.stringContaining("no llegó a cobrarse") });
    expect(checkRefund(state, { channel: "transferencia", amountCents: 1 })).toMatchObject({ status: 409, message: expect.stringContaining("no queda nada por devolver") });
    expect(checkRefund(refundable({ amountCents: 1_000, paidAt: PAID_AT, attempts: [], refunds: [] }), { channel: "transferencia", amountCents: 0 })).toMatchObject({
      status: 400,
    });
  });
});

describe("whatever happens, never more than was paid", () => {
  const attemptArb = fc.record({
    method: fc.constantFrom("tarjeta" as const, "bizum" as const),
    state: fc.constantFrom(...ATTEMPT_STATES),
    amountCents: fc.integer({ min: 1, max: 50_000 }),
  });
  const askArb = fc.record({
    transfer: fc.boolean(),
    attemptIndex: fc.nat(6),
    amountCents: fc.integer({ min: -10, max: 60_000 }),
    /** What Redsys (or the bank) then said. */
    result: fc.constantFrom<RefundState>("enviando", "hecho", "rechazado"),
  });

  it("refunds accepted one after another never exceed what was paid, in total or per charge", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.boolean(),
        fc.array(attemptArb, { maxLength: 5 }),
        fc.array(askArb, { maxLength: 25 }),
        (amountCents, paid, attemptSpecs, asks) => {
          const attempts = attemptSpecs.map((spec, index) => ({ id: index + 1, ...spec }));
          const refunds: RefundFacts[] = [];
          for (const ask of asks) {
            const request: RefundAsk = ask.transfer
              ? { channel: "transferencia", amountCents: ask.amountCents }
              : { channel: "redsys", attemptId: ask.attemptIndex + 1, amountCents: ask.amountCents };
            const before = refundable({ amountCents, paidAt: paid ? PAID_AT : null, attempts, refunds });
            const verdict = checkRefund(before, request);
            if (verdict.ok) refunds.push({ channel: request.channel, attemptId: request.channel === "redsys" ? request.attemptId : null, amountCents: request.amountCents, state: ask.result });
            const after = refundable({ amountCents, paidAt: paid ? PAID_AT : null, attempts, refunds });
            const taken = refunds.filter((r) => r.state !== "rechazado").reduce((total, r) => total + r.amountCents, 0);
            expect(taken).toBeLessThanOrEqual(after.paidCents);
            expect(after.leftCents).toBe(after.paidCents - taken);
            for (const attempt of attempts) {
              const onIt = refunds.filter((r) => r.attemptId === attempt.id && r.state !== "rechazado").reduce((total, r) => total + r.amountCents, 0);
              expect(onIt).toBeLessThanOrEqual(attempt.state === "pagado" || attempt.state === "a reembolsar" ? attempt.amountCents : 0);
            }
          }
        },
      ),
    );
  });

  it("exactly what is left is always accepted, a cent more never", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.array(fc.integer({ min: 1, max: 20_000 }), { maxLength: 4 }), (amountCents, done) => {
        const state = refundable({ amountCents, paidAt: PAID_AT, attempts: [], refunds: done.map((cents) => transfer(cents, "rechazado")) });
        expect(state.leftCents).toBe(amountCents);
        expect(checkRefund(state, { channel: "transferencia", amountCents }).ok).toBe(true);
        expect(checkRefund(state, { channel: "transferencia", amountCents: amountCents + 1 }).ok).toBe(false);
      }),
    );
  });
});
