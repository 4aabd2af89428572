/*
 * An issued invoice as an A4 PDF (issue 13): what Real Decreto 1619/2012 asks of a complete
 * or rectifying invoice, and the VERI*FACTU QR code with its legends at the top of the
 * first page (AEAT, "Características del código QR": 30x30 to 40x40 mm, error correction
 * level M, "QR tributario:" above it and "VERI*FACTU" below it, near the top margin,
 * first page only).
 *
 * The font is DejaVu Sans, a TrueType file from the `dejavu-fonts-ttf` package, embedded
 * (subset) in every PDF: the 14 standard PDF fonts have no guaranteed "€" and render
 * differently on every viewer. The file is found through Node's module resolution from
 * this module's URL, which works both from the sources (Vitest, tsx) and from the server
 * bundle (build/server/index.js resolves it in the project's node_modules, where
 * `npm ci --omit=dev` puts it: it is a dependency, not a devDependency).
 */
import { formatYmd } from "~/domain/dates/madrid-dates";
import { type InvoiceDocument } from "~/domain/invoices/invoice-document";
import { formatEuros } from "~/domain/money";
import { a4Pdf, GREY, MARGIN, MM, type Pdf } from "../pdf/a4-pdf.server";

const QR_SIZE = 35 * MM;
const FOOTER_HEIGHT = 24;

// Description, quantity, unit price, amount, VAT rate: widths in points (A4 content 510 pt).
const COLUMNS = [
  { title: "Descripción", width: 0, align: "left" },
  { title: "Cantidad", width: 52, align: "right" },
  { title: "Precio unitario (sin IVA)", width: 92, align: "right" },
  { title: "Importe (sin IVA)", width: 92, align: "right" },
  { title: "IVA %", width: 44, align: "right" },
] as const;
const CELL_PADDING = 4;

const quantities = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 3, useGrouping: "always" } as Intl.NumberFormatOptions);

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // qrcode, like pdfkit, is loaded with the first invoice, not at start (decision 0010).
  const { default: QRCode } = await import("qrcode");
  const qrPng = await QRCode.toBuffer(doc.qrUrl, { type: "png", errorCorrectionLevel: "M", margin: 0, width: 400 });
  const { pdf, bytes } = await a4Pdf({
    Title: `${doc.kind === "rectificativa" ? "Factura rectificativa" : "Factura"} ${doc.number}`,
    Author: doc.seller.name,
    Subject: `${doc.reference.label} ${doc.reference.value}`,
    // Noon UTC is the same calendar day in Madrid; a fixed date keeps the bytes reproducible.
    CreationDate: new Date(`${doc.issuedOn}T12:00:00Z`),
  });

  drawHeading(pdf, doc, qrPng);
  drawParties(pdf, doc);
  drawRectifies(pdf, doc);
  drawLines(pdf, doc);
  drawTotals(pdf, doc);
  drawFooters(pdf, doc);
  pdf.end();
  return bytes;
}


const left = () => MARGIN;
const contentWidth = (pdf: Pdf) => pdf.page.width - 2 * MARGIN;
const contentBottom = (pdf: Pdf) => pdf.page.height - MARGIN - FOOTER_HEIGHT;

