import { describe, expect, it } from "vitest";
import { csvRow, safeCell } from "./order-csv";

describe("order CSV", () => {
  it("keeps text that would start a formula as text", () => {
    expect(safeCell("=HYPERLINK(\"http://x\")")).toBe("'=HYPERLINK(\"http://x\")");
    expect(safeCell("+34 600")).toBe("'+34 600");
    expect(safeCell("@x")).toBe("'@x");
    expect(safeCell("Ana")).toBe("Ana");
  });

  it("splits the total into tax base and VAT as numbers a spreadsheet sums (no grouping, no €: decision 0021), names the company", () => {
    const row = csvRow({
      number: "1234-150526",
      createdAt: new Date("2026-05-14T22:30:00Z"),
      status: "Pagado",
      payMethod: "transferencia",
      userEmail: "ana@example.com",
      amountCents: 121000,
      shippingCents: 1995,
      vatExempt: false,
      addressBill: { nombre: "Ana", apellidos: "López", empresa: "Climas Ana S.L.", id: "B12345674" },
    });
    // 22:30 UTC on 14 May is already 15 May in Madrid.
    expect(row).toEqual(["1234-150526", "15/05/2026", "Pagado", "Transferencia bancaria", "Climas Ana S.L.", "B12345674", "ana@example.com", "1000,00", "210,00", "19,95", "1210,00"]);
  });

  it("an order charged without VAT (Canarias, Ceuta, Melilla): the whole amount is the base, VAT 0", () => {
    const row = csvRow({
      number: "1235-150526",
      createdAt: new Date("2026-05-15T10:00:00Z"),
      status: "Pagado",
      payMethod: "transferencia",
      userEmail: "pedro@example.com",
      amountCents: 101649,
      shippingCents: 1649,
      vatExempt: true,
      addressBill: { nombre: "Pedro", apellidos: "Suárez", id: "12345678Z" },
    });
    expect(row.slice(7)).toEqual(["1016,49", "0,00", "16,49", "1016,49"]);
  });
});
