import { z } from "zod";
import { dottedPath, fieldErrors } from "../fields/field-errors";
import { parseEuros } from "../money";
import { parseQuantity } from "../quotes/quote-format";
import { SIGNATURE_MAX, SIGNATURE_PATH } from "../quotes/quote-answer-form";
import { CHECKLIST_KINDS, CHECKLISTS, isChecklistKind } from "./work-report-checklists";
import type { CombustionAnalysis, ExtraWorkLine, InstalledUnitEntry, RefrigerantLeak, WorkReportContent } from "./work-report-content";
import { LEAK_CHECK } from "../maintenance/rite-operations";
import { parseRepairFields, type RepairDraft, type RepairFields } from "../repairs/repair-report-form";

const LEAK_CHECK_ID = LEAK_CHECK.id;

/*
 * The technician's work report as the phone sends it (issue 17): what was typed, as typed
 * (numbers with a Spanish decimal comma), checked here once for the browser's instant checks
 * and again by the server. Errors are keyed by the field's path ("combustion.co", "serials.0",
 * "extras.1.unitPrice") and said in Spanish.
 */

export const MAX_REPORT_PHOTOS = 12;
export const MAX_EXTRAS = 20;

/** A catalogue unit of the accepted option that gets a serial number (one per unit: 2 boilers, 2 fields). */
export type UnitSlot = { productId: number | null; brand: string; model: string };

export type CombustionDraft = { co: string; co2: string; o2: string; flueTemp: string; efficiency: string };
export type ExtraDraft = { kind: "mano_de_obra" | "material"; description: string; quality: string; quantity: string; unit: string; unitPrice: string };

/** Everything the form keeps, as typed; the draft stored on the phone and the body of the POST. */
export type WorkReportFields = {
  checklistKind: string;
  /** Ids of the ticked items of the kind's checklist. */
  done: string[];
  combustion: CombustionDraft;
  serials: string[];
  extras: ExtraDraft[];
  notes: string;
  /** A maintenance visit found a refrigerant leak (issue 31); drafts saved before have neither field. */
  leakFound?: boolean;
  leakWhere?: string;
  /** A repair job's findings (issue 31); absent on other jobs. */
  repair?: RepairFields;
  signerName: string;
  signerIdNumber: string;
  /** SVG path data of the customer's strokes in a 600 x 200 box (app/ui/signature-pad.ts). */
  signaturePath: string;
  /** When the customer signed, on the phone's clock (ISO); "" before. */
  signedAt: string;
};

export type WorkReportPost = WorkReportFields & { key: string; photoIds: number[] };

export type WorkReportSubmission = {
  key: string;
  content: WorkReportContent;
  photoIds: number[];
  signature: string;
  signerName: string;
  signerIdNumber: string;
  signedAt: Date | null;
  /** A repair's findings as typed; the server prices them and stores content.repair. */
  repair: RepairDraft | null;
};

export function emptyCombustion(): CombustionDraft {
  return { co: "", co2: "", o2: "", flueTemp: "", efficiency: "" };
}

export function emptyExtra(): ExtraDraft {
  return { kind: "mano_de_obra", description: "", quality: "", quantity: "1", unit: "h", unitPrice: "" };
}

/** "12,5" or "12.5" -> 12.5 (at most two decimals); null when it is not such a number. */
export function parseDecimal(text: string): number | null {
  const normal = text.trim().replace(",", ".");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

/** A measurement within its plausible range, as the analyser shows it. */
function measure(what: string, min: number, max: number, unit: string) {
  return z.string({ error: `Escriba ${what}.` }).transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.addIssue({ code: "custom", message: `Escriba ${what}.` });
      return z.NEVER;
    }
    const value = parseDecimal(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message: `Escriba ${what} con cifras, por ejemplo 9,5.` });
      return z.NEVER;
    }
    if (value < min || value > max) {
      ctx.addIssue({ code: "custom", message: `${what[0]!.toUpperCase()}${what.slice(1)} debe estar entre ${min} y ${max} ${unit}.` });
      return z.NEVER;
    }
    return value;
  });
}

/** Empty (the analyser gave the other gas) or a measurement within its range. */
function optionalMeasure(what: string, max: number) {
  return z.string({ error: `Escriba ${what} con cifras, por ejemplo 9,5.` }).transform((text, ctx) => {
    if (text.trim() === "") return null;
    const value = parseDecimal(text);
    if (value === null) ctx.addIssue({ code: "custom", message: `Escriba ${what} con cifras, por ejemplo 9,5.` });
    else if (value > max) ctx.addIssue({ code: "custom", message: `${what[0]!.toUpperCase()}${what.slice(1)} debe estar entre 0 y ${max} %.` });
    return value;
  });
}

