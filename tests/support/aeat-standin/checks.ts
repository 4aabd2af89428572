/*
 * What the AEAT stand-in checks in a submission (tests only), written from the rules of
 * SuministroLR.xsd / SuministroInformacion.xsd and the AEAT's hash document, independently of
 * the shop's writer: namespaces, element order, required elements, formats (dd-mm-yyyy
 * dates, amounts, 9-character NIF, 64 upper-case hexadecimal huella), the huella recomputed
 * from the record's own fields, and the chain inside the submission.
 */
import { createHash } from "node:crypto";
import { childrenNamed, only, type XmlElement } from "../xml-tree";

export const NS = {
  soapenv: "http://schemas.xmlsoap.org/soap/envelope/",
  sum: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd",
  sum1: "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd",
  ds: "http://www.w3.org/2000/09/xmldsig#",
};

type Value = (text: string) => string | null;

type Rule = {
  /** One name, or the alternatives of an xs:choice. */
  names: string[];
  min?: number;
  max?: number;
  value?: Value;
  children?: Rule[];
  /** Accepted without looking inside (optional parts this shop never sends). */
  any?: boolean;
  ns?: string;
  /** An xs:choice whose alternatives differ in shape: the rule for each name. */
  variants?: Record<string, Rule>;
};

const text = (max: number): Value => (value) => (value.trim() === "" ? "vacío" : value.length > max ? `más de ${max} caracteres` : null);
const oneOfValues = (...allowed: string[]): Value => (value) => (allowed.includes(value) ? null : `valor no admitido "${value}"`);
const pattern = (regex: RegExp, what: string): Value => (value) => (regex.test(value) ? null : `${what} no válido "${value}"`);
const nif = pattern(/^[0-9A-Z]{9}$/, "NIF (9 caracteres)");
const amount = pattern(/^[+-]?\d{1,12}(\.\d{1,2})?$/, "importe");
const rate = pattern(/^\d{1,3}(\.\d{1,2})?$/, "tipo");
const huella = pattern(/^[0-9A-F]{64}$/, "huella (64 hexadecimales en mayúsculas)");
const timestamp = pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/, "fecha y hora con huso");
const siNo = oneOfValues("S", "N");
const fecha: Value = (value) => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return `fecha no válida (dd-mm-aaaa) "${value}"`;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? null : `fecha inexistente "${value}"`;
};

const one = (name: string, value: Value, min = 1): Rule => ({ names: [name], value, min });
const skip = (name: string, ns?: string): Rule => ({ names: [name], min: 0, any: true, ns });
const group = (name: string, children: Rule[], min = 1, max = 1): Rule => ({ names: [name], children, min, max });

const idFactura = (prefix = ""): Rule[] => [
  one(`IDEmisorFactura${prefix}`, nif),
  one(`NumSerieFactura${prefix}`, text(60)),
  one(`FechaExpedicionFactura${prefix}`, fecha),
];

const encadenamiento = group("Encadenamiento", [
  {
    names: ["PrimerRegistro", "RegistroAnterior"],
    variants: {
      PrimerRegistro: one("PrimerRegistro", oneOfValues("S")),
      RegistroAnterior: group("RegistroAnterior", [...idFactura(), one("Huella", huella)]),
    },
  },
]);

const sistemaInformatico = group("SistemaInformatico", [
  one("NombreRazon", text(120)),
  { names: ["NIF", "IDOtro"], value: nif },
  one("NombreSistemaInformatico", text(30)),
  one("IdSistemaInformatico", text(2)),
  one("Version", text(50)),
  one("NumeroInstalacion", text(100)),
  one("TipoUsoPosibleSoloVerifactu", siNo),
  one("TipoUsoPosibleMultiOT", siNo),
  one("IndicadorMultiplesOT", siNo),
]);

const detalle: Rule[] = [
  one("Impuesto", oneOfValues("01", "02", "03", "05"), 0),
  one("ClaveRegimen", pattern(/^\d{2}$/, "clave de régimen"), 0),
  { names: ["CalificacionOperacion", "OperacionExenta"], value: oneOfValues("S1", "S2", "N1", "N2", "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8") },
  one("TipoImpositivo", rate, 0),
  one("BaseImponibleOimporteNoSujeto", amount),
  one("BaseImponibleACoste", amount, 0),
  one("CuotaRepercutida", amount, 0),
  one("TipoRecargoEquivalencia", rate, 0),
  one("CuotaRecargoEquivalencia", amount, 0),
];

const tail = (): Rule[] => [sistemaInformatico, one("FechaHoraHusoGenRegistro", timestamp)];

