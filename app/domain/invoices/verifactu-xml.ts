/*
 * The VERI*FACTU submission document (issue 13, decision 0008): our billing records written
 * as the AEAT's RegFactuSistemaFacturacion (SuministroLR.xsd, whose types live in
 * SuministroInformacion.xsd), the SOAP 1.1 envelope the VerifactuSOAP service expects
 * (SistemaFacturacion.wsdl), and the reading of its answer (RespuestaSuministro.xsd) or of a
 * SOAP Fault.
 *
 * Elements are written explicitly in the schemas' sequence order, never from an object's key
 * order: records read back from a jsonb column come with their keys reordered.
 *
 * Pure, no node imports: the back office's "exportar XML" and the sending job both use it.
 */
import { XMLParser } from "fast-xml-parser";
import type { DetalleDesglose, Encadenamiento, IdFactura, RegistroAlta, RegistroAnulacion, SistemaInformatico } from "./verifactu-record";

export const AEAT_NS = {
  soapenv: "http://schemas.xmlsoap.org/soap/envelope/",
  sum: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd",
  sum1: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd",
  respuesta: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd",
} as const;

/** SuministroLR.xsd: RegistroFactura maxOccurs="1000". */
export const MAX_REGISTROS_POR_ENVIO = 1000;

export type Obligado = { NombreRazon: string; NIF: string };

export type RegistroEntry = { kind: "alta"; record: RegistroAlta } | { kind: "anulacion"; record: RegistroAnulacion };

// XML 1.0 forbids these characters even escaped; a name carrying one is bad data upstream.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function escapeXmlText(value: string): string {
  if (FORBIDDEN_CHARS.test(value)) throw new RangeError(`Texto con caracteres no permitidos en XML: ${JSON.stringify(value)}`);
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One sum1 element: text escaped, or children already written. */
function el(name: string, content: string | string[]): string {
  const inner = Array.isArray(content) ? content.join("") : escapeXmlText(content);
  return `<sum1:${name}>${inner}</sum1:${name}>`;
}

function optional(name: string, value: string | undefined): string[] {
  return value === undefined ? [] : [el(name, value)];
}

function idFactura(id: IdFactura): string[] {
  return [el("IDEmisorFactura", id.IDEmisorFactura), el("NumSerieFactura", id.NumSerieFactura), el("FechaExpedicionFactura", id.FechaExpedicionFactura)];
}

function encadenamiento(chain: Encadenamiento): string {
  if ("PrimerRegistro" in chain) return el("Encadenamiento", [el("PrimerRegistro", chain.PrimerRegistro)]);
  const previous = chain.RegistroAnterior;
  return el("Encadenamiento", [el("RegistroAnterior", [...idFactura(previous), el("Huella", previous.Huella)])]);
}

function sistemaInformatico(system: SistemaInformatico): string {
  return el("SistemaInformatico", [
    el("NombreRazon", system.NombreRazon),
    el("NIF", system.NIF),
    el("NombreSistemaInformatico", system.NombreSistemaInformatico),
    el("IdSistemaInformatico", system.IdSistemaInformatico),
    el("Version", system.Version),
    el("NumeroInstalacion", system.NumeroInstalacion),
    el("TipoUsoPosibleSoloVerifactu", system.TipoUsoPosibleSoloVerifactu),
    el("TipoUsoPosibleMultiOT", system.TipoUsoPosibleMultiOT),
    el("IndicadorMultiplesOT", system.IndicadorMultiplesOT),
  ]);
}

