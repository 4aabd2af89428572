import { canonicalEuros } from "../money";
import { coveredText, REPAIR_CAUSE_LABELS } from "../repairs/repair-outcome";
import { REDUCED_VAT_CONDITIONS } from "../quotes/quote-vat";
import type { QuoteParty, WorkPlace } from "../quotes/quote-content";
import { lineText } from "../quotes/quote-document-text";
import { CHECKLISTS, isChecklistKind } from "./work-report-checklists";
import type { CombustionAnalysis, RepairOutcome, WorkReportContent } from "./work-report-content";

/*
 * The canonical text of a signed work report (issue 17): every fact the customer signs on the
 * technician's phone, in a fixed order, one per line, like the quote's (quote-document-text.ts).
 * Its SHA-256 is work_reports.document_sha256, printed on the PDF. Deterministic: no Intl, no
 * clock; changing the wording needs a new "Formato" line.
 */

export const REPORT_TEXT_FORMAT = "parte-v1";

/** What the customer's signature says, always. */
export const CONFORMITY_STATEMENT = "Conforme con los trabajos realizados";

/** And, with extra work, the signed change: "Acepto los trabajos adicionales por 1.234,56 € (IVA incluido)". */
export function extrasStatement(extrasTotalCents: number): string {
  return `Acepto los trabajos adicionales por ${canonicalEuros(extrasTotalCents)} (IVA incluido)`;
}

/** A repair's signed amount (issue 31): "Acepto el importe de la reparación: 96,80 € (IVA incluido)". */
export function repairStatement(totalCents: number): string {
  return `Acepto el importe de la reparación: ${canonicalEuros(totalCents)} (IVA incluido)`;
}

/** The statements above the signature: the conformity, and the extras' when there are any (a repair: its amount, when it costs anything). */
export function signedStatements(extrasTotalCents: number, hasExtras: boolean, repair = false): string[] {
  if (repair) return extrasTotalCents > 0 ? [CONFORMITY_STATEMENT, repairStatement(extrasTotalCents)] : [CONFORMITY_STATEMENT];
  return hasExtras ? [CONFORMITY_STATEMENT, extrasStatement(extrasTotalCents)] : [CONFORMITY_STATEMENT];
}

/** The statements of a stored report. */
export function reportStatements(content: Pick<WorkReportContent, "extras" | "repair">, extrasTotalCents: number): string[] {
  return signedStatements(extrasTotalCents, content.extras.length > 0, Boolean(content.repair));
}

/** 12.5 -> "12,5" (the numbers were typed with at most two decimals). */
export function decimal(value: number): string {
  return String(value).replace(".", ",");
}

export function combustionLines(c: CombustionAnalysis): string[] {
  return [
    `CO: ${decimal(c.coPpm)} ppm`,
    ...(c.co2Percent !== null ? [`CO2: ${decimal(c.co2Percent)} %`] : []),
    ...(c.o2Percent !== null ? [`O2: ${decimal(c.o2Percent)} %`] : []),
    `Temperatura de humos: ${decimal(c.flueTempC)} °C`,
    `Rendimiento de la combustión: ${decimal(c.efficiencyPercent)} %`,
  ];
}

export function checklistLabel(kind: string): string {
  return isChecklistKind(kind) ? CHECKLISTS[kind].label : kind;
}

/** What the report is of: an installation's quote, a plan's maintenance visit or a breakdown's repair (issue 31). */
export type ReportSubject =
  | { kind: "instalacion"; quoteNumber: string; quoteVersion: number; alternative: string }
  | { kind: "mantenimiento"; title: string }
  | { kind: "reparacion"; title: string };

export type WorkReportFacts = {
  subject: ReportSubject;
  seller: { legalName: string; nif: string };
  customer: Pick<QuoteParty, "name" | "nif">;
  workPlace: WorkPlace;
  technicianName: string;
  content: WorkReportContent;
  extrasTotalCents: number;
  /** The job's VAT rate (the acceptance's), at which the extras are charged. */
  vatRate: number;
  photoCount: number;
  signerName: string;
  signerIdNumber: string;
  signedAt: Date;
};

const oneLine = (text: string) => text.replace(/\r\n/g, "\n").trim();

/** A maintenance visit's record (registro de operaciones de mantenimiento, issue 31): the same lines, its own heading. */
export const MAINTENANCE_TEXT_FORMAT = "mantenimiento-v1";

/**
 * A leak found by a maintenance visit, as the record says it: the operator must have it repaired
 * without undue delay (within 30 days) and checked again within a month of the repair
 * (Regulation (EU) 2024/573, art. 4).
 */