/** QR block at the top left (AEAT), title, number, dates, order and payment at the right. */
function drawHeading(pdf: Pdf, doc: InvoiceDocument, qrPng: Buffer) {
  const top = MARGIN;
  pdf.font("regular").fontSize(8).fillColor("black");
  pdf.text("QR tributario:", left(), top, { width: QR_SIZE, align: "center", lineBreak: false });
  const qrTop = top + 16;
  pdf.image(qrPng, left(), qrTop, { width: QR_SIZE, height: QR_SIZE });
  pdf.font("bold").fontSize(9);
  pdf.text("VERI*FACTU", left(), qrTop + QR_SIZE + 7, { width: QR_SIZE, align: "center", lineBreak: false });
  const qrBottom = qrTop + QR_SIZE + 7 + 12;

  const rightX = left() + QR_SIZE + 30;
  const rightWidth = contentWidth(pdf) - QR_SIZE - 30;
  const title = doc.kind === "rectificativa" ? "FACTURA RECTIFICATIVA" : "FACTURA";
  pdf.font("bold").fontSize(20).text(title, rightX, top, { width: rightWidth, align: "right" });
  pdf.fontSize(12).text(`Nº ${doc.number}`, { width: rightWidth, align: "right" });
  pdf.moveDown(0.4).font("regular").fontSize(9.5);
  const facts = [
    `Fecha de expedición: ${formatYmd(doc.issuedOn)}`,
    ...(doc.operationOn ? [`Fecha de la operación: ${formatYmd(doc.operationOn)}`] : []),
    `${doc.reference.label}: ${doc.reference.value}`,
    `Forma de pago: ${doc.payMethod}`,
  ];
  for (const fact of facts) pdf.text(fact, rightX, pdf.y, { width: rightWidth, align: "right" });
  if (doc.annulled) {
    pdf.moveDown(0.4).font("bold").fontSize(11).fillColor("#b42318");
    pdf.text(`FACTURA ANULADA: ${doc.annulled}`, rightX, pdf.y, { width: rightWidth, align: "right" });
    pdf.fillColor("black").font("regular");
  }
  pdf.y = Math.max(qrBottom, pdf.y) + 14;
}

/** Seller at the left, customer at the right, each with a small caption. */
function drawParties(pdf: Pdf, doc: InvoiceDocument) {
  const top = pdf.y;
  const gap = 20;
  const width = (contentWidth(pdf) - gap) / 2;
  const party = (caption: string, p: InvoiceDocument["seller"], x: number) => {
    pdf.font("bold").fontSize(8).fillColor(GREY).text(caption.toUpperCase(), x, top, { width, characterSpacing: 0.5 });
    pdf.moveDown(0.2).fillColor("black").fontSize(10.5).text(p.name, x, pdf.y, { width });
    pdf.font("regular").fontSize(9.5).text(`NIF: ${p.nif}`, x, pdf.y, { width });
    for (const line of p.address) pdf.text(line, x, pdf.y, { width });
    return pdf.y;
  };
  const sellerBottom = party("Emisor", doc.seller, left());
  const buyerBottom = party("Cliente", doc.buyer, left() + width + gap);
  pdf.y = Math.max(sellerBottom, buyerBottom) + 14;
}

function drawRectifies(pdf: Pdf, doc: InvoiceDocument) {
  if (!doc.rectifies) return;
  const { number, issuedOn, reason } = doc.rectifies;
  pdf.font("bold").fontSize(9.5).fillColor("black");
  pdf.text(`Rectifica la factura ${number} del ${formatYmd(issuedOn)}. `, left(), pdf.y, {
    width: contentWidth(pdf),
    continued: true,
  });
  pdf.font("regular").text(`Motivo: ${reason}`);
  pdf.moveDown(0.8);
}

function columnWidths(pdf: Pdf): number[] {
  const fixed = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  return COLUMNS.map((c) => (c.width === 0 ? contentWidth(pdf) - fixed : c.width));
}

function drawRow(pdf: Pdf, cells: string[], top: number, height: number) {
  const widths = columnWidths(pdf);
  let x = left();
  COLUMNS.forEach((column, i) => {
    const width = widths[i] ?? 0;
    pdf.text(cells[i] ?? "", x + CELL_PADDING, top + CELL_PADDING, { width: width - 2 * CELL_PADDING, align: column.align });
    x += width;
  });
  pdf.y = top + height;
}