// DetalleType: Impuesto, ClaveRegimen, (CalificacionOperacion | OperacionExenta), TipoImpositivo,
// BaseImponibleOimporteNoSujeto, BaseImponibleACoste, CuotaRepercutida, ...
function detalle(line: DetalleDesglose): string {
  const qualification = "OperacionExenta" in line
    ? el("OperacionExenta", line.OperacionExenta)
    : el("CalificacionOperacion", line.CalificacionOperacion);
  return el("DetalleDesglose", [
    el("Impuesto", line.Impuesto),
    el("ClaveRegimen", line.ClaveRegimen),
    qualification,
    ...optional("TipoImpositivo", "TipoImpositivo" in line ? line.TipoImpositivo : undefined),
    el("BaseImponibleOimporteNoSujeto", line.BaseImponibleOimporteNoSujeto),
    ...optional("CuotaRepercutida", "CuotaRepercutida" in line ? line.CuotaRepercutida : undefined),
  ]);
}

// RegistroFacturacionAltaType, in its sequence order (optional elements we never use left out).
function registroAlta(record: RegistroAlta): string {
  return el("RegistroAlta", [
    el("IDVersion", record.IDVersion),
    el("IDFactura", idFactura(record.IDFactura)),
    el("NombreRazonEmisor", record.NombreRazonEmisor),
    el("TipoFactura", record.TipoFactura),
    ...optional("TipoRectificativa", record.TipoRectificativa),
    ...(record.FacturasRectificadas
      ? [el("FacturasRectificadas", record.FacturasRectificadas.IDFacturaRectificada.map((id) => el("IDFacturaRectificada", idFactura(id))))]
      : []),
    ...optional("FechaOperacion", record.FechaOperacion),
    el("DescripcionOperacion", record.DescripcionOperacion),
    el("Destinatarios", record.Destinatarios.IDDestinatario.map((who) => el("IDDestinatario", [el("NombreRazon", who.NombreRazon), el("NIF", who.NIF)]))),
    el("Desglose", record.Desglose.DetalleDesglose.map(detalle)),
    el("CuotaTotal", record.CuotaTotal),
    el("ImporteTotal", record.ImporteTotal),
    encadenamiento(record.Encadenamiento),
    sistemaInformatico(record.SistemaInformatico),
    el("FechaHoraHusoGenRegistro", record.FechaHoraHusoGenRegistro),
    el("TipoHuella", record.TipoHuella),
    el("Huella", record.Huella),
  ]);
}

// RegistroFacturacionAnulacionType, in its sequence order.
function registroAnulacion(record: RegistroAnulacion): string {
  return el("RegistroAnulacion", [
    el("IDVersion", record.IDVersion),
    el("IDFactura", [
      el("IDEmisorFacturaAnulada", record.IDFactura.IDEmisorFacturaAnulada),
      el("NumSerieFacturaAnulada", record.IDFactura.NumSerieFacturaAnulada),
      el("FechaExpedicionFacturaAnulada", record.IDFactura.FechaExpedicionFacturaAnulada),
    ]),
    encadenamiento(record.Encadenamiento),
    sistemaInformatico(record.SistemaInformatico),
    el("FechaHoraHusoGenRegistro", record.FechaHoraHusoGenRegistro),
    el("TipoHuella", record.TipoHuella),
    el("Huella", record.Huella),
  ]);
}

/** The body element alone (namespaces declared on it), for the SOAP envelope. */
function regFactu(obligado: Obligado, records: readonly RegistroEntry[]): string {
  if (records.length === 0) throw new RangeError("No hay registros que enviar");
  if (records.length > MAX_REGISTROS_POR_ENVIO) {
    throw new RangeError(`Como máximo ${MAX_REGISTROS_POR_ENVIO} registros por envío (hay ${records.length})`);
  }
  if (obligado.NIF.length !== 9) throw new RangeError(`ObligadoEmision.NIF: el NIF debe tener 9 caracteres (${obligado.NIF})`);
  if (obligado.NombreRazon.trim() === "" || obligado.NombreRazon.length > 120) throw new RangeError("ObligadoEmision.NombreRazon: vacío o de más de 120 caracteres");
  // The AEAT refuses a record of another issuer than the header's obligado.
  const foreign = records.find((entry) =>
    (entry.kind === "alta" ? entry.record.IDFactura.IDEmisorFactura : entry.record.IDFactura.IDEmisorFacturaAnulada) !== obligado.NIF,
  );
  if (foreign) throw new RangeError(`Hay registros de otro emisor que el obligado ${obligado.NIF}`);
  const cabecera = `<sum:Cabecera>${el("ObligadoEmision", [el("NombreRazon", obligado.NombreRazon), el("NIF", obligado.NIF)])}</sum:Cabecera>`;
  const lines = records.map(
    (entry) => `<sum:RegistroFactura>${entry.kind === "alta" ? registroAlta(entry.record) : registroAnulacion(entry.record)}</sum:RegistroFactura>`,
  );
  return `<sum:RegFactuSistemaFacturacion xmlns:sum="${AEAT_NS.sum}" xmlns:sum1="${AEAT_NS.sum1}">${cabecera}${lines.join("")}</sum:RegFactuSistemaFacturacion>`;
}

