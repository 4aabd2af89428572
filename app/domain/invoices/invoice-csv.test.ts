import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { INVOICE_CSV_HEADER, invoiceCsvRow, type CsvInvoice } from "./invoice-csv";

const complete: CsvInvoice = {
  number: "F2026-000123",
  series: "F",
  issuedOn: "2026-11-02",
  operationOn: "2026-10-31",
  rectifiesNumber: null,
  reason: null,
  buyer: { name: "Climasur Reformas S.L.", nif: "B12345674" },
  baseCents: 100000,
  vatRate: 21,
  vatCents: 21000,
  totalCents: 121000,
  payMethod: "Transferencia bancaria",
  orderNumber: "1234-311026",
};

describe("invoice CSV", () => {
  it("has the accountant's columns, in order", () => {
    expect(INVOICE_CSV_HEADER.join(";")).toBe(
      "Número;Serie;Fecha expedición;Fecha operación;Rectifica;Motivo;Cliente;NIF cliente;Base imponible;Tipo IVA;Cuota IVA;Total;Forma de pago;Pedido o presupuesto",
    );
    expect(invoiceCsvRow(complete)).toHaveLength(INVOICE_CSV_HEADER.length);
  });

  it("writes a complete invoice with dd/mm/aaaa dates and decimal commas", () => {
    expect(invoiceCsvRow(complete)).toEqual([
      "F2026-000123",
      "F",
      "02/11/2026",
      "31/10/2026",
      "",
      "",
      "Climasur Reformas S.L.",
      "B12345674",
      "1000,00",
      "21",
      "210,00",
      "1210,00",
      "Transferencia bancaria",
      "1234-311026",
    ]);
  });

  it("writes a rectifying invoice with negative amounts, the invoice it corrects and why", () => {
    const row = invoiceCsvRow({
      ...complete,
      number: "R2026-000004",
      series: "R",
      operationOn: null,
      rectifiesNumber: "F2026-000123",
      reason: "Devolución; cliente desiste",
      baseCents: -8264,
      vatCents: -1736,
      totalCents: -10000,
    });
    expect(row.slice(0, 6)).toEqual(["R2026-000004", "R", "02/11/2026", "", "F2026-000123", "Devolución; cliente desiste"]);
    expect(row.slice(8, 12)).toEqual(["-82,64", "21", "-17,36", "-100,00"]);
    // A ";" inside a cell is quoted by the CSV writer, never a new column.
    expect(stringify([row], { delimiter: ";" })).toContain(`;"Devolución; cliente desiste";`);
  });

  it("keeps a customer's text that looks like a formula as text", () => {
    const row = invoiceCsvRow({ ...complete, buyer: { name: "=HYPERLINK(\"http://x\")", nif: "+34" }, reason: "@SUM(A1)" });
    expect(row[5]).toBe("'@SUM(A1)");
    expect(row[6]).toBe("'=HYPERLINK(\"http://x\")");
    expect(row[7]).toBe("'+34");
  });

  it("writes an exempt invoice (Canarias) with rate 0", () => {
    const row = invoiceCsvRow({ ...complete, vatRate: 0, vatCents: 0, baseCents: 121000 });
    expect(row.slice(8, 12)).toEqual(["1210,00", "0", "0,00", "1210,00"]);
  });
});

describe("a plan's renewal invoice (issue 31)", () => {
  it("names its plan where an order's names the order", () => {
    expect(invoiceCsvRow({ ...complete, orderNumber: null, quoteNumber: null, planId: 7 }).at(-1)).toBe("Plan n.º 7");
  });
});