function rowHeight(pdf: Pdf, cells: string[]): number {
  const widths = columnWidths(pdf);
  const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: (widths[i] ?? 0) - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawTableHeader(pdf: Pdf) {
  pdf.font("bold").fontSize(8.5).fillColor("black");
  const titles = COLUMNS.map((c) => c.title);
  const top = pdf.y;
  const height = rowHeight(pdf, titles);
  pdf.rect(left(), top, contentWidth(pdf), height).fillColor("#e6e6e6").fill().fillColor("black");
  drawRow(pdf, titles, top, height);
  pdf.moveTo(left(), pdf.y).lineTo(left() + contentWidth(pdf), pdf.y).lineWidth(0.8).stroke();
}

/** The lines; a line that does not fit goes to a new page, under the header again. */
function drawLines(pdf: Pdf, doc: InvoiceDocument) {
  drawTableHeader(pdf);
  for (const line of doc.lines) {
    const cells = [
      line.description,
      quantities.format(line.quantity),
      formatEuros(line.unitBaseCents),
      formatEuros(line.baseCents),
      `${line.vatRate} %`,
    ];
    pdf.font("regular").fontSize(9);
    const height = rowHeight(pdf, cells);
    if (pdf.y + height > contentBottom(pdf)) {
      pdf.addPage();
      pdf.y = MARGIN;
      drawTableHeader(pdf);
      pdf.font("regular").fontSize(9);
    }
    const top = pdf.y;
    drawRow(pdf, cells, top, height);
    pdf.moveTo(left(), pdf.y).lineTo(left() + contentWidth(pdf), pdf.y).lineWidth(0.3).strokeColor("#999999").stroke();
    pdf.strokeColor("black");
  }
}

/** Base and VAT per rate, the total, and the exemption's legal reference when there is one. */
function drawTotals(pdf: Pdf, doc: InvoiceDocument) {
  const rows: [string, string, boolean][] = [];
  for (const tax of doc.taxes) {
    rows.push([`Base imponible (${tax.rate} %)`, formatEuros(tax.baseCents), false]);
    rows.push([`Cuota IVA ${tax.rate} %`, formatEuros(tax.vatCents), false]);
  }
  rows.push(["Total factura", formatEuros(doc.totalCents), true]);
  pdf.font("regular").fontSize(9.5);
  const exemptionHeight = doc.exemption ? pdf.heightOfString(doc.exemption, { width: contentWidth(pdf) }) + 14 : 0;
  const needed = 12 + rows.length * 16 + 6 + exemptionHeight;
  if (pdf.y + needed > contentBottom(pdf)) {
    pdf.addPage();
    pdf.y = MARGIN;
  }
  const labelWidth = 170;
  const valueWidth = 100;
  const x = left() + contentWidth(pdf) - labelWidth - valueWidth;
  let y = pdf.y + 12;
  for (const [label, value, strong] of rows) {
    if (strong) {
      pdf.moveTo(x, y).lineTo(x + labelWidth + valueWidth, y).lineWidth(0.8).stroke();
      y += 4;
    }
    pdf.font(strong ? "bold" : "regular").fontSize(strong ? 11 : 9.5);
    pdf.text(label, x, y, { width: labelWidth - CELL_PADDING, align: "right" });
    pdf.text(value, x + labelWidth, y, { width: valueWidth - CELL_PADDING, align: "right" });
    y += 16;
  }
  pdf.y = y + 6;
  if (doc.exemption) {
    pdf.font("regular").fontSize(9.5).text(doc.exemption, left(), pdf.y + 8, { width: contentWidth(pdf) });
  }
}

/** Seller's legal line and "Página N de M" on every page, once the page count is known. */
function drawFooters(pdf: Pdf, doc: InvoiceDocument) {
  const range = pdf.bufferedPageRange();
  const legal = `${doc.seller.name} · NIF ${doc.seller.nif} · ${doc.seller.address.join(", ")}`;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would otherwise open a new page.
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 10;
    pdf.moveTo(left(), y - 6).lineTo(left() + contentWidth(pdf), y - 6).lineWidth(0.3).strokeColor(GREY).stroke();
    pdf.font("regular").fontSize(7.5).fillColor(GREY);
    pdf.text(legal, left(), y, { width: contentWidth(pdf) - 80, lineBreak: false, ellipsis: true });
    pdf.text(`Página ${i - range.start + 1} de ${range.count}`, left() + contentWidth(pdf) - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
    pdf.fillColor("black").strokeColor("black");
  }
}
