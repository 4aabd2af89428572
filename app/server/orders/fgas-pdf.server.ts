/*
 * The buyer's F-gas declaration as an A4 PDF (issue 15, decision 0012): the statement made at
 * the order, the declarant, the order and the place of installation, the installing company
 * (or the lines to write it on), and what is still to be sent. It goes attached to the order
 * e-mail and can be downloaded from the order's page. Same font and lazy loading as the
 * invoices (app/server/invoices/invoice-pdf.server.ts, decision 0010).
 */
import { FGAS_TITLE } from "~/domain/orders/fgas";
import type { InstallerDetails } from "~/domain/orders/fgas-fields";
import { a4Pdf, GREY, MM, type Pdf } from "../pdf/a4-pdf.server";

/** Everything the PDF of the declaration prints (gathered by fgasDocument in fgas.server.ts). */
export type FgasDocument = {
  orderNumber: string;
  orderDate: string;
  declaredAt: string;
  dueOn: string;
  seller: { name: string; nif: string; address: string };
  statement: string[];
  declarant: { name: string; id: string };
  installationAddress: string[];
  installer: InstallerDetails;
};

/** The declaration keeps its wider margin. */
const FGAS_MARGIN = 18 * MM;


/** The file name of the declaration of order `number`. */
export function fgasPdfName(number: string): string {
  return `declaracion-gases-fluorados-${number}.pdf`;
}

export async function renderFgasDeclarationPdf(doc: FgasDocument): Promise<Buffer> {
  const { pdf, bytes } = await a4Pdf(
    { Title: `${FGAS_TITLE} · pedido ${doc.orderNumber}`, Author: doc.seller.name, Subject: "Real Decreto 115/2017, anexo VI" },
    { margin: FGAS_MARGIN, bufferPages: false },
  );

  const width = pdf.page.width - 2 * FGAS_MARGIN;
  pdf.font("bold").fontSize(15).text(FGAS_TITLE.toUpperCase(), { width });
  pdf.font("regular").fontSize(9).fillColor(GREY).text("Real Decreto 115/2017, de 17 de febrero: artículo 9.8 y anexo VI", { width });
  pdf.fillColor("black").moveDown(1);

  facts(pdf, width, [
    ["Vendedor", `${doc.seller.name} · NIF ${doc.seller.nif} · ${doc.seller.address}`],
    ["Pedido", `${doc.orderNumber}, del ${doc.orderDate}`],
    ["Declarante", `${doc.declarant.name} · NIF/NIE ${doc.declarant.id}`],
    ["Lugar de instalación", doc.installationAddress.join(", ")],
    ["Declarado el", `${doc.declaredAt} (hora de Madrid), al confirmar el pedido en la tienda online`],
  ]);

  pdf.moveDown(0.8);
  pdf.font("regular").fontSize(10.5);
  for (const paragraph of doc.statement) pdf.text(paragraph, { width, align: "justify" }).moveDown(0.5);

  pdf.moveDown(0.5);
  heading(pdf, width, "Empresa instaladora habilitada");
  const installer = doc.installer;
  if (installer.installerName) {
    facts(pdf, width, [
      ["Nombre", installer.installerName],
      ["NIF", installer.installerId || "(sin indicar)"],
      ["Registro / habilitación", installer.installerRegistration || "(sin indicar)"],
    ]);
  } else {
    pdf.font("regular").fontSize(10).text("Aún sin indicar: puede hacerlo en «Mis Pedidos», en la página del pedido.", { width });
    pdf.moveDown(0.5);
    for (const label of ["Nombre", "NIF", "Registro / habilitación"]) blank(pdf, width, label);
  }

  pdf.moveDown(0.8);
  heading(pdf, width, "Lo que queda por hacer");
  pdf.font("regular").fontSize(10).text(
    `Cuando la empresa habilitada haga la instalación, suba su certificado de instalación (o el documento de la parte B del anexo VI firmado por usted y por ella) en «Mis Pedidos», en la página del pedido ${doc.orderNumber}, antes del ${doc.dueOn}.`,
    { width },
  );
  pdf.moveDown(0.4);
  pdf.fillColor(GREY).fontSize(8.5).text(
    "Conserve este documento. El vendedor lo guarda con el pedido, como exige el Real Decreto 115/2017, y comunica a la comunidad autónoma las compras cuyo justificante de instalación no recibe en el plazo de un año.",
    { width },
  );
  pdf.fillColor("black");
  pdf.end();
  return bytes;
}

function heading(pdf: Pdf, width: number, title: string) {
  pdf.font("bold").fontSize(8.5).fillColor(GREY).text(title.toUpperCase(), { width, characterSpacing: 0.5 });
  pdf.fillColor("black").moveDown(0.3);
}

/** Label and value rows. */
function facts(pdf: Pdf, width: number, rows: [string, string][]) {
  const labelWidth = 120;
  for (const [label, value] of rows) {
    const top = pdf.y;
    pdf.font("bold").fontSize(9.5).text(label, FGAS_MARGIN, top, { width: labelWidth });
    const labelBottom = pdf.y;
    pdf.font("regular").text(value, FGAS_MARGIN + labelWidth, top, { width: width - labelWidth });
    pdf.y = Math.max(labelBottom, pdf.y) + 3;
  }
  pdf.x = FGAS_MARGIN;
}

/** A label and a line to write on, for a printed copy. */
function blank(pdf: Pdf, width: number, label: string) {
  const top = pdf.y + 6;
  pdf.font("regular").fontSize(9.5).text(`${label}:`, FGAS_MARGIN, top, { width: 120 });
  pdf.moveTo(FGAS_MARGIN + 120, top + 10).lineTo(FGAS_MARGIN + width, top + 10).lineWidth(0.4).strokeColor(GREY).stroke().strokeColor("black");
  pdf.y = top + 16;
  pdf.x = FGAS_MARGIN;
}