const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>`;

/**
 * The RegFactuSistemaFacturacion document of 1 to 1000 records, in the order given (the
 * chain's order), with its XML declaration: the back office's XML export of a period, and
 * what soapEnvelope wraps for the submission.
 */
export function registrosXml(obligado: Obligado, records: readonly RegistroEntry[]): string {
  return `${XML_DECLARATION}\n${regFactu(obligado, records)}\n`;
}

/** The SOAP 1.1 envelope of a submission; `body` is registrosXml's document (its declaration dropped). */
export function soapEnvelope(body: string): string {
  const element = body.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, "").trim();
  return `${XML_DECLARATION}\n<soapenv:Envelope xmlns:soapenv="${AEAT_NS.soapenv}"><soapenv:Header/><soapenv:Body>${element}</soapenv:Body></soapenv:Envelope>\n`;
}

export type EstadoEnvio = "Correcto" | "ParcialmenteCorrecto" | "Incorrecto";
export type EstadoRegistro = "Correcto" | "AceptadoConErrores" | "Incorrecto";

/** One RespuestaLinea (RespuestaExpedidaType): the AEAT's verdict on one record. */
export type RespuestaLinea = {
  IDFactura: IdFactura;
  TipoOperacion: "Alta" | "Anulacion";
  EstadoRegistro: EstadoRegistro;
  CodigoErrorRegistro?: string;
  DescripcionErrorRegistro?: string;
  /** The AEAT already had this record (error 3000): its earlier request and that one's state. */
  RegistroDuplicado?: {
    IdPeticionRegistroDuplicado: string;
    EstadoRegistroDuplicado: string;
    CodigoErrorRegistro?: string;
    DescripcionErrorRegistro?: string;
  };
};

export type RespuestaAeat =
  | {
      kind: "respuesta";
      /** Código seguro de verificación of the submission; absent when everything was refused. */
      CSV?: string;
      EstadoEnvio: EstadoEnvio;
      /** Seconds to wait before the next submission (flow control). */
      TiempoEsperaEnvio: number | null;
      RespuestaLinea: RespuestaLinea[];
    }
  | {
      kind: "fault";
      /** As sent, e.g. "env:Client" or "soapenv:Server". */
      faultcode: string;
      faultstring: string;
      /** The fault blames the server (faultcode ...Server): worth trying again later. */
      server: boolean;
    }
  | { kind: "ilegible"; reason: string };

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === "RespuestaLinea",
});

type Node = Record<string, unknown>;

function child(node: unknown, name: string): unknown {
  return node && typeof node === "object" && !Array.isArray(node) ? (node as Node)[name] : undefined;
}

function text(node: unknown, name: string): string | undefined {
  const value = child(node, name);
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

function linea(node: unknown): RespuestaLinea | string {
  const id = child(node, "IDFactura");
  const estado = oneOf(text(node, "EstadoRegistro"), ["Correcto", "AceptadoConErrores", "Incorrecto"] as const);
  const operacion = oneOf(text(child(node, "Operacion"), "TipoOperacion"), ["Alta", "Anulacion"] as const);
  const IDEmisorFactura = text(id, "IDEmisorFactura");
  const NumSerieFactura = text(id, "NumSerieFactura");
  const FechaExpedicionFactura = text(id, "FechaExpedicionFactura");
  if (!estado || !operacion || !IDEmisorFactura || !NumSerieFactura || !FechaExpedicionFactura) {
    return "una RespuestaLinea sin IDFactura, TipoOperacion o EstadoRegistro válidos";
  }
  const result: RespuestaLinea = { IDFactura: { IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura }, TipoOperacion: operacion, EstadoRegistro: estado };
  const code = text(node, "CodigoErrorRegistro");
  const description = text(node, "DescripcionErrorRegistro");
  if (code !== undefined) result.CodigoErrorRegistro = code;
  if (description !== undefined) result.DescripcionErrorRegistro = description;
  const duplicate = child(node, "RegistroDuplicado");
  if (duplicate) {
    result.RegistroDuplicado = {
      IdPeticionRegistroDuplicado: text(duplicate, "IdPeticionRegistroDuplicado") ?? "",
      EstadoRegistroDuplicado: text(duplicate, "EstadoRegistroDuplicado") ?? "",
    };
    const duplicateCode = text(duplicate, "CodigoErrorRegistro");
    const duplicateDescription = text(duplicate, "DescripcionErrorRegistro");
    if (duplicateCode !== undefined) result.RegistroDuplicado.CodigoErrorRegistro = duplicateCode;
    if (duplicateDescription !== undefined) result.RegistroDuplicado.DescripcionErrorRegistro = duplicateDescription;
  }
  return result;
}

/**
 * The AEAT's answer to a submission: a RespuestaRegFactuSistemaFacturacion, or a SOAP Fault,
 * inside a SOAP envelope (or bare). Anything else is "ilegible", with a Spanish reason.
 */
export function parseRespuesta(xml: string): RespuestaAeat {
  // The AEAT's answers have no DTD; one could only serve to expand entities.
  if (/<!DOCTYPE/i.test(xml)) return { kind: "ilegible", reason: "La respuesta contiene una declaración DOCTYPE, que no se admite" };
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    return { kind: "ilegible", reason: `La respuesta no es XML válido (${error instanceof Error ? error.message.split("\n")[0] : "error"})` };
  }
  const body = child(child(document, "Envelope"), "Body") ?? document;
  const fault = child(body, "Fault");
  if (fault !== undefined) {
    const faultcode = text(fault, "faultcode") ?? "";
    return { kind: "fault", faultcode, faultstring: text(fault, "faultstring") ?? "", server: /(^|:)Server(\.|$)/.test(faultcode) };
  }
  const answer = child(body, "RespuestaRegFactuSistemaFacturacion");
  if (answer === undefined) return { kind: "ilegible", reason: "La respuesta no contiene RespuestaRegFactuSistemaFacturacion ni un SOAP Fault" };
  const estado = oneOf(text(answer, "EstadoEnvio"), ["Correcto", "ParcialmenteCorrecto", "Incorrecto"] as const);
  if (!estado) return { kind: "ilegible", reason: "La respuesta no indica un EstadoEnvio válido" };
  const lines: RespuestaLinea[] = [];
  const rawLines = child(answer, "RespuestaLinea");
  for (const node of Array.isArray(rawLines) ? rawLines : []) {
    const line = linea(node);
    if (typeof line === "string") return { kind: "ilegible", reason: `La respuesta contiene ${line}` };
    lines.push(line);
  }
  const wait = text(answer, "TiempoEsperaEnvio");
  const seconds = wait !== undefined && /^\d+$/.test(wait) ? Number(wait) : null;
  const csv = text(answer, "CSV");
  return { kind: "respuesta", ...(csv ? { CSV: csv } : {}), EstadoEnvio: estado, TiempoEsperaEnvio: seconds, RespuestaLinea: lines };
}
