/*
 * The VERI*FACTU billing records of our invoices (issue 13, decision 0008): the fields of a
 * RegistroAlta and a RegistroAnulacion this shop uses, named and ordered as in the AEAT's
 * SuministroInformacion.xsd (RegistroFacturacionAltaType, RegistroFacturacionAnulacionType),
 * every value already in the AEAT's text format. Pure: the huella's SHA-256 is passed in
 * (app/server/invoices/verifactu-hash.server.ts), and writing the XML is a later step.
 */
import type { InvoiceDocument } from "./invoice-document";
import { aeatAmount, aeatDate, aeatTimestamp, altaHashInput, anulacionHashInput } from "./verifactu-hash";

export type IdFactura = { IDEmisorFactura: string; NumSerieFactura: string; FechaExpedicionFactura: string };

/** Our invoicing program as the declaración responsable describes it (from configuration). */
export type SistemaInformatico = {
  NombreRazon: string;
  NIF: string;
  /** At most 30 characters. */
  NombreSistemaInformatico: string;
  /** At most 2 characters. */
  IdSistemaInformatico: string;
  Version: string;
  NumeroInstalacion: string;
  /** S: this program only works as VERI*FACTU. */
  TipoUsoPosibleSoloVerifactu: "S" | "N";
  TipoUsoPosibleMultiOT: "S" | "N";
  IndicadorMultiplesOT: "S" | "N";
};

export type Encadenamiento = { PrimerRegistro: "S" } | { RegistroAnterior: IdFactura & { Huella: string } };

/**
 * One line of the tax breakdown: subject to VAT (S1, with rate and quota), not subject by the
 * place-of-supply rules (N2), or exempt (E2, article 21 of Ley 37/1992: goods sent to the
 * Canary Islands, Ceuta or Melilla, with ClaveRegimen 02, export).
 */
export type DetalleDesglose =
  | { Impuesto: "01"; ClaveRegimen: "01"; CalificacionOperacion: "S1"; TipoImpositivo: string; BaseImponibleOimporteNoSujeto: string; CuotaRepercutida: string }
  | { Impuesto: "01"; ClaveRegimen: "01"; CalificacionOperacion: "N2"; BaseImponibleOimporteNoSujeto: string }
  | { Impuesto: "01"; ClaveRegimen: "02"; OperacionExenta: "E2"; BaseImponibleOimporteNoSujeto: string };

export type RegistroAlta = {
  IDVersion: "1.0";
  IDFactura: IdFactura;
  NombreRazonEmisor: string;
  TipoFactura: "F1" | "R1";
  TipoRectificativa?: "I";
  FacturasRectificadas?: { IDFacturaRectificada: IdFactura[] };
  FechaOperacion?: string;
  DescripcionOperacion: string;
  Destinatarios: { IDDestinatario: { NombreRazon: string; NIF: string }[] };
  Desglose: { DetalleDesglose: DetalleDesglose[] };
  CuotaTotal: string;
  ImporteTotal: string;
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  FechaHoraHusoGenRegistro: string;
  TipoHuella: "01";
  Huella: string;
};

export type RegistroAnulacion = {
  IDVersion: "1.0";
  IDFactura: { IDEmisorFacturaAnulada: string; NumSerieFacturaAnulada: string; FechaExpedicionFacturaAnulada: string };
  Encadenamiento: Encadenamiento;
  SistemaInformatico: SistemaInformatico;
  FechaHoraHusoGenRegistro: string;
  TipoHuella: "01";
  Huella: string;
};

/** The shop's previous record in the chain: the invoice it is about (our values) and its huella. */
export type PreviousRecord = { nif: string; number: string; issuedOn: string; huella: string } | null;

export type RecordContext = {
  previous: PreviousRecord;
  system: SistemaInformatico;
  /** The instant the record is generated. */
  generatedAt: Date;
  /** SHA-256 in upper-case hexadecimal of a UTF-8 text. */
  sha256Hex: (input: string) => string;
};

export type InvoiceFacts = Pick<
  InvoiceDocument,
  "kind" | "number" | "issuedOn" | "operationOn" | "seller" | "buyer" | "taxes" | "vatCents" | "totalCents" | "exemption" | "rectifies" | "reference"
>;

function limited(value: string, max: number, field: string): string {
  const text = value.trim();
  if (text === "" || text.length > max) throw new RangeError(`${field}: vacío o de más de ${max} caracteres`);
  return text;
}

function nif(value: string, field: string): string {
  const text = value.trim().toUpperCase();
  if (text.length !== 9) throw new RangeError(`${field}: el NIF debe tener 9 caracteres (${value})`);
  return text;
}

function chain(previous: PreviousRecord): Encadenamiento {
  if (!previous) return { PrimerRegistro: "S" };
  return {
    RegistroAnterior: {
      IDEmisorFactura: nif(previous.nif, "RegistroAnterior"),
      NumSerieFactura: previous.number,
      FechaExpedicionFactura: aeatDate(previous.issuedOn),
      Huella: previous.huella,
    },
  };
}

function checkSystem(system: SistemaInformatico): SistemaInformatico {
  limited(system.NombreRazon, 120, "SistemaInformatico.NombreRazon");
  nif(system.NIF, "SistemaInformatico.NIF");
  limited(system.NombreSistemaInformatico, 30, "NombreSistemaInformatico");
  limited(system.IdSistemaInformatico, 2, "IdSistemaInformatico");
  limited(system.Version, 50, "Version");
  limited(system.NumeroInstalacion, 100, "NumeroInstalacion");
  return system;
}

