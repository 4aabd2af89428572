import { describe, expect, it } from "vitest";
import {
  AWAITING_TRANSFER,
  canMove,
  canUndoPayment,
  isAwaitingPayment,
  isAwaitingTransfer,
  isCancelled,
  MOVE_WAYS,
  nextStatuses,
  ORDER_STATUSES,
  type MoveWay,
  type OrderStatus,
} from "./order-status";

/** Every move the shop makes, and who makes it (decision 0022): nothing else is allowed. */
const ALLOWED: readonly [OrderStatus, OrderStatus, MoveWay][] = [
  ["Pendiente de Pago", "Pagado", "status-form"],
  ["Pendiente de Pago", "Pagado", "redsys"],
  ["Pendiente de Pago", "Cancelado", "status-form"],
  ["Pendiente de Pago", "Cancelado", "unpaid-expiry"],
  ["Pagado", "Pendiente de Pago", "undo-payment"],
  ["Pagado", "Enviado", "status-form"],
  ["Pagado", "Instalación programada", "status-form"],
  ["Pagado", "Completado", "status-form"],
  ["Pagado", "Cancelado", "status-form"],
  ["Enviado", "Instalación programada", "status-form"],
  ["Enviado", "Completado", "status-form"],
  ["Enviado", "Cancelado", "status-form"],
  ["Instalación programada", "Instalación programada", "status-form"],
  ["Instalación programada", "Completado", "status-form"],
  ["Instalación programada", "Cancelado", "status-form"],
];

const key = (from: string, to: string, way: string) => `${from} -> ${to} (${way})`;
const allowed = new Set(ALLOWED.map(([from, to, way]) => key(from, to, way)));
const everyMove = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.flatMap((to) => MOVE_WAYS.map((way) => [from, to, way] as const)));

describe("the order's status table", () => {
  it.each(ALLOWED)("allows %s -> %s by %s", (from, to, way) => {
    expect(canMove(from, to, way)).toBe(true);
  });

  it("refuses every other move, whoever asks (e.g. Redsys cannot pay a cancelled order)", () => {
    const refused = everyMove.filter(([from, to, way]) => !allowed.has(key(from, to, way)));
    expect(refused).toHaveLength(everyMove.length - ALLOWED.length);
    for (const [from, to, way] of refused) expect(canMove(from, to, way), key(from, to, way)).toBe(false);
    expect(canMove("Cancelado", "Pagado", "redsys")).toBe(false);
    expect(canMove("Pagado", "Pendiente de Pago", "status-form")).toBe(false);
    expect(canMove("Enviado", "Pendiente de Pago", "undo-payment")).toBe(false);
    expect(canMove("Pagado", "Cancelado", "unpaid-expiry")).toBe(false);
  });

  it("offers the order page only the status form's moves: never undoing a payment, nothing after the end", () => {
    expect(nextStatuses("Pendiente de Pago")).toEqual(["Pagado", "Cancelado"]);
    expect(nextStatuses("Pagado")).toEqual(["Enviado", "Instalación programada", "Completado", "Cancelado"]);
    expect(nextStatuses("Enviado")).toEqual(["Instalación programada", "Completado", "Cancelado"]);
    expect(nextStatuses("Instalación programada")).toEqual(["Instalación programada", "Completado", "Cancelado"]);
    expect(nextStatuses("Completado")).toEqual([]);
    expect(nextStatuses("Cancelado")).toEqual([]);
  });
});

describe("the questions asked of a status", () => {
  it("waiting for payment: only an order not paid yet", () => {
    expect(ORDER_STATUSES.filter(isAwaitingPayment)).toEqual(["Pendiente de Pago"]);
  });

  it("waiting for a transfer: not paid yet, and paid by transfer; the back office's filter says the same", () => {
    expect(isAwaitingTransfer({ status: "Pendiente de Pago", payMethod: "transferencia" })).toBe(true);
    expect(isAwaitingTransfer({ status: "Pendiente de Pago", payMethod: "tarjeta" })).toBe(false);
    expect(isAwaitingTransfer({ status: "Pagado", payMethod: "transferencia" })).toBe(false);
    expect(isAwaitingTransfer(AWAITING_TRANSFER)).toBe(true);
  });

  it("cancelled", () => {
    expect(ORDER_STATUSES.filter(isCancelled)).toEqual(["Cancelado"]);
  });

  it("a payment may be undone only for a transfer still Pagado (nothing after it yet)", () => {
    expect(ORDER_STATUSES.filter((status) => canUndoPayment({ status, payMethod: "transferencia" }))).toEqual(["Pagado"]);
    expect(canUndoPayment({ status: "Pagado", payMethod: "tarjeta" })).toBe(false);
    expect(canUndoPayment({ status: "Pagado", payMethod: "bizum" })).toBe(false);
  });
});
