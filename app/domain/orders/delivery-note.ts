import { isServiceFamily } from "../basket/basket";
import type { AddressView } from "./my-orders";

/*
 * The delivery note (albarán) of an order (issue 30): what goes in the parcel, for the carrier
 * or the technician to hand over and the customer to sign as received. Goods only (an
 * installation or a maintenance is a service: noted, not listed), identical units on one line
 * with their quantity; with prices, or without them when asked (a parcel left with a
 * neighbour, a gift).
 */

/** One of an order's lines as stored (order_lines). */
export type OrderLineFacts = { productId: number | null; family: string; brand: string; model: string; type: string; priceCents: number };

/** "Daikin Sensira FTXC35D (Aire acondicionado split)": an order line as the invoice and the note name it. */
export function orderLineDescription(line: Pick<OrderLineFacts, "brand" | "model" | "type">): string {
  const name = `${line.brand} ${line.model}`.trim();
  return line.type && !line.model.includes(line.type) ? `${name} (${line.type})` : name;
}

export type DeliveryNoteLine = { description: string; quantity: number; unitCents: number; totalCents: number };

export type DeliveryNote = {
  orderNumber: string;
  /** "YYYY-MM-DD" (Madrid): the day it was shipped, or today's for a note printed before. */
  day: string;
  seller: { legalName: string; nif: string; address: string; phone: string };
  deliverTo: AddressView;
  lines: DeliveryNoteLine[];
  /** The order has installation or maintenance lines (done on site, not in the parcel). */
  hasServices: boolean;
  carrier: string | null;
  trackingNumber: string | null;
  /** Prices shown: each line's and the order's total (VAT included), with shipping. */
  prices: { totalCents: number; shippingCents: number } | null;
};

export function deliveryNoteLines(lines: OrderLineFacts[]): DeliveryNoteLine[] {
  const grouped = new Map<string, DeliveryNoteLine>();
  for (const line of lines) {
    if (isServiceFamily(line.family)) continue;
    const description = orderLineDescription(line);
    const key = `${line.productId ?? ""}|${description}|${line.priceCents}`;
    const found = grouped.get(key);
    if (found) {
      found.quantity += 1;
      found.totalCents += line.priceCents;
    } else grouped.set(key, { description, quantity: 1, unitCents: line.priceCents, totalCents: line.priceCents });
  }
  return [...grouped.values()];
}

/** ?precios=no leaves the prices out. */
export function wantsPrices(params: URLSearchParams): boolean {
  return params.get("precios") !== "no";
}

/** The note's file name: albaran-2103-281126.pdf. */
export function deliveryNoteFileName(orderNumber: string, format: "pdf"): string {
  return `albaran-${orderNumber}.${format}`;
}
