import { createRequire } from "node:module";

/*
 * The shop's A4 documents (invoices, F-gas declarations, quotes, work reports), drawn with
 * pdfkit in the DejaVu fonts (every Spanish character, embedded). One place for the page, the
 * fonts and the running text of the documents that flow from top to bottom. pdfkit is loaded
 * with the first document, not at start (about 35 MB resident; decision 0010).
 */

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export type Pdf = PDFKit.PDFDocument;

export const MM = 72 / 25.4;
export const GREY = "#555555";
/** The margin of the quotes, reports and invoices. */
export const MARGIN = 15 * MM;
/** The body text's size of the quotes and reports. */
export const BODY = 9.5;

/**
 * A new A4 page in Spanish with the fonts registered as "regular" and "bold"; `bytes` resolves
 * to the whole file once the caller has drawn it and called `pdf.end()`.
 */
export async function a4Pdf(info: PDFKit.DocumentInfo, options: { margin?: number; bufferPages?: boolean } = {}): Promise<{ pdf: Pdf; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const margin = options.margin ?? MARGIN;
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: options.bufferPages ?? true,
    font: FONT_REGULAR,
    lang: "es-ES",
    displayTitle: true,
    info,
  });
  pdf.registerFont("regular", FONT_REGULAR);
  pdf.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, bytes };
}

/** The width between the margins. */
export const textWidth = (pdf: Pdf) => pdf.page.width - 2 * MARGIN;

/** A new page when fewer than `height` points are left above the bottom margin. */
export function ensureRoom(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - MARGIN - 20) {
    pdf.addPage();
    pdf.y = MARGIN;
  }
}

/** A section's title, kept with at least a few lines of what follows. */
export function heading(pdf: Pdf, text: string) {
  ensureRoom(pdf, 40);
  pdf.moveDown(0.6).font("bold").fontSize(11).fillColor("black").text(text, MARGIN, pdf.y, { width: textWidth(pdf) });
  pdf.moveDown(0.2).font("regular").fontSize(BODY);
}

/** A paragraph of body text across the page. */
export function para(pdf: Pdf, text: string, options: PDFKit.Mixins.TextOptions = {}) {
  ensureRoom(pdf, 14);
  pdf.font("regular").fontSize(BODY).fillColor("black").text(text, MARGIN, pdf.y, { width: textWidth(pdf), ...options });
}

export type CaptionedBlock = { caption: string; lines: string[] };

/** Two blocks side by side from the current line (the installer and the customer): a small grey caption, the first line larger; the text continues below the longer one. */
export function sideBySide(pdf: Pdf, left: CaptionedBlock, right: CaptionedBlock) {
  const top = pdf.y;
  const half = (textWidth(pdf) - 20) / 2;
  const draw = ({ caption, lines }: CaptionedBlock, x: number) => {
    pdf.font("bold").fontSize(8).fillColor(GREY).text(caption.toUpperCase(), x, top, { width: half });
    pdf.fillColor("black").fontSize(10).text(lines[0] ?? "", x, pdf.y, { width: half });
    pdf.font("regular").fontSize(BODY);
    for (const line of lines.slice(1)) pdf.text(line, x, pdf.y, { width: half });
    return pdf.y;
  };
  const bottom = Math.max(draw(left, MARGIN), draw(right, MARGIN + half + 20));
  pdf.y = bottom;
}

/** On every page (a document made with bufferPages): `text` at the bottom left, "Página n de m" at the right. */
export function pageFooters(pdf: Pdf, text: string) {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - MARGIN - 6;
    pdf.font("regular").fontSize(7.5).fillColor(GREY);
    pdf.text(text, MARGIN, y, { width: textWidth(pdf) - 80, lineBreak: false });
    pdf.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN + textWidth(pdf) - 80, y, { width: 80, align: "right", lineBreak: false });
    pdf.fillColor("black");
  }
}

/** The answer of a PDF route: shown in the browser, saved under its file name, never cached. */
export function pdfResponse(file: { filename: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
      "Content-Length": String(file.pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
