import { describe, expect, it } from "vitest";
import { MOVE_MESSAGES, parseMove, parseNotes } from "./status-move";

const TODAY = "2026-05-10";
const transfer = { payMethod: "transferencia" };
const card = { payMethod: "tarjeta" };

describe("parseMove", () => {
  it("marks a transfer paid with its date and bank reference", () => {
    expect(parseMove(transfer, { actual: "Pendiente de Pago", destino: "Pagado", fecha: "2026-05-09", referencia: " REF-778 " }, TODAY)).toEqual({
      ok: true,
      move: { from: "Pendiente de Pago", to: "Pagado", details: { paidOn: "2026-05-09", bankReference: "REF-778" } },
    });
  });

  it("requires both for a transfer, neither for other methods", () => {
    expect(parseMove(transfer, { actual: "Pendiente de Pago", destino: "Pagado" }, TODAY)).toEqual({
      ok: false,
      errors: { fecha: MOVE_MESSAGES.paidOnRequired, referencia: MOVE_MESSAGES.referenceRequired },
    });
    expect(parseMove(card, { actual: "Pendiente de Pago", destino: "Pagado" }, TODAY)).toEqual({
      ok: true,
      move: { from: "Pendiente de Pago", to: "Pagado", details: {} },
    });
  });

  it("refuses a payment date in the future or not a date", () => {
    const future = parseMove(transfer, { actual: "Pendiente de Pago", destino: "Pagado", fecha: "2026-05-11", referencia: "R" }, TODAY);
    expect(future).toEqual({ ok: false, errors: { fecha: MOVE_MESSAGES.paidOnInvalid } });
    const nonsense = parseMove(card, { actual: "Pendiente de Pago", destino: "Pagado", fecha: "2026-02-30" }, TODAY);
    expect(nonsense.ok).toBe(false);
  });

  it("refuses moves the flow does not allow, and statuses that do not exist", () => {
    expect(parseMove(transfer, { actual: "Pendiente de Pago", destino: "Enviado" }, TODAY)).toEqual({
      ok: false,
      errors: { destino: "Un pedido en «Pendiente de Pago» no puede pasar a «Enviado»." },
    });
    expect(parseMove(transfer, { actual: "Cancelado", destino: "Cancelado", motivo: "x" }, TODAY).ok).toBe(false);
    expect(parseMove(transfer, { actual: "Completado", destino: "Pagado" }, TODAY).ok).toBe(false);
    expect(parseMove(transfer, { actual: "Pagado", destino: "Perdido" }, TODAY)).toEqual({ ok: false, errors: { destino: MOVE_MESSAGES.unknown } });
  });

  it("ships with carrier and tracking number, both optional and short", () => {
    expect(parseMove(card, { actual: "Pagado", destino: "Enviado", transportista: "SEUR", seguimiento: "" }, TODAY)).toEqual({
      ok: true,
      move: { from: "Pagado", to: "Enviado", details: { carrier: "SEUR" } },
    });
    expect(parseMove(card, { actual: "Pagado", destino: "Enviado", seguimiento: "x".repeat(101) }, TODAY)).toEqual({
      ok: false,
      errors: { seguimiento: MOVE_MESSAGES.tooLong },
    });
  });

  it("schedules an installation from today on, in a known slot, and reschedules it", () => {
    expect(parseMove(card, { actual: "Pagado", destino: "Instalación programada", fecha: TODAY, franja: "16:00-18:00" }, TODAY)).toEqual({
      ok: true,
      move: { from: "Pagado", to: "Instalación programada", details: { installationDate: TODAY, installationSlot: "16:00-18:00" } },
    });
    expect(parseMove(card, { actual: "Instalación programada", destino: "Instalación programada", fecha: "2026-06-01", franja: "09:00-11:00" }, TODAY).ok).toBe(true);
    expect(parseMove(card, { actual: "Pagado", destino: "Instalación programada", fecha: "2026-05-09", franja: "07:00-08:00" }, TODAY)).toEqual({
      ok: false,
      errors: { fecha: MOVE_MESSAGES.dateInvalid, franja: MOVE_MESSAGES.slotInvalid },
    });
  });

  it("cancels only with a reason", () => {
    expect(parseMove(transfer, { actual: "Enviado", destino: "Cancelado", motivo: "  " }, TODAY)).toEqual({
      ok: false,
      errors: { motivo: MOVE_MESSAGES.reasonRequired },
    });
    expect(parseMove(transfer, { actual: "Enviado", destino: "Cancelado", motivo: "Sin existencias" }, TODAY)).toEqual({
      ok: true,
      move: { from: "Enviado", to: "Cancelado", details: { reason: "Sin existencias" } },
    });
  });
});

describe("parseNotes", () => {
  it("keeps the notes trimmed and refuses very long ones", () => {
    expect(parseNotes({ notas: " Llamar antes \n" })).toEqual({ ok: true, notes: "Llamar antes" });
    expect(parseNotes({}).ok).toBe(true);
    expect(parseNotes({ notas: "x".repeat(5001) }).ok).toBe(false);
  });
});
