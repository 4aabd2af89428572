/*
 * The text a VERI*FACTU billing record's "huella" is computed over (issue 13), as the AEAT's
 * "Detalle de las especificaciones técnicas para generación de la huella o hash de los
 * registros de facturación" (v0.1.2, 27-08-2024) prescribes; decision 0008.
 *
 * - Each field is written `Name=value`, in the document's order, joined by `&`.
 * - Values are trimmed at both ends; an empty value is still written (`Huella=` for the
 *   first record of the chain, which is chained to nothing).
 * - The values are exactly those of the record's XML (amounts, dates, timestamp): the same
 *   formatters below build both, so the hash the AEAT recomputes matches ours.
 * - SHA-256 over the UTF-8 bytes, upper-case hexadecimal: app/server/invoices/
 *   verifactu-hash.server.ts (node:crypto stays out of the browser-safe domain).
 *
 * Pure: no I/O, usable on the client and the server.
 */

import { madridOffsetMinutes } from "../dates/madrid-dates";
import { dotDecimalEuros } from "../money";

/** The fields of a registro de alta that enter its huella, already formatted. */
export type AltaHashFields = {
  /** The issuer's NIF. */
  idEmisorFactura: string;
  /** The invoice's series and number ("F2026-000123"). */
  numSerieFactura: string;
  /** dd-mm-yyyy, see aeatDate. */
  fechaExpedicionFactura: string;
  /** F1, F2, R1... */
  tipoFactura: string;
  /** Sum of the VAT quotas, see aeatAmount. */
  cuotaTotal: string;
  /** The invoice's total, see aeatAmount. */
  importeTotal: string;
  /** The huella of the shop's previous record (alta or anulación); "" for the first one. */
  huellaAnterior: string;
  /** The record's generation instant with its offset, see aeatTimestamp. */
  fechaHoraHusoGenRegistro: string;
};

/** The fields of a registro de anulación that enter its huella, already formatted. */
export type AnulacionHashFields = {
  idEmisorFacturaAnulada: string;
  numSerieFacturaAnulada: string;
  /** dd-mm-yyyy of the cancelled invoice. */
  fechaExpedicionFacturaAnulada: string;
  /** The huella of the shop's previous record in the chain (not of the cancelled one). */
  huellaAnterior: string;
  fechaHoraHusoGenRegistro: string;
};

function join(pairs: [string, string][]): string {
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join("&");
}

export function altaHashInput(fields: AltaHashFields): string {
  return join([
    ["IDEmisorFactura", fields.idEmisorFactura],
    ["NumSerieFactura", fields.numSerieFactura],
    ["FechaExpedicionFactura", fields.fechaExpedicionFactura],
    ["TipoFactura", fields.tipoFactura],
    ["CuotaTotal", fields.cuotaTotal],
    ["ImporteTotal", fields.importeTotal],
    ["Huella", fields.huellaAnterior],
    ["FechaHoraHusoGenRegistro", fields.fechaHoraHusoGenRegistro],
  ]);
}

export function anulacionHashInput(fields: AnulacionHashFields): string {
  return join([
    ["IDEmisorFacturaAnulada", fields.idEmisorFacturaAnulada],
    ["NumSerieFacturaAnulada", fields.numSerieFacturaAnulada],
    ["FechaExpedicionFacturaAnulada", fields.fechaExpedicionFacturaAnulada],
    ["Huella", fields.huellaAnterior],
    ["FechaHoraHusoGenRegistro", fields.fechaHoraHusoGenRegistro],
  ]);
}

/** A huella as the AEAT writes it: 64 upper-case hexadecimal characters. */
export const HUELLA_PATTERN = /^[0-9A-F]{64}$/;

/**
 * Euro cents as the AEAT's decimal: a dot and two decimals ("123.45", "-12.10", "0.00"),
 * as in the document's examples and the XSD's ImporteSgn12.2 type.
 */
export function aeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Importe no entero en céntimos: ${cents}`);
  return dotDecimalEuros(cents);
}

/** "YYYY-MM-DD" (our calendar days) as the AEAT's dd-mm-yyyy. */
export function aeatDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) throw new RangeError(`Fecha no válida (se espera AAAA-MM-DD): ${isoDay}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/**
 * An instant as the AEAT's FechaHoraHusoGenRegistro: ISO 8601 to the second in Madrid's
 * wall-clock time with that instant's offset ("2024-01-01T19:20:30+01:00", "+02:00" in
 * summer). Milliseconds are dropped, as the format has none.
 */
export function aeatTimestamp(instant: Date): string {
  const time = Math.floor(instant.getTime() / 1000) * 1000;
  if (Number.isNaN(time)) throw new RangeError("Fecha y hora no válidas");
  const offsetMinutes = madridOffsetMinutes(time);
  const wall = new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.trunc(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${wall}${offset}`;
}