export function leakLine(leak: { where: string }): string {
  return `Fuga de refrigerante detectada: ${oneLine(leak.where)}. Debe repararse sin demora (como mucho en 30 días) y comprobarse de nuevo en el mes siguiente a la reparación (Reglamento (UE) 2024/573, art. 4).`;
}

/** A repair's report (issue 31). */
export const REPAIR_TEXT_FORMAT = "reparacion-v1";

/** The document's name, as its first lines, its PDF and its e-mail say it. */
export function reportTitle(subject: ReportSubject): string {
  if (subject.kind === "instalacion") return `Parte de trabajo del presupuesto ${subject.quoteNumber}`;
  return subject.kind === "reparacion" ? `Parte de reparación (${subject.title})` : `Registro de operaciones de mantenimiento (${subject.title})`;
}

/** What a repair found and costs, one fact per line, as the text, the page and the PDF say it. */
export function repairLines(repair: RepairOutcome): string[] {
  return [
    `Diagnóstico: ${oneLine(repair.diagnosis)}`,
    `Causa: ${REPAIR_CAUSE_LABELS[repair.cause]}`,
    ...(repair.parts.length ? ["Piezas del almacén:", ...repair.parts.map((part) => `  ${part.quantity} x ${part.description}, ${canonicalEuros(part.unitBaseCents)} sin IVA cada una`)] : []),
    coveredText(repair.covered),
    ...(repair.replacement ? ["El equipo necesita sustituirse: le enviaremos el presupuesto."] : []),
    ...(repair.reducedVatConfirmed ? REDUCED_VAT_CONDITIONS.map((condition) => `El cliente declara: ${condition}`) : []),
    `Importe de la reparación con IVA del ${repair.vatRate} %: ${canonicalEuros(repair.totalCents)}`,
  ];
}

export function workReportText(f: WorkReportFacts): string {
  const c = f.content;
  const installation = f.subject.kind === "instalacion";
  const repair = f.subject.kind === "reparacion";
  const out = [
    `Formato: ${installation ? REPORT_TEXT_FORMAT : repair ? REPAIR_TEXT_FORMAT : MAINTENANCE_TEXT_FORMAT}`,
    f.subject.kind === "instalacion"
      ? `Parte de trabajo del presupuesto: ${f.subject.quoteNumber} (versión ${f.subject.quoteVersion}, opción ${f.subject.alternative})`
      : f.subject.kind === "reparacion"
        ? `Parte de reparación: ${f.subject.title}`
        : `Registro de operaciones de mantenimiento: ${f.subject.title} (RITE, RD 1027/2007, IT 3.3)`,
    `${installation || repair ? "Empresa instaladora" : "Empresa mantenedora"}: ${f.seller.legalName}`,
    `NIF: ${f.seller.nif}`,
    `Cliente: ${f.customer.name}`,
    `NIF del cliente: ${f.customer.nif}`,
    `Lugar del trabajo: ${[f.workPlace.address, f.workPlace.postcode, f.workPlace.town, f.workPlace.province].filter(Boolean).join(", ")}`,
    `Técnico: ${f.technicianName}`,
    `Tipo de trabajo: ${checklistLabel(c.checklistKind)}`,
    "Comprobaciones:",
    ...c.checklist.map((check) => `  [${check.done ? "x" : " "}] ${check.item}`),
  ];
  if (c.combustion) out.push("Análisis de combustión:", ...combustionLines(c.combustion).map((line) => `  ${line}`));
  // Only when one was found: the text of every earlier report, and its hash, stay as they were.
  if (c.leak) out.push(leakLine(c.leak));
  if (c.repair) {
    if (c.extras.length > 0) out.push("Mano de obra y materiales:", ...c.extras.map((line) => `  ${lineText(line)}`));
    out.push(...repairLines(c.repair));
  } else {
    out.push(installation ? "Equipos instalados:" : "Equipos mantenidos:", ...c.units.map((unit) => `  ${`${unit.brand} ${unit.model}`.trim()}: número de serie ${unit.serialNumber}`));
    if (c.extras.length > 0) {
      out.push("Trabajos adicionales:", ...c.extras.map((line) => `  ${lineText(line)}`));
      out.push(`  Total de los trabajos adicionales con IVA del ${f.vatRate} %: ${canonicalEuros(f.extrasTotalCents)}`);
    }
  }
  out.push(`Notas: ${oneLine(c.notes)}`, `Fotos: ${f.photoCount}`);
  for (const statement of reportStatements(c, f.extrasTotalCents)) out.push(`Declaración: ${statement}`);
  out.push(`Firmante: ${f.signerName}`, `Documento del firmante: ${f.signerIdNumber}`, `Firmado: ${f.signedAt.toISOString()}`);
  return out.join("\n");
}
