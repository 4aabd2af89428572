import { formatYmd } from "../dates/madrid-dates";
import { slotLabel } from "./installation-slots";

/**
 * How an order reads in "Mis Pedidos" and on its own page (spec section 2, order table
 * columns). Pure formatting: dates in Spanish and Madrid time, so that the server and the
 * browser print the same text.
 */

/** One row of the "Mis Pedidos" table: columns of spec section 2, ready to print. */
export type OrderRow = {
  number: string;
  status: string;
  date: string;
  addressSend: string;
  payMethod: string;
  products: string[];
  amountCents: number;
  withdrawn: boolean;
  /** What the back office recorded with the status (the installation's day, the carrier). */
  statusNote: string | null;
};

export type AddressView = {
  nombre: string;
  apellidos: string;
  empresa?: string;
  direccion: string;
  poblacion: string;
  provincia: string;
  cp: string;
  pais?: string;
  telefono?: string;
  id?: string;
};

/** "Lucía García Pérez": the person of an address, name and surnames. */
export function personName(address: Pick<AddressView, "nombre" | "apellidos">): string {
  return `${address.nombre} ${address.apellidos}`.trim();
}

/** The lines of an address block: name, company, street, "28001 Madrid (Madrid)", country. */
export function addressLines(address: AddressView): string[] {
  const town = `${address.cp} ${address.poblacion}`.trim();
  return [
    personName(address),
    address.empresa ?? "",
    address.direccion,
    address.provincia && address.provincia !== address.poblacion ? `${town} (${address.provincia})` : town,
    address.pais ?? "España",
  ].filter((line) => line.length > 0);
}

/** One line for the orders table: "Calle Mayor 1, 28013 Madrid". */
export function addressSummary(address: AddressView): string {
  return [address.direccion, `${address.cp} ${address.poblacion}`.trim()].filter(Boolean).join(", ");
}

export type StatusFacts = {
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  installationDate: string | null;
  installationSlot: string | null;
};

/** "Transportista: SEUR · Seguimiento: 123" (null when nothing was recorded). */
export function shipmentText(order: Pick<StatusFacts, "carrier" | "trackingNumber">): string | null {
  const parts = [order.carrier ? `Transportista: ${order.carrier}` : "", order.trackingNumber ? `Seguimiento: ${order.trackingNumber}` : ""];
  return parts.filter(Boolean).join(" · ") || null;
}

/** "15/07/2026, mañana, de 09:00 a 11:00" */
export function installationText(order: Pick<StatusFacts, "installationDate" | "installationSlot">): string | null {
  if (!order.installationDate) return null;
  const slot = order.installationSlot ? `, ${slotLabel(order.installationSlot).replace(/^./, (c) => c.toLowerCase())}` : "";
  return `${formatYmd(order.installationDate)}${slot}`;
}

/** The line under the status in "Mis Pedidos": the visit while it is ahead, the parcel while it travels. */
export function statusNote(order: StatusFacts): string | null {
  if (order.status === "Instalación programada") {
    const visit = installationText(order);
    return visit ? `Instalación: ${visit}` : null;
  }
  if (order.status === "Enviado") return shipmentText(order);
  return null;
}
