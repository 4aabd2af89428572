/*
 * A sent quote version as an A4 PDF (issue 17), drawn with pdfkit and the DejaVu fonts like
 * the invoices (invoice-pdf.server.ts): every item the Comunidad de Madrid's rules ask of a
 * written quote (decision 0016), the shop's signature line, and the customer's signature box
 * with the statement in capitals of the same size as the rest. An accepted version's PDF also
 * shows who signed, when, the option chosen and the version's SHA-256.
 */
import { formatDateTime, formatYmd } from "~/domain/dates/madrid-dates";
import type { QuoteDocument, QuoteLine } from "~/domain/quotes/quote-content";
import { depositLabel } from "~/domain/quotes/quote-deposit";
import { LINE_KIND_LABELS, quotesUsedMaterials, RECEIVED_STATEMENT, USED_MATERIALS_STATEMENT } from "~/domain/quotes/quote-document-text";
import { percentBasis, quantity } from "~/domain/quotes/quote-format";
import { formatEuros } from "~/domain/money";
import { alternativeTotals, lineBaseCents } from "~/domain/quotes/quote-totals";
import { MATERIALS_LIMIT_PERCENT, REDUCED_VAT_CONDITIONS } from "~/domain/quotes/quote-vat";
import type { Database } from "../db/client.server";
import { a4Pdf, BODY, ensureRoom, heading, MARGIN, pageFooters, para, sideBySide, textWidth as width, type Pdf } from "../pdf/a4-pdf.server";
import { acceptanceOf, versionOf, type QuoteResponseRow } from "./quote-store.server";
import { quotes } from "./quotes-schema.server";
import { eq } from "drizzle-orm";

/** The drawn signature's strokes are stored in this box (app/ui/quotes/signature-field.tsx). */
export const SIGNATURE_BOX = { width: 600, height: 200 };

export type QuoteAcceptanceFacts = Pick<QuoteResponseRow, "fullName" | "alternative" | "createdAt" | "documentSha256" | "signatureKind" | "signature" | "totalCents" | "depositCents" | "reducedVatConfirmed" | "usedMaterialsAuthorised">;

function lineRow(pdf: Pdf, line: QuoteLine) {
  const cols = [0, 62, 62, 80, 80];
  const first = width(pdf) - cols.slice(1).reduce((a, b) => a + b, 0);
  const details = [line.quality ? `Calidad: ${line.quality}` : "", line.used ? "Material usado" : ""].filter(Boolean).join(" · ");
  const cells = [
    `${LINE_KIND_LABELS[line.kind]}: ${line.description}${details ? `\n${details}` : ""}`,
    `${quantity(line.quantityMilli)} ${line.unit}`,
    "",
    formatEuros(line.unitCents),
    `${line.kind === "descuento" ? "-" : ""}${formatEuros(lineBaseCents(line))}`,
  ];
  const widths = [first, ...cols.slice(1)];
  pdf.font("regular").fontSize(9);
  const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: widths[i]! - 6 }))) + 6;
  ensureRoom(pdf, height);
  const top = pdf.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    pdf.text(cell, x + 3, top + 3, { width: widths[i]! - 6, align: i === 0 ? "left" : "right" });
    x += widths[i]!;
  });
  pdf.y = top + height;
  pdf.moveTo(MARGIN, pdf.y).lineTo(MARGIN + width(pdf), pdf.y).lineWidth(0.3).strokeColor("#999999").stroke().strokeColor("black");
}

function tableHeader(pdf: Pdf) {
  const cols = [0, 62, 62, 80, 80];
  const first = width(pdf) - cols.slice(1).reduce((a, b) => a + b, 0);
  const titles = ["Concepto", "Cantidad", "", "Precio unidad (sin IVA)", "Importe (sin IVA)"];
  const widths = [first, ...cols.slice(1)];
  ensureRoom(pdf, 40);
  pdf.font("bold").fontSize(8.5);
  const top = pdf.y;
  const height = Math.max(...titles.map((t, i) => pdf.heightOfString(t, { width: widths[i]! - 6 }))) + 6;
  pdf.rect(MARGIN, top, width(pdf), height).fillColor("#e6e6e6").fill().fillColor("black");
  let x = MARGIN;
  titles.forEach((title, i) => {
    pdf.text(title, x + 3, top + 3, { width: widths[i]! - 6, align: i === 0 ? "left" : "right" });
    x += widths[i]!;
  });
  pdf.y = top + height;
}

function amountRow(pdf: Pdf, label: string, value: string, strong = false) {
  ensureRoom(pdf, 16);
  const y = pdf.y;
  pdf.font(strong ? "bold" : "regular").fontSize(BODY);
  pdf.text(label, MARGIN, y, { width: width(pdf) - 110, align: "right" });
  pdf.text(value, MARGIN + width(pdf) - 105, y, { width: 105, align: "right" });
  pdf.y = Math.max(pdf.y, y + 13);
}

