import { describe, expect, it } from "vitest";
import { parseRedsysRefund, parseSettle, parseTransferRefund, REFUND_REASON_MAX } from "./refund-form";

const DAYS = { orderDay: "2026-11-10", today: "2026-11-23" };

describe("the Redsys refund form", () => {
  it("reads the attempt, the amount in cents, the reason and an optional withdrawal", () => {
    expect(parseRedsysRefund({ pago: "7", importe: "1.234,56", motivo: "  Cobro   duplicado ", desistimiento: "" })).toEqual({
      ok: true,
      value: { attemptId: 7, amountCents: 123_456, reason: "Cobro duplicado", withdrawalId: null },
    });
    expect(parseRedsysRefund({ pago: "7", importe: "12", motivo: "Desistimiento", desistimiento: "3" })).toMatchObject({ value: { amountCents: 1_200, withdrawalId: 3 } });
  });

  it("says in Spanish what is wrong with each field", () => {
    expect(parseRedsysRefund({ pago: "x", importe: "12,345", motivo: " " })).toEqual({
      ok: false,
      errors: {
        pago: "Elija el pago que se devuelve.",
        importe: "Escriba el importe en euros con dos decimales como máximo, p. ej. 120,50.",
        motivo: "Escriba el motivo del reembolso (se le indica al cliente).",
      },
    });
    expect(parseRedsysRefund({ pago: "1", importe: "0,00", motivo: "x" })).toMatchObject({ errors: { importe: "El importe del reembolso debe ser mayor que 0 €." } });
    expect(parseRedsysRefund({ pago: "1", importe: "", motivo: "x" })).toMatchObject({ errors: { importe: "Indique el importe que se devuelve." } });
    expect(parseRedsysRefund({ pago: "1", importe: "-5", motivo: "x" }).ok).toBe(false);
    expect(parseRedsysRefund({ pago: "1", importe: "5", motivo: "x".repeat(REFUND_REASON_MAX + 1) })).toMatchObject({ errors: { motivo: expect.stringContaining("como máximo") } });
    expect(parseRedsysRefund({ pago: "99999999999", importe: "5", motivo: "x" }).ok).toBe(false);
    expect(parseRedsysRefund({ pago: "1", importe: "5", motivo: "x", desistimiento: "abc" })).toMatchObject({ errors: { desistimiento: "El desistimiento indicado no es válido." } });
    expect(parseRedsysRefund({}).ok).toBe(false);
  });
});

describe("the refund-transfer form", () => {
  const valid = { fecha: "2026-11-20", importe: "56,95", referencia: " ES-2026-1120-77 ", motivo: "Desistimiento" };

  it("reads the day, amount, bank reference and reason", () => {
    expect(parseTransferRefund(valid, DAYS)).toEqual({
      ok: true,
      value: { refundedOn: "2026-11-20", amountCents: 5_695, reference: "ES-2026-1120-77", reason: "Desistimiento", withdrawalId: null },
    });
    expect(parseTransferRefund({ ...valid, fecha: DAYS.orderDay }, DAYS).ok).toBe(true);
    expect(parseTransferRefund({ ...valid, fecha: DAYS.today }, DAYS).ok).toBe(true);
  });

  it("a day after today or before the order, or not a day; a missing reference", () => {
    expect(parseTransferRefund({ ...valid, fecha: "2026-11-24" }, DAYS)).toEqual({ ok: false, errors: { fecha: "La fecha de la transferencia no puede ser posterior a hoy." } });
    expect(parseTransferRefund({ ...valid, fecha: "2026-11-09" }, DAYS)).toEqual({
      ok: false,
      errors: { fecha: "La fecha de la transferencia no puede ser anterior al pedido (10/11/2026)." },
    });
    expect(parseTransferRefund({ ...valid, fecha: "2026-02-30", referencia: "" }, DAYS)).toEqual({
      ok: false,
      errors: {
        fecha: "Indique el día en que se hizo la transferencia (día, mes y año).",
        referencia: "Escriba la referencia de la transferencia que aparece en el banco.",
      },
    });
    // The day is checked even when another field is wrong.
    expect(parseTransferRefund({ ...valid, fecha: "2030-01-01", importe: "x" }, DAYS)).toMatchObject({ errors: { fecha: expect.stringContaining("posterior a hoy"), importe: expect.any(String) } });
  });
});

describe("settling a refund Redsys never answered", () => {
  it("done or not done, after looking at the bank", () => {
    expect(parseSettle({ reembolso: "4", resultado: "hecho" })).toEqual({ ok: true, value: { refundId: 4, done: true } });
    expect(parseSettle({ reembolso: "4", resultado: "no-hecho" })).toEqual({ ok: true, value: { refundId: 4, done: false } });
    expect(parseSettle({ reembolso: "4", resultado: "quizá" })).toEqual({ ok: false, errors: { resultado: "Indique si el banco muestra el reembolso hecho o no." } });
  });
});
