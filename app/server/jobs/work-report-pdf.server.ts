/*
 * A signed work report as an A4 PDF (issue 17), drawn with pdfkit and the DejaVu fonts like the
 * quotes (quote-pdf.server.ts): the shop, the job (its quote), the customer and the place, the
 * technician, the checklist, the combustion analysis, the units with their serial numbers, the
 * extra work with its amounts, the notes, the photos (small), the customer's drawn signature
 * under what they signed, the signer, the time (Madrid) and the SHA-256 of the signed text.
 */
import { formatDateTime, madridDay } from "~/domain/dates/madrid-dates";
import { lineText } from "~/domain/quotes/quote-document-text";
import { RITE_SOURCE } from "~/domain/maintenance/rite-periods";
import { formatEuros } from "~/domain/money";
import { checklistLabel, combustionLines, leakLine, repairLines, reportStatements, reportTitle } from "~/domain/jobs/work-report-text";
import type { Database } from "../db/client.server";
import { a4Pdf, BODY, ensureRoom, heading, MARGIN, pageFooters, para, sideBySide, textWidth as width, type Pdf } from "../pdf/a4-pdf.server";
import { readVariant } from "../images/image-store.server";
import { drawSignature } from "../quotes/quote-pdf.server";
import { loadWorkReport, type ReportPhoto, type WorkReportView } from "./work-report-store.server";

const PHOTO_BOX = { width: 160, height: 120 };

/** The JPEG copy to print: 640 px wide when there is one (sharp enough at 160 pt), else the nearest. */
async function photoBytes(photo: ReportPhoto): Promise<Uint8Array | null> {
  const width = photo.widths.find((w) => w >= 640) ?? photo.widths.at(-1);
  if (!width) return null;
  return (await readVariant(photo.imageId, width, "jpeg"))?.bytes ?? null;
}

async function drawPhotos(pdf: Pdf, photos: ReportPhoto[]) {
  const perRow = Math.max(1, Math.floor((width(pdf) + 10) / (PHOTO_BOX.width + 10)));
  for (let i = 0; i < photos.length; i += perRow) {
    ensureRoom(pdf, PHOTO_BOX.height + 10);
    const top = pdf.y;
    for (const [n, photo] of photos.slice(i, i + perRow).entries()) {
      const bytes = await photoBytes(photo);
      if (!bytes) continue;
      pdf.image(Buffer.from(bytes), MARGIN + n * (PHOTO_BOX.width + 10), top, { fit: [PHOTO_BOX.width, PHOTO_BOX.height] });
    }
    pdf.y = top + PHOTO_BOX.height + 10;
  }
}

