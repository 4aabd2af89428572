import { and, asc, desc, eq } from "drizzle-orm";
import { formatYmd, madridDay } from "~/domain/dates/madrid-dates";
import { isServiceFamily } from "~/domain/basket/basket";
import { formatEuros } from "~/domain/money";
import { addressLines } from "~/domain/orders/my-orders";
import { deliveryNoteLines, type DeliveryNote } from "~/domain/orders/delivery-note";
import { publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { a4Pdf, BODY, GREY, heading, MARGIN, pageFooters, para, sideBySide, textWidth, type Pdf } from "../pdf/a4-pdf.server";
import { orderEvents, orderLines, orders } from "./orders-schema.server";

/*
 * An order's delivery note (albarán, issue 30; ~/domain/orders/delivery-note): read from the
 * order, its lines and the day it was shipped; printed from the back office's page or as an
 * A4 PDF in the shop's document fonts.
 */

export async function loadDeliveryNote(db: Database, number: string, withPrices: boolean, now = new Date()): Promise<DeliveryNote | null> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order) return null;
  const [lines, [shipped]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db
      .select({ at: orderEvents.at })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "Enviado")))
      .orderBy(desc(orderEvents.at))
      .limit(1),
  ]);
  const shop = publicShopInfo();
  return {
    orderNumber: order.number,
    day: madridDay(shipped?.at ?? now),
    seller: { legalName: shop.legalName, nif: shop.nif, address: shop.address, phone: shop.phone },
    deliverTo: order.addressSend,
    lines: deliveryNoteLines(lines),
    hasServices: lines.some((line) => isServiceFamily(line.family)),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    prices: withPrices ? { totalCents: order.amountCents, shippingCents: order.shippingCents } : null,
  };
}

/** The table of goods: quantity and description, with unit price and amount when the note has prices. */
function goodsTable(pdf: Pdf, note: DeliveryNote) {
  const width = textWidth(pdf);
  const columns = note.prices ? [60, width - 60 - 170, 85, 85] : [60, width - 60];
  const headers = note.prices ? ["Cantidad", "Descripción", "Precio unidad", "Importe"] : ["Cantidad", "Descripción"];
  const row = (cells: string[], bold = false) => {
    const top = pdf.y;
    let x = MARGIN;
    let bottom = top;
    cells.forEach((cell, i) => {
      pdf.font(bold ? "bold" : "regular").fontSize(BODY).text(cell, x + 2, top, { width: columns[i]! - 4, align: i === 1 ? "left" : "right" });
      bottom = Math.max(bottom, pdf.y);
      x += columns[i]!;
    });
    pdf.moveTo(MARGIN, bottom + 3).lineTo(MARGIN + width, bottom + 3).strokeColor("#cccccc").stroke();
    pdf.y = bottom + 6;
  };
  row(headers, true);
  for (const line of note.lines) {
    const cells = [String(line.quantity), line.description];
    row(note.prices ? [...cells, formatEuros(line.unitCents), formatEuros(line.totalCents)] : cells);
  }
  if (note.prices) {
    if (note.prices.shippingCents > 0) row(["", "Gastos de envío", "", formatEuros(note.prices.shippingCents)]);
    row(["", "Total del pedido (IVA incluido)", "", formatEuros(note.prices.totalCents)], true);
  }
}

export async function renderDeliveryNotePdf(note: DeliveryNote): Promise<Buffer> {
  const { pdf, bytes } = await a4Pdf({ Title: `Albarán del pedido ${note.orderNumber}`, Author: note.seller.legalName });
  pdf.font("bold").fontSize(16).text("ALBARÁN DE ENTREGA", MARGIN, MARGIN, { width: textWidth(pdf) });
  pdf.font("regular").fontSize(10).fillColor(GREY).text(`Pedido ${note.orderNumber} · ${formatYmd(note.day)}`, { width: textWidth(pdf) });
  pdf.fillColor("black").moveDown(1);
  sideBySide(
    pdf,
    { caption: "Envía", lines: [note.seller.legalName, `NIF ${note.seller.nif}`, note.seller.address, `Tel. ${note.seller.phone}`] },
    { caption: "Entregar a", lines: [...addressLines(note.deliverTo), ...(note.deliverTo.telefono ? [`Tel. ${note.deliverTo.telefono}`] : [])] },
  );
  if (note.carrier || note.trackingNumber) {
    pdf.moveDown(0.6);
    para(pdf, [note.carrier ? `Transportista: ${note.carrier}` : "", note.trackingNumber ? `Seguimiento: ${note.trackingNumber}` : ""].filter(Boolean).join(" · "));
  }
  heading(pdf, "Mercancía");
  if (note.lines.length > 0) goodsTable(pdf, note);
  else para(pdf, "Este pedido no lleva mercancía: solo servicios.");
  if (note.hasServices) {
    pdf.moveDown(0.4);
    para(pdf, "La instalación o el mantenimiento del pedido se hacen en el domicilio, en la fecha acordada: no van en este envío.", { oblique: true });
  }
  heading(pdf, "Recibí conforme");
  para(pdf, "Nombre y apellidos: ____________________________________   DNI/NIE: ________________");
  pdf.moveDown(1.2);
  para(pdf, "Fecha: ____ / ____ / ________        Firma:");
  pdf.moveDown(3);
  para(pdf, "Revise el embalaje delante del transportista: si está dañado, anótelo aquí antes de firmar.", { oblique: true });
  pageFooters(pdf, `${note.seller.legalName} · Albarán del pedido ${note.orderNumber}`);
  pdf.end();
  return bytes;
}
