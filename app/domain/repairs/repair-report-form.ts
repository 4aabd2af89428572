import { z } from "zod";
import { dottedPath, fieldErrors } from "../fields/field-errors";
import { isValidSpanishId, normalizeSpanishId } from "../spanish-ids";
import type { ExtraWorkLine } from "../jobs/work-report-content";
import { coveredFor, repairBill, type RepairBill, type RepairCover } from "./repair-bill";
import { REPAIR_CAUSES, type RepairCause } from "./repair-outcome";

/*
 * The repair's part of the technician's report (issue 31): the diagnosis, its cause, the parts
 * taken from stock, whether the unit must be replaced, the customer's confirmation of the
 * reduced VAT's conditions and the NIF the invoice needs. As typed on the phone, checked here
 * for the form and again by the server; errors keyed "repair.<field>".
 */

export const MAX_REPAIR_PARTS = 10;

/** A catalogue product in stock the technician may use, at its price without VAT. */
export type PartChoice = { id: number; name: string; unitBaseCents: number; stock: number };

/** What the repair part of the form needs: the coverage as of today and what the customer was told, the call-out, the parts in stock. */
export type RepairFormFacts = { cover: RepairCover; coverageText: string; callOutCents: number; callOutPaid: boolean; parts: PartChoice[]; customerNif: string };

export type RepairPartDraft = { productId: string; quantity: string };

export type RepairFields = {
  diagnosis: string;
  cause: string;
  parts: RepairPartDraft[];
  replacement: boolean;
  reducedVat: boolean;
  invoiceNif: string;
  /** What the form showed the customer to sign (VAT included), in cents; the server refuses another amount. */
  shownTotalCents: number;
};

export type RepairDraft = {
  diagnosis: string;
  cause: RepairCause;
  parts: { productId: number; quantity: number }[];
  replacement: boolean;
  reducedVatConfirmed: boolean;
  invoiceNif: string;
  shownTotalCents: number;
};

export function emptyRepairFields(nif: string): RepairFields {
  return { diagnosis: "", cause: "", parts: [], replacement: false, reducedVat: false, invoiceNif: nif, shownTotalCents: 0 };
}

export const REPAIR_REPORT_MESSAGES = {
  diagnosis: "Escriba el diagnóstico: qué tenía el equipo y qué se ha hecho.",
  cause: "Elija la causa de la avería.",
  product: "Elija la pieza del almacén.",
  quantity: "Escriba cuántas unidades, de 1 a 99.",
  nif: "El NIF no es válido: revise los números y la letra, o déjelo en blanco.",
  repeated: "Esta pieza ya está en la lista: cambie la cantidad.",
} as const;

const partSchema = z.object({
  productId: z.coerce.number({ error: REPAIR_REPORT_MESSAGES.product }).int({ error: REPAIR_REPORT_MESSAGES.product }).positive({ error: REPAIR_REPORT_MESSAGES.product }).max(999_999_999),
  quantity: z.coerce.number({ error: REPAIR_REPORT_MESSAGES.quantity }).int({ error: REPAIR_REPORT_MESSAGES.quantity }).min(1, { error: REPAIR_REPORT_MESSAGES.quantity }).max(99, { error: REPAIR_REPORT_MESSAGES.quantity }),
});

const repairSchema = z.object({
  diagnosis: z.string({ error: REPAIR_REPORT_MESSAGES.diagnosis }).trim().min(10, { error: REPAIR_REPORT_MESSAGES.diagnosis }).max(2000, { error: "El diagnóstico puede tener como máximo 2000 caracteres." }),
  cause: z.enum(REPAIR_CAUSES, { error: REPAIR_REPORT_MESSAGES.cause }),
  parts: z.array(partSchema).max(MAX_REPAIR_PARTS, { error: `Como máximo ${MAX_REPAIR_PARTS} piezas del almacén.` }).default([]),
  replacement: z.boolean().default(false),
  reducedVat: z.boolean().default(false),
  invoiceNif: z
    .string()
    .max(20, { error: REPAIR_REPORT_MESSAGES.nif })
    .default("")
    .transform((text) => normalizeSpanishId(text))
    .refine((nif) => nif === "" || isValidSpanishId(nif), { error: REPAIR_REPORT_MESSAGES.nif }),
  shownTotalCents: z.number().int().min(0).max(100_000_000).default(0),
});

export type ParsedRepair = { ok: true; repair: RepairDraft } | { ok: false; errors: Record<string, string> };

export function parseRepairFields(input: unknown): ParsedRepair {
  const parsed = repairSchema.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error, { key: (path) => dottedPath(["repair", ...path]) }) };
  const value = parsed.data;
  const seen = new Set<number>();
  for (const [i, part] of value.parts.entries()) {
    if (seen.has(part.productId)) return { ok: false, errors: { [`repair.parts.${i}.productId`]: REPAIR_REPORT_MESSAGES.repeated } };
    seen.add(part.productId);
  }
  return {
    ok: true,
    repair: {
      diagnosis: value.diagnosis,
      cause: value.cause,
      parts: value.parts,
      replacement: value.replacement,
      reducedVatConfirmed: value.reducedVat,
      invoiceNif: value.invoiceNif,
      shownTotalCents: value.shownTotalCents,
    },
  };
}

/**
 * The bill as typed so far, for the total the phone shows and the customer signs (the server
 * computes it again and refuses another amount); null until a cause is chosen. `extras`: the
 * complete labour and material lines typed.
 */
export function billOfFields(facts: RepairFormFacts, fields: RepairFields, extras: readonly ExtraWorkLine[]): RepairBill | null {
  const cause = REPAIR_CAUSES.find((c) => c === fields.cause);
  if (!cause) return null;
  const parts = fields.parts.flatMap((draft) => {
    const choice = facts.parts.find((part) => String(part.id) === draft.productId);
    const quantity = Number(draft.quantity);
    return choice && Number.isInteger(quantity) && quantity >= 1 && quantity <= 99 ? [{ productId: choice.id, description: choice.name, quantity, unitBaseCents: choice.unitBaseCents }] : [];
  });
  return repairBill({ callOutCents: facts.callOutCents, covered: coveredFor(facts.cover, cause), extras, parts, reducedVatConfirmed: fields.reducedVat });
}
