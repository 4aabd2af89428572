import { isYmd } from "../dates/madrid-dates";
import type { PayMethod } from "../payments/payment-methods";
import { isInstallationSlot } from "./installation-slots";
import { canMove, isOrderStatus, type OrderStatus } from "./order-status";

/*
 * The forms of the order page's status changes (issue 11), one rule for the page and the
 * action. What each move records:
 *   Pagado: date of payment and bank reference, both required for a transfer;
 *   Enviado: carrier and tracking number, optional;
 *   Instalación programada: a day from today on and one of the slots;
 *   Cancelado: the reason.
 * Field names of the form (Spanish): destino, actual, fecha, referencia, transportista,
 * seguimiento, franja, motivo.
 */

import { MAX_CANCEL_REASON_LENGTH, MAX_DETAIL_LENGTH, MAX_NOTES_LENGTH } from "./status-move-limits";

export { MAX_CANCEL_REASON_LENGTH, MAX_DETAIL_LENGTH, MAX_NOTES_LENGTH };

export type MoveDetails = {
  paidOn?: string;
  bankReference?: string;
  carrier?: string;
  trackingNumber?: string;
  installationDate?: string;
  installationSlot?: string;
  reason?: string;
};

export type MoveRequest = { from: OrderStatus; to: OrderStatus; details: MoveDetails };

export type MoveParse =
  | { ok: true; move: MoveRequest }
  | { ok: false; errors: Record<string, string> };

type Order = { payMethod: PayMethod | string };

function text(form: Record<string, string | undefined>, name: string): string {
  return (form[name] ?? "").trim();
}

/** Messages of this module: the action answers them with 400, next to their fields. */
export const MOVE_MESSAGES = {
  unknown: "Elija un estado válido.",
  invalidMove: (from: string, to: string) => `Un pedido en «${from}» no puede pasar a «${to}».`,
  paidOnRequired: "Escriba la fecha en que llegó la transferencia.",
  paidOnInvalid: "Escriba una fecha válida que no sea posterior a hoy.",
  referenceRequired: "Escriba la referencia bancaria de la transferencia.",
  tooLong: `Escriba como máximo ${MAX_DETAIL_LENGTH} caracteres.`,
  dateInvalid: "Elija una fecha válida, de hoy en adelante.",
  slotInvalid: "Elija una franja horaria.",
  reasonRequired: "Escriba el motivo de la cancelación.",
  reasonTooLong: `Escriba como máximo ${MAX_CANCEL_REASON_LENGTH} caracteres.`,
};

/**
 * Reads a posted status change. `today` is Madrid's day ("YYYY-MM-DD"). The current status
 * the form carried (actual) is checked against the database later, in the transaction.
 */
export function parseMove(order: Order, form: Record<string, string | undefined>, today: string): MoveParse {
  const from = text(form, "actual");
  const to = text(form, "destino");
  if (!isOrderStatus(from) || !isOrderStatus(to)) return { ok: false, errors: { destino: MOVE_MESSAGES.unknown } };
  if (!canMove(from, to, "status-form")) return { ok: false, errors: { destino: MOVE_MESSAGES.invalidMove(from, to) } };

  const errors: Record<string, string> = {};
  const details: MoveDetails = {};
  const short = (name: string, key: keyof MoveDetails) => {
    const value = text(form, name);
    if (value.length > MAX_DETAIL_LENGTH) errors[name] = MOVE_MESSAGES.tooLong;
    else if (value) details[key] = value;
  };

  switch (to) {
    case "Pagado": {
      const transfer = order.payMethod === "transferencia";
      const paidOn = text(form, "fecha");
      if (!paidOn) {
        if (transfer) errors.fecha = MOVE_MESSAGES.paidOnRequired;
      } else if (!isYmd(paidOn) || paidOn > today) errors.fecha = MOVE_MESSAGES.paidOnInvalid;
      else details.paidOn = paidOn;
      short("referencia", "bankReference");
      if (transfer && !details.bankReference && !errors.referencia) errors.referencia = MOVE_MESSAGES.referenceRequired;
      break;
    }
    case "Enviado":
      short("transportista", "carrier");
      short("seguimiento", "trackingNumber");
      break;
    case "Instalación programada": {
      const day = text(form, "fecha");
      if (!isYmd(day) || day < today) errors.fecha = MOVE_MESSAGES.dateInvalid;
      else details.installationDate = day;
      const slot = text(form, "franja");
      if (!isInstallationSlot(slot)) errors.franja = MOVE_MESSAGES.slotInvalid;
      else details.installationSlot = slot;
      break;
    }
    case "Cancelado": {
      const reason = text(form, "motivo");
      if (!reason) errors.motivo = MOVE_MESSAGES.reasonRequired;
      else if (reason.length > MAX_CANCEL_REASON_LENGTH) errors.motivo = MOVE_MESSAGES.reasonTooLong;
      else details.reason = reason;
      break;
    }
    default:
      break;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, move: { from, to, details } };
}

/** Internal notes: free text, kept as typed (trimmed), up to a few pages. */
export function parseNotes(form: Record<string, string | undefined>): { ok: true; notes: string } | { ok: false; error: string } {
  const notes = (form.notas ?? "").trim();
  if (notes.length > MAX_NOTES_LENGTH) return { ok: false, error: `Escriba como máximo ${MAX_NOTES_LENGTH} caracteres.` };
  return { ok: true, notes };
}

/**
 * What the order's history (order_events.details) keeps of a move, under the Spanish names
 * the history shows; the unpaid-transfer job writes "motivo" the same way.
 */
export function eventDetails(details: MoveDetails): Record<string, string> {
  const kept: Record<string, string | undefined> = {
    fechaPago: details.paidOn,
    referencia: details.bankReference,
    transportista: details.carrier,
    seguimiento: details.trackingNumber,
    fechaInstalacion: details.installationDate,
    franja: details.installationSlot,
    motivo: details.reason,
  };
  return Object.fromEntries(Object.entries(kept).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export const EVENT_DETAIL_LABELS: Record<string, string> = {
  fechaPago: "Fecha de pago",
  referencia: "Referencia bancaria",
  transportista: "Transportista",
  seguimiento: "Número de seguimiento",
  fechaInstalacion: "Fecha de instalación",
  franja: "Franja horaria",
  motivo: "Motivo",
  factura: "Factura",
};