function detail(tax: InvoiceFacts["taxes"][number], exempt: boolean): DetalleDesglose {
  const base = aeatAmount(tax.baseCents);
  if (tax.rate > 0) {
    return {
      Impuesto: "01",
      ClaveRegimen: "01",
      CalificacionOperacion: "S1",
      TipoImpositivo: tax.rate.toFixed(2),
      BaseImponibleOimporteNoSujeto: base,
      CuotaRepercutida: aeatAmount(tax.vatCents),
    };
  }
  if (exempt) return { Impuesto: "01", ClaveRegimen: "02", OperacionExenta: "E2", BaseImponibleOimporteNoSujeto: base };
  return { Impuesto: "01", ClaveRegimen: "01", CalificacionOperacion: "N2", BaseImponibleOimporteNoSujeto: base };
}

/** The registro de alta of an issued invoice (complete F1, or rectifying R1 by differences). */
export function buildRegistroAlta(invoice: InvoiceFacts, context: RecordContext): RegistroAlta {
  const emisor = nif(invoice.seller.nif, "IDEmisorFactura");
  const idFactura: IdFactura = {
    IDEmisorFactura: emisor,
    NumSerieFactura: limited(invoice.number, 60, "NumSerieFactura"),
    FechaExpedicionFactura: aeatDate(invoice.issuedOn),
  };
  if (invoice.taxes.length === 0 || invoice.taxes.length > 12) throw new RangeError("Desglose: de 1 a 12 líneas");
  const rectifying = invoice.kind === "rectificativa";
  if (rectifying && !invoice.rectifies) throw new RangeError("Una rectificativa debe indicar la factura que rectifica");
  const description = rectifying
    ? `Rectificación de la factura ${invoice.rectifies?.number}: ${invoice.rectifies?.reason}`
    : `${invoice.reference.label} ${invoice.reference.value}`;
  const fields = {
    CuotaTotal: aeatAmount(invoice.vatCents),
    ImporteTotal: aeatAmount(invoice.totalCents),
    FechaHoraHusoGenRegistro: aeatTimestamp(context.generatedAt),
  };
  const huella = context.sha256Hex(
    altaHashInput({
      idEmisorFactura: idFactura.IDEmisorFactura,
      numSerieFactura: idFactura.NumSerieFactura,
      fechaExpedicionFactura: idFactura.FechaExpedicionFactura,
      tipoFactura: rectifying ? "R1" : "F1",
      cuotaTotal: fields.CuotaTotal,
      importeTotal: fields.ImporteTotal,
      huellaAnterior: context.previous?.huella ?? "",
      fechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
    }),
  );
  return {
    IDVersion: "1.0",
    IDFactura: idFactura,
    NombreRazonEmisor: limited(invoice.seller.name, 120, "NombreRazonEmisor"),
    TipoFactura: rectifying ? "R1" : "F1",
    ...(rectifying && invoice.rectifies
      ? {
          TipoRectificativa: "I" as const,
          FacturasRectificadas: {
            IDFacturaRectificada: [
              { IDEmisorFactura: emisor, NumSerieFactura: invoice.rectifies.number, FechaExpedicionFactura: aeatDate(invoice.rectifies.issuedOn) },
            ],
          },
        }
      : {}),
    ...(invoice.operationOn && invoice.operationOn !== invoice.issuedOn ? { FechaOperacion: aeatDate(invoice.operationOn) } : {}),
    DescripcionOperacion: description.slice(0, 500),
    Destinatarios: {
      IDDestinatario: [{ NombreRazon: limited(invoice.buyer.name, 120, "Destinatario.NombreRazon"), NIF: nif(invoice.buyer.nif, "Destinatario.NIF") }],
    },
    Desglose: { DetalleDesglose: invoice.taxes.map((tax) => detail(tax, invoice.exemption !== null)) },
    CuotaTotal: fields.CuotaTotal,
    ImporteTotal: fields.ImporteTotal,
    Encadenamiento: chain(context.previous),
    SistemaInformatico: checkSystem(context.system),
    FechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
    TipoHuella: "01",
    Huella: huella,
  };
}

/** The registro de anulación of an invoice that should never have been issued. */
export function buildRegistroAnulacion(
  invoice: { nif: string; number: string; issuedOn: string },
  context: RecordContext,
): RegistroAnulacion {
  const idFactura = {
    IDEmisorFacturaAnulada: nif(invoice.nif, "IDEmisorFacturaAnulada"),
    NumSerieFacturaAnulada: limited(invoice.number, 60, "NumSerieFacturaAnulada"),
    FechaExpedicionFacturaAnulada: aeatDate(invoice.issuedOn),
  };
  const generated = aeatTimestamp(context.generatedAt);
  const huella = context.sha256Hex(
    anulacionHashInput({
      idEmisorFacturaAnulada: idFactura.IDEmisorFacturaAnulada,
      numSerieFacturaAnulada: idFactura.NumSerieFacturaAnulada,
      fechaExpedicionFacturaAnulada: idFactura.FechaExpedicionFacturaAnulada,
      huellaAnterior: context.previous?.huella ?? "",
      fechaHoraHusoGenRegistro: generated,
    }),
  );
  return {
    IDVersion: "1.0",
    IDFactura: idFactura,
    Encadenamiento: chain(context.previous),
    SistemaInformatico: checkSystem(context.system),
    FechaHoraHusoGenRegistro: generated,
    TipoHuella: "01",
    Huella: huella,
  };
}