/** The combustion analysis of a gas boiler (RITE): CO, CO2 or O2 (one is enough), flue temperature, efficiency. */
export const combustionSchema = z
  .object({
    co: measure("el CO (ppm)", 0, 2000, "ppm"),
    co2: optionalMeasure("el CO2 (%)", 20),
    o2: optionalMeasure("el O2 (%)", 21),
    flueTemp: measure("la temperatura de humos (°C)", 0, 400, "°C"),
    efficiency: measure("el rendimiento (%)", 0, 110, "%"),
  })
  .transform((value): CombustionAnalysis => ({ coPpm: value.co, co2Percent: value.co2, o2Percent: value.o2, flueTempC: value.flueTemp, efficiencyPercent: value.efficiency }));

/** The analyser gives CO2 or O2: one of the two must be there (said even while other fields are wrong). */
function neitherGas(typed: Record<string, unknown>): boolean {
  const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";
  return blank(typed.co2) && blank(typed.o2);
}

const extraSchema = z
  .object({
    kind: z.enum(["mano_de_obra", "material"], { error: "Elija si es mano de obra o material." }),
    description: z.string().trim().min(3, { error: "Describa el trabajo o el material." }).max(200, { error: "La descripción puede tener como máximo 200 caracteres." }),
    quality: z.string().trim().max(120, { error: "La calidad puede tener como máximo 120 caracteres." }).default(""),
    quantity: z.string().transform((text, ctx) => {
      const milli = parseQuantity(text);
      if (milli === null || milli <= 0 || milli > 100_000_000) ctx.addIssue({ code: "custom", message: "Escriba la cantidad, por ejemplo 1 o 1,5." });
      return milli ?? 0;
    }),
    unit: z.string().trim().min(1, { error: "Escriba la unidad (h, ud, m)." }).max(10, { error: "La unidad puede tener como máximo 10 caracteres." }),
    unitPrice: z.string().transform((text, ctx) => {
      const cents = parseEuros(text);
      if (cents === null || cents <= 0 || cents > 10_000_000) ctx.addIssue({ code: "custom", message: "Escriba el precio por unidad sin IVA, por ejemplo 45,00." });
      return cents ?? 0;
    }),
  })
  .transform(
    (extra): ExtraWorkLine => ({ kind: extra.kind, productId: null, description: extra.description, quality: extra.quality, quantityMilli: extra.quantity, unit: extra.unit, unitCents: extra.unitPrice, used: false }),
  );

/** The extras typed so far that are complete, as quote lines (for the running total while typing). */
export function extraLines(extras: readonly ExtraDraft[]): ExtraWorkLine[] {
  return extras.flatMap((extra) => {
    const parsed = extraSchema.safeParse(extra);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A new report's fields: the suggested kind, one empty serial per unit. */
export function newReportFields(kind: string, unitCount: number): WorkReportFields {
  return { checklistKind: kind, done: [], combustion: emptyCombustion(), serials: Array.from({ length: unitCount }, () => ""), extras: [], notes: "", signerName: "", signerIdNumber: "", signaturePath: "", signedAt: "" };
}

const baseSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: "Falta la clave del parte: vuelva a cargar la página." }),
  checklistKind: z.enum(CHECKLIST_KINDS, { error: "Elija el tipo de trabajo." }),
  done: z.array(z.string().max(40)).max(40).default([]),
  combustion: z.object({ co: z.string(), co2: z.string(), o2: z.string(), flueTemp: z.string(), efficiency: z.string() }).partial().default({}),
  serials: z.array(z.string()).max(50).default([]),
  extras: z.array(extraSchema).max(MAX_EXTRAS, { error: `Como máximo ${MAX_EXTRAS} trabajos adicionales.` }).default([]),
  notes: z.string().trim().max(4000, { error: "Las notas pueden tener como máximo 4000 caracteres." }).default(""),
  leakFound: z.boolean().default(false),
  leakWhere: z.string().trim().max(500, { error: "Como máximo 500 caracteres." }).default(""),
  signerName: z.string().trim().max(120, { error: "El nombre puede tener como máximo 120 caracteres." }).default(""),
  signerIdNumber: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, { error: "El documento puede tener como máximo 20 caracteres." })
    .regex(/^[A-Z0-9 -]*$/, { error: "Escriba el DNI, NIE o pasaporte con letras y números." })
    .default(""),
  signaturePath: z
    .string()
    .max(SIGNATURE_MAX, { error: "La firma es demasiado larga: bórrela y firme de nuevo." })
    .regex(SIGNATURE_PATH, { error: "No hemos podido leer la firma: bórrela y firme de nuevo." })
    .refine((path) => path.includes("L"), { error: "Falta la firma del cliente en el recuadro." }),
  signedAt: z.string().max(40).default(""),
  photoIds: z.array(z.number().int().positive().max(999_999_999)).max(MAX_REPORT_PHOTOS, { error: `Como máximo ${MAX_REPORT_PHOTOS} fotos.` }).default([]),
});

