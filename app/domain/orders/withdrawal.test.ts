import { describe, expect, it } from "vitest";
import { formatDate } from "../dates/madrid-dates";
import { addressLines, addressSummary } from "./my-orders";
import { formatIban } from "../payments/iban";
import { isOrderNumber } from "./order-number";
import { cleanReason, withdrawalDeadline, withdrawalState } from "./withdrawal";

const DAY = 24 * 60 * 60 * 1000;
const ordered = new Date("2026-07-01T10:00:00Z");

describe("withdrawal period", () => {
  it("is 14 days plus the delivery allowance, counted from the order", () => {
    expect(withdrawalDeadline(ordered).getTime() - ordered.getTime()).toBe(30 * DAY);
  });

  it("is open until the deadline and closed after it", () => {
    const order = { createdAt: ordered, status: "Pendiente de Pago" };
    expect(withdrawalState(order, null, new Date(ordered.getTime() + 30 * DAY)).kind).toBe("open");
    expect(withdrawalState(order, null, new Date(ordered.getTime() + 30 * DAY + 1)).kind).toBe("expired");
  });

  it("once requested, stays requested; a cancelled order has none", () => {
    const at = new Date(ordered.getTime() + DAY);
    expect(withdrawalState({ createdAt: ordered, status: "Pagado" }, at, new Date(ordered.getTime() + 90 * DAY))).toEqual({ kind: "requested", at });
    expect(withdrawalState({ createdAt: ordered, status: "Cancelado" }, null, ordered).kind).toBe("not-applicable");
  });

  it("keeps a reason short and trimmed", () => {
    expect(cleanReason("  no lo necesito  ")).toBe("no lo necesito");
    expect(cleanReason(undefined)).toBe("");
    expect(cleanReason("x".repeat(5000))).toHaveLength(1000);
  });
});

describe("order formatting", () => {
  it("dates in Spanish, Madrid time", () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(formatDate(new Date("2025-12-31T23:30:00Z"))).toBe("01/01/2026");
  });

  it("IBAN in groups of four", () => {
    expect(formatIban("ES9121000418450200051332")).toBe("ES91 2100 0418 4502 0005 1332");
  });

  it("addresses", () => {
    const a = { nombre: "Ana", apellidos: "Ruiz", empresa: "", direccion: "Calle Sol 3", poblacion: "Getafe", provincia: "Madrid", cp: "28901" };
    expect(addressLines(a)).toEqual(["Ana Ruiz", "Calle Sol 3", "28901 Getafe (Madrid)", "España"]);
    expect(addressSummary(a)).toBe("Calle Sol 3, 28901 Getafe");
  });

  it("order numbers", () => {
    expect(isOrderNumber("1234-15626")).toBe(true);
    expect(isOrderNumber("../admin")).toBe(false);
    expect(isOrderNumber("")).toBe(false);
  });
});
