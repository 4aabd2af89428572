/*
 * The AEAT stand-in's answers (tests only): a RespuestaRegFactuSistemaFacturacion
 * (RespuestaSuministro.xsd) in a SOAP 1.1 envelope, or a SOAP Fault, shaped like the AEAT's.
 */
import { NS } from "./checks";

export const RESPUESTA_NS =
  "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export type AnswerLine = {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoOperacion: "Alta" | "Anulacion";
  EstadoRegistro: "Correcto" | "AceptadoConErrores" | "Incorrecto";
  CodigoErrorRegistro?: string;
  DescripcionErrorRegistro?: string;
  /** The CSV of the submission that already registered it. */
  duplicateOf?: string;
};

function line(answer: AnswerLine): string {
  const error = answer.CodigoErrorRegistro
    ? `<tikR:CodigoErrorRegistro>${answer.CodigoErrorRegistro}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${escape(answer.DescripcionErrorRegistro ?? "")}</tikR:DescripcionErrorRegistro>`
    : "";
  const duplicate = answer.duplicateOf
    ? `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>${escape(answer.duplicateOf)}</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
    : "";
  return (
    `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${escape(answer.IDEmisorFactura)}</tik:IDEmisorFactura>` +
    `<tik:NumSerieFactura>${escape(answer.NumSerieFactura)}</tik:NumSerieFactura>` +
    `<tik:FechaExpedicionFactura>${escape(answer.FechaExpedicionFactura)}</tik:FechaExpedicionFactura></tikR:IDFactura>` +
    `<tikR:Operacion><tik:TipoOperacion>${answer.TipoOperacion}</tik:TipoOperacion></tikR:Operacion>` +
    `<tikR:EstadoRegistro>${answer.EstadoRegistro}</tikR:EstadoRegistro>${error}${duplicate}</tikR:RespuestaLinea>`
  );
}

export function respuesta(options: { csv: string | null; obligado: { NombreRazon: string; NIF: string }; lines: AnswerLine[]; waitSeconds: number }): string {
  const accepted = options.lines.filter((answer) => answer.EstadoRegistro !== "Incorrecto").length;
  const estado = accepted === options.lines.length ? "Correcto" : accepted === 0 ? "Incorrecto" : "ParcialmenteCorrecto";
  const csv = options.csv && accepted > 0 ? `<tikR:CSV>${options.csv}</tikR:CSV>` : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS.soapenv}"><env:Header/><env:Body Id="Body">` +
    `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${RESPUESTA_NS}" xmlns:tik="${NS.sum1}">${csv}` +
    `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${escape(options.obligado.NombreRazon)}</tik:NombreRazon><tik:NIF>${escape(options.obligado.NIF)}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>` +
    `<tikR:TiempoEsperaEnvio>${options.waitSeconds}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${estado}</tikR:EstadoEnvio>` +
    `${options.lines.map(line).join("")}</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>`
  );
}

export function fault(code: "env:Client" | "env:Server", message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS.soapenv}"><env:Body>` +
    `<env:Fault><faultcode>${code}</faultcode><faultstring>${escape(message)}</faultstring></env:Fault></env:Body></env:Envelope>`
  );
}