const SERIAL = /^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/;

export const LEAK_MESSAGES = {
  where: "Diga dónde está la fuga y qué se ha hecho (por ejemplo, «abocardado de la unidad exterior: reapretado, pendiente de cambiar»).",
  both: "Ha marcado el control de fugas «sin fugas» y también una fuga: deje marcado solo lo que ha encontrado.",
} as const;

/** Whether a kind's checklist has the F-gas leak check (a unit with fluorinated refrigerant). */
export function hasLeakCheck(kind: string): boolean {
  return isChecklistKind(kind) && CHECKLISTS[kind].items.some((item) => item.id === LEAK_CHECK_ID);
}

/** The leak a maintenance visit found, only where the checklist has the leak check; a contradiction or a missing place is an error. */
function leakOf(value: { checklistKind: string; done: string[]; leakFound: boolean; leakWhere: string }): { leak: RefrigerantLeak | null } | { field: string; error: string } {
  if (!value.leakFound || !hasLeakCheck(value.checklistKind)) return { leak: null };
  if (value.done.includes(LEAK_CHECK_ID)) return { field: "leakFound", error: LEAK_MESSAGES.both };
  if (value.leakWhere.length < 3) return { field: "leakWhere", error: LEAK_MESSAGES.where };
  return { leak: { where: value.leakWhere } };
}

export type ParsedReport = { ok: true; report: WorkReportSubmission } | { ok: false; errors: Record<string, string> };

/** The report checked against the job's units: every field, the combustion for a gas boiler, a serial per unit, a repair's findings. */
export function parseWorkReport(input: unknown, units: readonly UnitSlot[], options: { repair?: boolean } = {}): ParsedReport {
  const parsed = baseSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error, { key: dottedPath });
  const value = parsed.success ? parsed.data : null;
  const raw = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;

  // The combustion analysis only for the kinds that burn gas; for any other kind it is not kept.
  const kind = baseSchema.shape.checklistKind.safeParse(raw.checklistKind).data;
  let combustion: CombustionAnalysis | null = null;
  if (kind && CHECKLISTS[kind].combustion) {
    const typed = (typeof raw.combustion === "object" && raw.combustion !== null ? raw.combustion : {}) as Record<string, unknown>;
    const result = combustionSchema.safeParse({ co: "", co2: "", o2: "", flueTemp: "", efficiency: "", ...typed });
    if (result.success) combustion = result.data;
    else fieldErrors(result.error, { key: (path) => dottedPath(["combustion", ...path]), into: errors });
    if (neitherGas(typed)) errors["combustion.co2"] ??= "Escriba el CO2 o el O2 (%) que da el analizador.";
  }

  const serials = Array.isArray(raw.serials) ? raw.serials : [];
  const entries: InstalledUnitEntry[] = units.map((unit, i) => {
    const serial = typeof serials[i] === "string" ? (serials[i] as string).trim() : "";
    const name = `${unit.brand} ${unit.model}`.trim() || "el equipo";
    if (!serial) errors[`serials.${i}`] ??= `Escriba el número de serie de ${name}.`;
    else if (serial.length > 60 || !SERIAL.test(serial)) errors[`serials.${i}`] ??= `El número de serie de ${name} solo lleva letras, números, espacios y . / _ -`;
    return { productId: unit.productId, brand: unit.brand, model: unit.model, serialNumber: serial };
  });
  delete errors.serials;

  const leak = value ? leakOf(value) : { leak: null };
  if ("error" in leak) errors[leak.field] ??= leak.error;
  const repair = options.repair ? parseRepairFields(raw.repair) : null;
  if (repair && !repair.ok) Object.assign(errors, repair.errors);
  if (!value || Object.keys(errors).length > 0) return { ok: false, errors };
  const checklist = CHECKLISTS[value.checklistKind].items.map((item) => ({ item: item.text, done: value.done.includes(item.id) }));
  const signedAt = value.signedAt ? new Date(value.signedAt) : null;
  return {
    ok: true,
    report: {
      key: value.key.toLowerCase(),
      content: { checklistKind: value.checklistKind, checklist, combustion, units: entries, extras: value.extras, notes: value.notes, ...("leak" in leak && leak.leak ? { leak: leak.leak } : {}) },
      photoIds: [...new Set(value.photoIds)],
      signature: value.signaturePath,
      signerName: value.signerName,
      signerIdNumber: value.signerIdNumber,
      signedAt: signedAt && !Number.isNaN(signedAt.getTime()) ? signedAt : null,
      repair: repair?.ok ? repair.repair : null,
    },
  };
}
