import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PricedLine } from "~/domain/basket/basket-totals";
import type { OrderAddress } from "~/domain/orders/order-form";
import { renderInvoicePdf } from "~/server/invoices/invoice-pdf.server";
import { orderConfirmationText } from "~/server/orders/order-emails.server";
import { BasketTable } from "~/ui/basket/basket-table";
import { sampleInvoice } from "../../scripts/invoice-sample";

/*
 * One amount, one way of writing it (decision 0021): a web page, an order e-mail and an
 * invoice PDF print 1.234,56 € and 12.345,67 € alike, grouped from four digits, with a
 * non-breaking space before the sign. Before, the shop wrote "1234,56 €" and the PDFs
 * "1.234,56 €".
 */

const FOUR_DIGITS = "1.234,56\u00a0€";
const FIVE_DIGITS = "12.345,67\u00a0€";

// A boiler at 1.234,56 €, a heat pump at 11.091,16 € and 19,95 € shipping: 12.345,67 € in all.
const line = (position: number, title: string, priceCents: number): PricedLine => ({
  position,
  familia: "calderas",
  id: position + 1,
  kind: "product",
  family: "calderas",
  title,
  brand: "",
  model: "",
  type: "Condensación",
  gas: null,
  region: null,
  image: null,
  priceCents,
  shippingCents: 0,
  problem: null,
});
const LINES = [line(0, "Caldera de prueba", 123_456), line(1, "Bomba de calor de prueba", 1_109_116)];
const TOTALS = { shippingCents: 1_995, totalCents: 1_234_567, withoutVatCents: 1_020_303 };

const address: OrderAddress = {
  id: "12345678Z",
  nombre: "Lucía",
  apellidos: "Fernández",
  empresa: "",
  direccion: "Calle Mayor 5",
  pais: "España",
  poblacion: "Madrid",
  provincia: "Madrid",
  cp: "28013",
  telefono: "600123456",
};

describe("euros on a web page, in an e-mail and in a PDF", () => {
  it("the basket table (the basket page, the order screen)", () => {
    const Stub = createRoutesStub([{ path: "/carrito", Component: () => createElement(BasketTable, { lines: LINES, totals: TOTALS, caption: "Artículos" }) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/carrito"] }));
    expect(html).toContain(FOUR_DIGITS);
    expect(html).toContain(FIVE_DIGITS);
    expect(html).not.toMatch(/\d{4},\d\d\u00a0€/);
  });

  it("the order confirmation e-mail", () => {
    const text = orderConfirmationText({
      number: "123-281126",
      createdAt: new Date("2026-11-28T10:00:00Z"),
      customerEmail: "lucia@example.com",
      lines: LINES,
      shippingCents: TOTALS.shippingCents,
      totalCents: TOTALS.totalCents,
      withoutVatCents: TOTALS.withoutVatCents,
      shipping: address,
      billing: address,
      payMethod: "transferencia",
    });
    expect(text).toContain(`- Caldera de prueba (Condensación): ${FOUR_DIGITS}`);
    expect(text).toContain(`Total a pagar (IVA incluido): ${FIVE_DIGITS}`);
    expect(text).toContain(`Importe: ${FIVE_DIGITS}`);
    expect(text).not.toMatch(/\d{4},\d\d\u00a0€/);
  });

  it("the invoice PDF, as a reader extracts its text", async () => {
    const sample = sampleInvoice("completa");
    const pdf = await renderInvoicePdf({
      ...sample,
      lines: [{ description: "Caldera de prueba", quantity: 1, unitBaseCents: 123_456, baseCents: 123_456, vatRate: 21 }],
      taxes: [{ rate: 21, baseCents: 1_020_303, vatCents: 214_264 }],
      baseCents: 1_020_303,
      vatCents: 214_264,
      totalCents: 1_234_567,
    });
    const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const content = await (await loaded.getPage(1)).getTextContent();
    await loaded.destroy();
    // Whatever the reader makes of the non-breaking space, the same characters surround it.
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ").replace(/[\s\u00a0]+/g, " ");
    const spaced = (amount: string) => amount.replace("\u00a0", " ");
    expect(text).toContain(spaced(FOUR_DIGITS));
    expect(text).toContain(`Total factura ${spaced(FIVE_DIGITS)}`);
    expect(text).not.toMatch(/\d{4},\d\d €/);
  });
});
