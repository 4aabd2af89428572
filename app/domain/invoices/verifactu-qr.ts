/*
 * The address in an invoice's QR code (issue 13), as the AEAT's "Características del QR y
 * especificaciones del servicio de cotejo o remisión de información por parte del receptor
 * de la factura" (v0.5.0) sets it for a VERI*FACTU system; decision 0008.
 *
 * - Base: the test host (prewww2.aeat.es) or production (www2.agenciatributaria.gob.es),
 *   path /wlpl/TIKE-CONT/ValidarQR (ValidarQRNoVerifactu is for systems that do not send
 *   their records, which this shop does not use).
 * - Four parameters in this order: nif, numserie, fecha (dd-mm-yyyy), importe (dot decimal,
 *   at most 2 decimals: the record's ImporteTotal). Each value is URL-encoded as UTF-8, so
 *   "&" travels as %26 (the document's example), "/" as %2F, a space as %20, "+" as %2B.
 *   The service's own "formato" parameter never goes into the QR.
 */
import { aeatAmount, aeatDate } from "./verifactu-hash";

export type VerifactuEnvironment = "pruebas" | "produccion";

export const VERIFACTU_QR_BASE: Record<VerifactuEnvironment, string> = {
  pruebas: "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR",
  produccion: "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR",
};

/** The legend printed with the QR of a system that sends its records (Orden HAC/1177/2024, art. 20). */
export const VERIFACTU_LEGEND = "VERI*FACTU";

/** The four values as they go into the URL, already in the AEAT's formats. */
export type QrValues = { nif: string; numserie: string; fecha: string; importe: string };

/**
 * The document limits each value to printable ASCII (32 to 126; its error 2003) and the
 * series and number to 60 characters (2002): an invoice whose QR the AEAT would refuse must
 * not be issued, so this throws instead of printing it.
 */
export function qrUrlFromValues(values: QrValues, environment: VerifactuEnvironment): string {
  const entries = Object.entries(values).map(([name, value]) => [name, value.trim()] as const);
  for (const [name, value] of entries) {
    if (value === "" || !/^[\x20-\x7E]+$/.test(value)) {
      throw new RangeError(`Valor no válido para el QR (${name}): ${JSON.stringify(value)}`);
    }
  }
  const { nif, numserie, fecha, importe } = Object.fromEntries(entries) as QrValues;
  if (numserie.length > 60) throw new RangeError(`Serie y número de más de 60 caracteres: ${numserie}`);
  if (!/^\d{2}-\d{2}-\d{4}$/.test(fecha)) throw new RangeError(`Fecha no válida para el QR: ${fecha}`);
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(importe)) throw new RangeError(`Importe no válido para el QR: ${importe}`);
  const query = (
    [
      ["nif", nif],
      ["numserie", numserie],
      ["fecha", fecha],
      ["importe", importe],
    ] as const
  )
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `${VERIFACTU_QR_BASE[environment]}?${query}`;
}

/** The QR address of one of our invoices: the seller's NIF, its number, day of issue and total. */
export function verifactuQrUrl(
  invoice: { nif: string; number: string; issuedOn: string; totalCents: number },
  environment: VerifactuEnvironment,
): string {
  return qrUrlFromValues(
    {
      nif: invoice.nif,
      numserie: invoice.number,
      fecha: aeatDate(invoice.issuedOn),
      importe: aeatAmount(invoice.totalCents),
    },
    environment,
  );
}