const altaRules: Rule[] = [
  one("IDVersion", oneOfValues("1.0")),
  group("IDFactura", idFactura()),
  skip("RefExterna"),
  one("NombreRazonEmisor", text(120)),
  one("Subsanacion", siNo, 0),
  one("RechazoPrevio", oneOfValues("N", "S", "X"), 0),
  one("TipoFactura", oneOfValues("F1", "F2", "F3", "R1", "R2", "R3", "R4", "R5")),
  one("TipoRectificativa", oneOfValues("S", "I"), 0),
  group("FacturasRectificadas", [group("IDFacturaRectificada", idFactura(), 1, 1000)], 0),
  group("FacturasSustituidas", [group("IDFacturaSustituida", idFactura(), 1, 1000)], 0),
  group("ImporteRectificacion", [one("BaseRectificada", amount), one("CuotaRectificada", amount), one("CuotaRecargoRectificado", amount, 0)], 0),
  one("FechaOperacion", fecha, 0),
  one("DescripcionOperacion", text(500)),
  one("FacturaSimplificadaArt7273", siNo, 0),
  one("FacturaSinIdentifDestinatarioArt61d", siNo, 0),
  one("Macrodato", siNo, 0),
  one("EmitidaPorTerceroODestinatario", oneOfValues("T", "D"), 0),
  skip("Tercero"),
  group("Destinatarios", [group("IDDestinatario", [one("NombreRazon", text(120)), { names: ["NIF", "IDOtro"], value: nif }], 1, 1000)], 0),
  one("Cupon", siNo, 0),
  group("Desglose", [group("DetalleDesglose", detalle, 1, 12)]),
  one("CuotaTotal", amount),
  one("ImporteTotal", amount),
  encadenamiento,
  ...tail(),
  skip("NumRegistroAcuerdoFacturacion"),
  skip("IdAcuerdoSistemaInformatico"),
  one("TipoHuella", oneOfValues("01")),
  one("Huella", huella),
  skip("Signature", NS.ds),
];

const anulacionRules: Rule[] = [
  one("IDVersion", oneOfValues("1.0")),
  group("IDFactura", idFactura("Anulada")),
  skip("RefExterna"),
  one("SinRegistroPrevio", siNo, 0),
  one("RechazoPrevio", siNo, 0),
  one("GeneradoPor", oneOfValues("E", "D", "T"), 0),
  skip("Generador"),
  encadenamiento,
  ...tail(),
  one("TipoHuella", oneOfValues("01")),
  one("Huella", huella),
  skip("Signature", NS.ds),
];

function checkElement(element: XmlElement, rule: Rule, path: string, errors: string[]): void {
  if (rule.any) return;
  if (rule.children) {
    checkSequence(element, rule.children, path, errors);
    return;
  }
  if (element.children.length > 0) errors.push(`${path}: no admite elementos`);
  else if (element.local === "IDOtro") errors.push(`${path}: este simulador solo admite NIF`);
  else {
    const problem = rule.value?.(element.text);
    if (problem) errors.push(`${path}: ${problem}`);
  }
}

/** Matches an element's children against a sequence of rules, as a validating parser would. */
export function checkSequence(element: XmlElement, rules: Rule[], path: string, errors: string[]): void {
  if (element.text.trim() !== "") errors.push(`${path}: texto no permitido entre elementos`);
  const children = element.children;
  let index = 0;
  for (const rule of rules) {
    let count = 0;
    for (let child = children[index]; child && count < (rule.max ?? 1) && rule.names.includes(child.local); child = children[index]) {
      const childPath = `${path}/${child.local}`;
      if (child.ns !== (rule.ns ?? NS.sum1)) errors.push(`${childPath}: espacio de nombres incorrecto "${child.ns}"`);
      checkElement(child, rule.variants?.[child.local] ?? rule, childPath, errors);
      index += 1;
      count += 1;
    }
    if (count < (rule.min ?? 1)) errors.push(`${path}: falta ${rule.names.join(" o ")}`);
  }
  const extra = children[index];
  if (extra) errors.push(`${path}: elemento inesperado o fuera de orden: ${extra.local}`);
}

const sha256 = (input: string) => createHash("sha256").update(input, "utf8").digest("hex").toUpperCase();
const value = (element: XmlElement, ...path: string[]): string => {
  let node: XmlElement | undefined = element;
  for (const name of path) node = node ? childrenNamed(node, name)[0] : undefined;
  return node?.text.trim() ?? "";
};

