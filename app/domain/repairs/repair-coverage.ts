import { formatYmd } from "../dates/madrid-dates";
import { formatEuros } from "../money";

/*
 * What a breakdown of a unit costs the customer before anyone goes (issue 31), shown on the form
 * before it is sent and kept with the request:
 * - a running maintenance plan that covers the unit: the plan's repair labour and the visit;
 * - the legal guarantee of goods sold to a consumer (3 years, TRLGDCU arts. 114-120): a defect
 *   of the unit is repaired free of charge, labour and travel included (art. 118);
 * - our guarantee on the installation work (6 months): a fault of the installation, free;
 * - only the parts' guarantee (2 years): the parts are free, the call-out and labour are not;
 * - nothing: the call-out fee (desplazamiento y diagnóstico, a setting), then the repair as
 *   quoted on site.
 * The technician's diagnosis confirms it: misuse or an outside cause is never covered.
 */

export const COVERAGE_KINDS = ["plan", "garantia-legal", "garantia-instalacion", "garantia-piezas", "ninguna"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

export type UnitCover = {
  labourWarrantyUntil: string | null;
  partsWarrantyUntil: string | null;
  legalGuaranteeUntil: string | null;
  /** A running plan (activo) that maintains this unit, and whether it covers repair labour. */
  plan: { id: number; repairLabour: boolean } | null;
};

export type Coverage = {
  kind: CoverageKind;
  /** The last day it covers (a guarantee's end), or null. */
  until: string | null;
  /** What the customer pays before the diagnosis, VAT included: 0 when covered. */
  callOutCents: number;
  /** What the form and the e-mails say. */
  text: string;
};

const runs = (until: string | null, today: string): until is string => until !== null && until >= today;

/** The coverage of a known unit on `today`; a unit we do not know is only the call-out fee. */
export function coverageOf(unit: UnitCover | null, today: string, callOutCents: number): Coverage {
  const fee = `El desplazamiento y el diagnóstico cuestan ${formatEuros(callOutCents)} (IVA incluido); la reparación se la presupuestamos allí antes de hacerla.`;
  if (!unit) return { kind: "ninguna", until: null, callOutCents, text: fee };
  if (unit.plan?.repairLabour) {
    return { kind: "plan", until: null, callOutCents: 0, text: `Su plan de mantenimiento n.º ${unit.plan.id} cubre el desplazamiento y la mano de obra de la reparación; solo pagaría las piezas que no estén en garantía.` };
  }
  if (runs(unit.legalGuaranteeUntil, today)) {
    return {
      kind: "garantia-legal",
      until: unit.legalGuaranteeUntil,
      callOutCents: 0,
      text: `Su equipo está en garantía legal hasta el ${formatYmd(unit.legalGuaranteeUntil)}: si la avería es un defecto del equipo, la reparación es gratuita (piezas, mano de obra y desplazamiento).`,
    };
  }
  if (runs(unit.labourWarrantyUntil, today)) {
    return {
      kind: "garantia-instalacion",
      until: unit.labourWarrantyUntil,
      callOutCents: 0,
      text: `Nuestra garantía de la instalación sigue hasta el ${formatYmd(unit.labourWarrantyUntil)}: si la avería viene de la instalación, no le cobramos nada.`,
    };
  }
  if (runs(unit.partsWarrantyUntil, today)) {
    return { kind: "garantia-piezas", until: unit.partsWarrantyUntil, callOutCents, text: `Las piezas están en garantía hasta el ${formatYmd(unit.partsWarrantyUntil)}. ${fee}` };
  }
  return { kind: "ninguna", until: null, callOutCents, text: fee };
}
