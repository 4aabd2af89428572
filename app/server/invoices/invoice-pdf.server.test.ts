import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { sampleInvoice } from "../../../scripts/invoice-sample";
import { renderInvoicePdf } from "./invoice-pdf.server";

type Page = { text: string; qrSizesMm: number[] };

/** Each page's text (pdf.js, the reader Firefox uses) and the size of each image drawn on it. */
async function readPdf(pdf: Buffer): Promise<{ pages: Page[]; title: unknown; author: unknown }> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: Page[] = [];
  for (let n = 1; n <= loaded.numPages; n++) {
    const page = await loaded.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : "")).join("");
    const ops = await page.getOperatorList();
    const qrSizesMm: number[] = [];
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.paintImageXObject) return;
      // pdfkit draws an image as: save, transform [w 0 0 -h x y], paint.
      const transform = ops.fnArray.lastIndexOf(OPS.transform, i);
      const [width = 0] = ops.argsArray[transform] as number[];
      qrSizesMm.push(Math.round((width * 25.4) / 72));
    });
    pages.push({ text: text.replace(/\s+/g, " "), qrSizesMm });
  }
  const info = (await loaded.getMetadata()).info as Record<string, unknown>;
  await loaded.destroy();
  return { pages, title: info.Title, author: info.Author };
}

function firstPage(pages: Page[]): Page {
  const [page] = pages;
  if (!page) throw new Error("El PDF no tiene páginas");
  return page;
}

function expectWellFormed(pdf: Buffer) {
  const raw = pdf.toString("latin1");
  expect(raw.startsWith("%PDF-")).toBe(true);
  expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
  // Every page A4; fonts embedded as TrueType, and none of the 14 standard ones referenced.
  const boxes = raw.match(/\/MediaBox \[[^\]]*\]/g) ?? [];
  expect(new Set(boxes)).toEqual(new Set(["/MediaBox [0 0 595.28 841.89]"]));
  expect(raw).toContain("/FontFile2");
  expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
  expect(raw).not.toMatch(/Helvetica|Times-Roman|Courier/);
}

describe("renderInvoicePdf", () => {
  it("prints a complete invoice: heading, parties, lines, totals, QR with its legends, footer", async () => {
    const pdf = await renderInvoicePdf(sampleInvoice("completa"));
    expectWellFormed(pdf);
    const { pages, title, author } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(title).toBe("Factura F2026-000123");
    expect(author).toBe("Clima Madrid Instalaciones, S.L.");
    const { text, qrSizesMm } = firstPage(pages);
    for (const expected of [
      "FACTURA",
      "Nº F2026-000123",
      "Fecha de expedición: 23/11/2026",
      "Fecha de la operación: 21/11/2026",
      "Pedido: CM-2026-00421",
      "Forma de pago: Tarjeta",
      "Clima Madrid Instalaciones, S.L.",
      "NIF: B12345674",
      "Calle de Alcalá 100, local 2",
      "EMISOR",
      "CLIENTE",
      "Lucía Fernández Ortega",
      "NIF: 12345678Z",
      "28013 Madrid",
      "Descripción",
      "Precio unitario (sin IVA)",
      "1.239,66 €",
      "Envío",
      "Base imponible (21 %) 1.512,38 €",
      "Cuota IVA 21 % 317,60 €",
      "Total factura 1.829,98 €",
      "QR tributario:",
      "VERI*FACTU",
      "Página 1 de 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("RECTIFICATIVA");
    // The QR code: one image, between 30 and 40 mm wide (AEAT).
    expect(qrSizesMm).toHaveLength(1);
    expect(qrSizesMm[0]).toBeGreaterThanOrEqual(30);
    expect(qrSizesMm[0]).toBeLessThanOrEqual(40);
  });

  it("prints a rectifying invoice with the invoice it corrects, the reason and negative amounts", async () => {
    const { pages } = await readPdf(await renderInvoicePdf(sampleInvoice("rectificativa")));
    const { text } = firstPage(pages);
    expect(text).toContain("FACTURA RECTIFICATIVA");
    expect(text).toContain("Nº R2026-000004");
    expect(text).toContain("Rectifica la factura F2026-000123 del 23/11/2026. Motivo: Pedido cancelado");
    expect(text).toContain("-1.239,66 €");
    expect(text).toContain("Total factura -1.829,98 €");
    // No operation date when it is the day of issue.
    expect(text).not.toContain("Fecha de la operación");
  });

  it("prints an invoice to the Canary Islands with 0 % and the exemption under the totals", async () => {
    const { pages } = await readPdf(await renderInvoicePdf(sampleInvoice("canarias")));
    const { text } = firstPage(pages);
    expect(text).toContain("Cuota IVA 0 % 0,00 €");
    expect(text).toContain("Total factura 1.264,45 €");
    expect(text).toMatch(/Total factura 1\.264,45 € .*Operación exenta de IVA: entrega de bienes con destino a Canarias, exportación según el artículo 21 de la Ley 37\/1992/);
  });

  it("continues 60 lines over several pages, the table header and footer on each, the QR only on the first", async () => {
    const pdf = await renderInvoicePdf(sampleInvoice("larga"));
    expectWellFormed(pdf);
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(page.text).toContain("Clima Madrid Instalaciones, S.L. · NIF B12345674");
      expect(page.text).toContain("Descripción Cantidad Precio unitario (sin IVA) Importe (sin IVA) IVA %");
      expect(page.qrSizesMm).toHaveLength(i === 0 ? 1 : 0);
    });
    const all = pages.map((p) => p.text).join(" ");
    for (let n = 1; n <= 60; n++) expect(all).toContain(`Artículo de prueba nº ${n}`);
    expect(pages.at(-1)?.text).toContain("Total factura");
  });

  it("gives the same bytes for the same invoice (fixed creation date)", async () => {
    const invoice = sampleInvoice("completa");
    const [a, b] = [await renderInvoicePdf(invoice), await renderInvoicePdf(invoice)];
    expect(a.equals(b)).toBe(true);
  });
});