export type CheckedRecord = {
  kind: "alta" | "anulacion";
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  Huella: string;
  /** RegistroAnterior's Huella, "" for the first of the chain. */
  HuellaAnterior: string;
  /** Structure and format problems (answered 1100). */
  errors: string[];
  /** The huella or the chain does not hold (answered 2000). */
  chainErrors: string[];
};

/** Every problem of one RegistroAlta or RegistroAnulacion, and its identity. */
export function checkRecord(record: XmlElement, previous: CheckedRecord | null, obligadoNif: string, index: number): CheckedRecord {
  const alta = record.local === "RegistroAlta";
  const errors: string[] = [];
  const path = `RegistroFactura[${index + 1}]/${record.local}`;
  checkSequence(record, alta ? altaRules : anulacionRules, path, errors);
  const suffix = alta ? "" : "Anulada";
  const checked: CheckedRecord = {
    kind: alta ? "alta" : "anulacion",
    IDEmisorFactura: value(record, "IDFactura", `IDEmisorFactura${suffix}`),
    NumSerieFactura: value(record, "IDFactura", `NumSerieFactura${suffix}`),
    FechaExpedicionFactura: value(record, "IDFactura", `FechaExpedicionFactura${suffix}`),
    Huella: value(record, "Huella"),
    HuellaAnterior: value(record, "Encadenamiento", "RegistroAnterior", "Huella"),
    errors,
    chainErrors: [],
  };
  if (checked.IDEmisorFactura !== obligadoNif) errors.push(`${path}: el emisor no es el obligado de la cabecera`);
  if (alta && errors.length === 0) checkTaxes(record, path, errors);
  if (errors.length > 0) return checked;

  const generated = value(record, "FechaHoraHusoGenRegistro");
  const input = alta
    ? [
        ["IDEmisorFactura", checked.IDEmisorFactura],
        ["NumSerieFactura", checked.NumSerieFactura],
        ["FechaExpedicionFactura", checked.FechaExpedicionFactura],
        ["TipoFactura", value(record, "TipoFactura")],
        ["CuotaTotal", value(record, "CuotaTotal")],
        ["ImporteTotal", value(record, "ImporteTotal")],
        ["Huella", checked.HuellaAnterior],
        ["FechaHoraHusoGenRegistro", generated],
      ]
    : [
        ["IDEmisorFacturaAnulada", checked.IDEmisorFactura],
        ["NumSerieFacturaAnulada", checked.NumSerieFactura],
        ["FechaExpedicionFacturaAnulada", checked.FechaExpedicionFactura],
        ["Huella", checked.HuellaAnterior],
        ["FechaHoraHusoGenRegistro", generated],
      ];
  if (sha256(input.map(([name, text]) => `${name}=${text}`).join("&")) !== checked.Huella) {
    checked.chainErrors.push("El cálculo de la huella suministrada es incorrecto");
  }
  const chained = only(record, "Encadenamiento").children[0];
  if (previous && chained?.local !== "RegistroAnterior") {
    checked.chainErrors.push("El registro no se encadena con el anterior del envío");
  } else if (previous && chained) {
    const same =
      value(chained, "IDEmisorFactura") === previous.IDEmisorFactura &&
      value(chained, "NumSerieFactura") === previous.NumSerieFactura &&
      value(chained, "FechaExpedicionFactura") === previous.FechaExpedicionFactura &&
      checked.HuellaAnterior === previous.Huella;
    if (!same) checked.chainErrors.push("RegistroAnterior no coincide con el registro anterior del envío");
  }
  return checked;
}

const cents = (text: string) => Math.round(Number(text) * 100);

/** S1 lines carry rate and quota, exempt ones neither; CuotaTotal is the sum of the quotas. */
function checkTaxes(record: XmlElement, path: string, errors: string[]): void {
  const lines = childrenNamed(only(record, "Desglose"), "DetalleDesglose");
  let quotas = 0;
  for (const line of lines) {
    const exempt = childrenNamed(line, "OperacionExenta").length > 0;
    const hasRate = childrenNamed(line, "TipoImpositivo").length > 0;
    const quota = childrenNamed(line, "CuotaRepercutida")[0];
    if (exempt && (hasRate || quota)) errors.push(`${path}/Desglose: una operación exenta no lleva tipo ni cuota`);
    if (value(line, "CalificacionOperacion") === "S1" && (!hasRate || !quota)) errors.push(`${path}/Desglose: una operación S1 lleva tipo y cuota`);
    if (quota) quotas += cents(quota.text);
  }
  if (quotas !== cents(value(record, "CuotaTotal"))) errors.push(`${path}/CuotaTotal: no es la suma de las cuotas del desglose`);
}