/** Signature strokes (SVG path data in SIGNATURE_BOX) drawn to fit a box; the work report's PDF draws its own this way too. */
export function drawSignature(pdf: Pdf, path: string, x: number, y: number, boxWidth: number, boxHeight: number) {
  const scale = Math.min(boxWidth / SIGNATURE_BOX.width, boxHeight / SIGNATURE_BOX.height);
  pdf.save();
  pdf.translate(x, y).scale(scale);
  pdf.path(path).lineWidth(3).lineCap("round").lineJoin("round").strokeColor("#0a2a47").stroke();
  pdf.restore();
  pdf.strokeColor("black");
}

export async function renderQuotePdf(doc: QuoteDocument, acceptance: QuoteAcceptanceFacts | null): Promise<Buffer> {
  const { pdf, bytes } = await a4Pdf({ Title: `Presupuesto ${doc.number} (versión ${doc.version})`, Author: doc.seller.legalName, CreationDate: new Date(`${doc.issuedOn}T12:00:00Z`) });

  // Heading: what it is, its number, version, date and validity.
  pdf.font("bold").fontSize(18).text("PRESUPUESTO", MARGIN, MARGIN, { width: width(pdf) });
  pdf.fontSize(11).text(`Nº ${doc.number} · versión ${doc.version}`);
  pdf.font("regular").fontSize(BODY).text(`Fecha: ${formatYmd(doc.issuedOn)} · Válido hasta el ${formatYmd(doc.validUntil)} (${doc.validityDays} días)`);
  if (acceptance) {
    pdf.moveDown(0.3).font("bold").fillColor("#1e7b34").text(`ACEPTADO: opción ${acceptance.alternative} el ${formatDateTime(acceptance.createdAt)} (hora de Madrid)`).fillColor("black");
  }

  // The installer and the customer, side by side.
  pdf.moveDown(0.8);
  const s = doc.seller;
  const c = doc.customer;
  sideBySide(
    pdf,
    { caption: "Empresa instaladora", lines: [s.legalName, `NIF: ${s.nif}`, s.address, `Teléfono: ${s.phone}`, `E-mail: ${s.email}`, `Registro de empresas instaladoras: ${s.industrialRegistry}`] },
    {
      caption: "Cliente",
      lines: [c.name, ...(c.nif ? [`NIF: ${c.nif}`] : []), [c.address, c.postcode, c.town, c.province].filter(Boolean).join(", "), ...(c.phone ? [`Teléfono: ${c.phone}`] : []), ...(c.email ? [`E-mail: ${c.email}`] : [])],
    },
  );
  const w = doc.workPlace;
  heading(pdf, "Lugar de la obra");
  para(pdf, [w.address, w.postcode, w.town, w.province].filter(Boolean).join(", "));
  heading(pdf, "Descripción del trabajo");
  para(pdf, doc.description);
  heading(pdf, "Fechas aproximadas");
  para(pdf, `Inicio: ${doc.startOn ? formatYmd(doc.startOn) : "a convenir"} · Fin: ${doc.endOn ? formatYmd(doc.endOn) : "a convenir"}`);

  for (const alternative of doc.alternatives) {
    const totals = alternativeTotals(alternative, doc.dwellingRenovation);
    heading(pdf, `Opción ${alternative.key}${alternative.title ? `: ${alternative.title}` : ""}`);
    tableHeader(pdf);
    for (const line of alternative.lines) lineRow(pdf, line);
    pdf.moveDown(0.4);
    amountRow(pdf, "Base imponible", formatEuros(totals.baseCents));
    for (const tax of totals.standard.taxes) amountRow(pdf, `IVA ${tax.rate} %`, formatEuros(tax.vatCents));
    amountRow(pdf, "Total con IVA", formatEuros(totals.standard.totalCents), true);
    if (totals.reduced) {
      for (const tax of totals.reduced.taxes) amountRow(pdf, `IVA ${tax.rate} % (si confirma las condiciones)`, formatEuros(tax.vatCents));
      amountRow(pdf, "Total con IVA reducido del 10 %", formatEuros(totals.reduced.totalCents), true);
    }
    if (totals.materialsShareBasis !== null) amountRow(pdf, `Parte de materiales (IVA del 10 %: hasta el ${MATERIALS_LIMIT_PERCENT} %)`, percentBasis(totals.materialsShareBasis));
  }
  if (doc.alternatives.some((a) => alternativeTotals(a, doc.dwellingRenovation).reducedPossible)) {
    heading(pdf, "IVA reducido del 10 % (art. 91.Uno.2.10º de la Ley 37/1992)");
    para(pdf, `Se aplica si, además de que los materiales no pasan del 40 % de la base, el cliente confirma al aceptar: ${REDUCED_VAT_CONDITIONS.join(" ")} Sin esa confirmación, el total es el del IVA del 21 %.`);
  }
  heading(pdf, "Condiciones");
  para(pdf, `Señal: ${depositLabel(doc.deposit)}${doc.deposit.kind === "importe" ? `: ${formatEuros(doc.deposit.cents)}` : ""}.`);
  para(pdf, `Garantía: ${doc.guarantee}`);
  para(pdf, `Validez: este presupuesto puede aceptarse hasta el ${formatYmd(doc.validUntil)} inclusive.`);
  if (doc.notes) para(pdf, `Notas: ${doc.notes}`);
  if (acceptance) {
    heading(pdf, "Aceptación");
    para(pdf, `Aceptado por ${acceptance.fullName} el ${formatDateTime(acceptance.createdAt)} (hora de Madrid), opción ${acceptance.alternative}${acceptance.totalCents !== null ? `, total ${formatEuros(acceptance.totalCents)} IVA incluido${acceptance.reducedVatConfirmed ? " (IVA del 10 %: condiciones confirmadas)" : ""}` : ""}${acceptance.depositCents ? `, señal ${formatEuros(acceptance.depositCents)}` : ""}.`);
    para(pdf, `Huella de esta versión (SHA-256: cualquier cambio posterior del documento daría otra distinta): ${acceptance.documentSha256}`);
  }

  // Signatures: the shop's and the customer's boxes.
  ensureRoom(pdf, 170);
  pdf.moveDown(1);
  const boxTop = pdf.y;
  const boxHeight = 130;
  const half = (width(pdf) - 20) / 2;
  pdf.rect(MARGIN, boxTop, half, boxHeight).lineWidth(0.6).stroke();
  pdf.rect(MARGIN + half + 20, boxTop, half, boxHeight).stroke();
  pdf.font("regular").fontSize(BODY);
  pdf.text(`Por ${s.legalName}`, MARGIN + 6, boxTop + 6, { width: half - 12 });
  pdf.text(`Madrid, ${formatYmd(doc.issuedOn)}`, MARGIN + 6, pdf.y, { width: half - 12 });
  pdf.moveTo(MARGIN + 6, boxTop + boxHeight - 20).lineTo(MARGIN + half - 6, boxTop + boxHeight - 20).lineWidth(0.4).stroke();
  pdf.text("Firma y sello de la empresa", MARGIN + 6, boxTop + boxHeight - 16, { width: half - 12 });
  const cx = MARGIN + half + 26;
  pdf.text(RECEIVED_STATEMENT, cx, boxTop + 6, { width: half - 12 });
  if (quotesUsedMaterials(doc)) pdf.text(USED_MATERIALS_STATEMENT.toUpperCase(), cx, pdf.y + 2, { width: half - 12 });
  const signTop = pdf.y + 4;
  if (acceptance?.signatureKind === "dibujada" && acceptance.signature) {
    drawSignature(pdf, acceptance.signature, cx, signTop, half - 12, boxTop + boxHeight - 24 - signTop);
  } else if (acceptance?.signatureKind === "escrita" && acceptance.signature) {
    pdf.font("bold").fontSize(12).text(acceptance.signature, cx, signTop + 6, { width: half - 12 });
    pdf.font("regular").fontSize(BODY);
  }
  pdf.moveTo(cx, boxTop + boxHeight - 20).lineTo(cx + half - 12, boxTop + boxHeight - 20).stroke();
  pdf.text(acceptance ? `Firma del cliente: ${acceptance.fullName}` : "Firma del cliente", cx, boxTop + boxHeight - 16, { width: half - 12 });
  pdf.y = boxTop + boxHeight + 8;

  pageFooters(pdf, `${s.legalName} · NIF ${s.nif} · Presupuesto ${doc.number}, versión ${doc.version}`);
  pdf.end();
  return bytes;
}

/** The PDF of one version of a quote, with its acceptance when it has one; null when there is no such version. */
export async function quotePdfFile(db: Database, quoteId: number, version: number): Promise<{ filename: string; pdf: Buffer } | null> {
  const row = await versionOf(db, quoteId, version);
  if (!row) return null;
  const [quote] = await db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, quoteId));
  const acceptance = await acceptanceOf(db, quoteId, version);
  return { filename: `${quote?.number ?? "presupuesto"}-v${version}.pdf`, pdf: await renderQuotePdf(row.document, acceptance) };
}