export async function renderWorkReportPdf(view: WorkReportView): Promise<Buffer> {
  const { row } = view;
  const content = row.content;
  const subject = view.subject;
  const installation = subject.kind === "instalacion";
  const { pdf, bytes } = await a4Pdf({ Title: reportTitle(subject), Author: view.seller.legalName, CreationDate: row.signedAt });

  const repair = subject.kind === "reparacion";
  pdf.font("bold").fontSize(18).text(installation ? "PARTE DE TRABAJO" : repair ? "PARTE DE REPARACIÓN" : "REGISTRO DE OPERACIONES DE MANTENIMIENTO", MARGIN, MARGIN, { width: width(pdf) });
  pdf
    .fontSize(11)
    .text(
      subject.kind === "instalacion"
        ? `Presupuesto ${subject.quoteNumber} · versión ${subject.quoteVersion} · opción ${subject.alternative}`
        : repair
          ? subject.title
          : `${subject.title} · ${RITE_SOURCE} · para el Libro del Edificio`,
    );
  pdf.font("regular").fontSize(BODY).text(`Firmado el ${formatDateTime(row.signedAt)} (hora de Madrid)`);

  pdf.moveDown(0.8);
  const s = view.seller;
  const c = view.customer;
  sideBySide(
    pdf,
    { caption: installation || repair ? "Empresa instaladora" : "Empresa mantenedora", lines: [s.legalName, `NIF: ${s.nif}`, s.address, `Teléfono: ${s.phone}`, `Registro de empresas instaladoras: ${s.industrialRegistry}`] },
    { caption: "Cliente", lines: [c.name, ...(c.nif ? [`NIF: ${c.nif}`] : []), ...(c.phone ? [`Teléfono: ${c.phone}`] : []), ...(c.email ? [`E-mail: ${c.email}`] : [])] },
  );
  const w = view.workPlace;
  heading(pdf, "Lugar del trabajo");
  para(pdf, [w.address, w.postcode, w.town, w.province].filter(Boolean).join(", "));
  heading(pdf, "Técnico");
  para(pdf, row.technicianName);

  heading(pdf, `Comprobaciones: ${checklistLabel(content.checklistKind)}`);
  for (const check of content.checklist) para(pdf, `${check.done ? "☑" : "☐"}  ${check.item}${check.done ? "" : " (no marcado)"}`);
  if (content.combustion) {
    heading(pdf, "Análisis de combustión");
    for (const line of combustionLines(content.combustion)) para(pdf, line);
  }
  if (content.leak) {
    heading(pdf, "Fuga de refrigerante");
    para(pdf, leakLine(content.leak));
  }
  if (content.repair) {
    if (content.extras.length > 0) {
      heading(pdf, "Mano de obra y materiales");
      for (const line of content.extras) para(pdf, lineText(line));
    }
    heading(pdf, "Reparación");
    for (const line of repairLines(content.repair)) para(pdf, line);
  } else {
    heading(pdf, installation ? "Equipos instalados" : "Equipos mantenidos");
    if (content.units.length === 0) para(pdf, "Ninguno.");
    for (const unit of content.units) para(pdf, `${`${unit.brand} ${unit.model}`.trim()} · número de serie ${unit.serialNumber}`);
  }
  if (content.extras.length > 0 && !content.repair) {
    heading(pdf, "Trabajos adicionales aceptados por el cliente");
    for (const line of content.extras) para(pdf, lineText(line));
    pdf.font("bold");
    para(pdf, `Total de los trabajos adicionales: ${formatEuros(row.extrasTotalCents)} (IVA del ${view.vatRate} % incluido)`);
  }
  heading(pdf, "Notas");
  para(pdf, content.notes || "Sin notas.");
  if (view.photos.length > 0) {
    heading(pdf, `Fotos (${view.photos.length})`);
    await drawPhotos(pdf, view.photos);
  }

  // The customer's box: what they signed, the strokes, who and when.
  const statements = reportStatements(content, row.extrasTotalCents);
  ensureRoom(pdf, 190);
  pdf.moveDown(1);
  const boxTop = pdf.y;
  const boxHeight = 170;
  pdf.rect(MARGIN, boxTop, width(pdf), boxHeight).lineWidth(0.6).stroke();
  pdf.font("bold").fontSize(BODY).text(statements.join(". ") + ".", MARGIN + 6, boxTop + 6, { width: width(pdf) - 12 });
  const signTop = pdf.y + 4;
  drawSignature(pdf, row.signature, MARGIN + 6, signTop, Math.min(300, width(pdf) - 12), boxTop + boxHeight - 40 - signTop);
  pdf.moveTo(MARGIN + 6, boxTop + boxHeight - 34).lineTo(MARGIN + width(pdf) - 6, boxTop + boxHeight - 34).lineWidth(0.4).stroke();
  const signer = [row.signerName, row.signerIdNumber ? `documento ${row.signerIdNumber}` : ""].filter(Boolean).join(", ");
  pdf.font("regular").text(`Firma del cliente${signer ? `: ${signer}` : ""}`, MARGIN + 6, boxTop + boxHeight - 30, { width: width(pdf) - 12 });
  pdf.text(`Firmado el ${formatDateTime(row.signedAt)} (hora de Madrid)`, MARGIN + 6, pdf.y, { width: width(pdf) - 12 });
  pdf.y = boxTop + boxHeight + 8;
  para(pdf, `Huella del parte firmado (SHA-256: cualquier cambio posterior del documento daría otra distinta): ${row.documentSha256}`);

  pageFooters(pdf, `${s.legalName} · NIF ${s.nif} · ${reportTitle(subject)}`);
  pdf.end();
  return bytes;
}

/** The PDF of a job's signed report; null when the job has none. */
export async function workReportPdfFile(db: Database, jobId: number): Promise<{ filename: string; pdf: Buffer } | null> {
  const view = await loadWorkReport(db, jobId);
  if (!view) return null;
  const stem = view.subject.kind === "instalacion" ? `parte-${view.reference}` : view.subject.kind === "reparacion" ? `reparacion-${madridDay(view.row.signedAt)}` : `mantenimiento-${madridDay(view.row.signedAt)}`;
  return { filename: `${stem}.pdf`, pdf: await renderWorkReportPdf(view) };
}
