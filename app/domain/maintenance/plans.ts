import type { MaintainedFamily } from "../catalogue/service-prices";
import { ritePeriodMonths, type RiteEquipment } from "./rite-periods";
import { leakCheckMonths, type Refrigerant } from "./refrigerants";
import { addMonths } from "../dates/madrid-dates";
import { nextVisitDueOn } from "./plan-dates";

/*
 * A maintenance plan (issue 31): a customer's yearly maintenance of one or more units, with its
 * price, start, renewal day, what it covers and its state. The shop's "Mantenimiento anual"
 * line makes one when its order is paid; a job's report and Mis equipos sell one too.
 */

export const PLAN_STATES = ["activo", "pendiente_pago", "vencido", "cancelado"] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  activo: "Activo",
  pendiente_pago: "Pendiente de pago",
  vencido: "Vencido",
  cancelado: "Cancelado",
};

/** Where the plan was sold. */
export const PLAN_SOURCES = ["tienda", "parte", "mis-equipos", "telefono"] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** How the renewal is paid. */
export const RENEWAL_METHODS = ["tarjeta", "domiciliacion", "transferencia"] as const;
export type RenewalMethod = (typeof RENEWAL_METHODS)[number];

export const RENEWAL_METHOD_LABELS: Record<RenewalMethod, string> = {
  tarjeta: "Cargo en la tarjeta guardada",
  domiciliacion: "Domiciliación bancaria (adeudo SEPA)",
  transferencia: "Transferencia bancaria",
};

/** What every plan covers (kept with each plan as sold, so a later change does not rewrite it). */
export type PlanCovers = { yearlyVisit: boolean; repairLabour: boolean; responseHours: number };

export const PLAN_COVERS: PlanCovers = { yearlyVisit: true, repairLabour: true, responseHours: 48 };

export function coversLines(covers: PlanCovers): string[] {
  return [
    ...(covers.yearlyVisit ? ["Una visita de mantenimiento al año, con el registro de operaciones que exige el RITE."] : []),
    ...(covers.repairLabour ? ["La mano de obra de las reparaciones de los equipos del plan."] : []),
    `Atención de averías en menos de ${covers.responseHours} horas laborables.`,
  ];
}

/** The kind of equipment a family's unit is, for the RITE's table. */
export const EQUIPMENT_OF_FAMILY: Record<MaintainedFamily, RiteEquipment> = {
  calderas: "caldera-gas",
  aires: "aire",
  aerotermia: "bomba-de-calor",
};

/** What the rules need of a unit of a plan. */
export type PlanUnitFacts = {
  equipment: RiteEquipment;
  powerKw: number | null;
  installedOn: string | null;
  lastMaintainedOn: string | null;
  refrigerant: Refrigerant | null;
  chargeKg: number | null;
  hermeticallySealed: boolean;
  leakDetection: boolean;
};

/** The RITE's months for a unit; a unit whose power is not known is treated as a home's small unit (the commonest). */
export function unitRiteMonths(unit: Pick<PlanUnitFacts, "equipment" | "powerKw">): number | null {
  return ritePeriodMonths(unit.equipment, unit.powerKw ?? 24);
}

/** When the unit's next maintenance visit is due: a year (or the RITE's period, if shorter) after the last one, its installation or the plan's start. */
export function unitVisitDueOn(unit: PlanUnitFacts, planStartedOn: string): string {
  const from = unit.lastMaintainedOn ?? laterOf(unit.installedOn, planStartedOn);
  return nextVisitDueOn(from, unitRiteMonths(unit));
}

/** The next leak check of a unit (Regulation (EU) 2024/573 art. 5), or null when none is required. */
export function unitLeakCheckDueOn(unit: PlanUnitFacts, planStartedOn: string): string | null {
  if (!unit.refrigerant || unit.chargeKg === null) return null;
  const months = leakCheckMonths({ gas: unit.refrigerant, chargeKg: unit.chargeKg, hermeticallySealed: unit.hermeticallySealed, leakDetection: unit.leakDetection });
  if (months === null) return null;
  return addMonths(unit.lastMaintainedOn ?? laterOf(unit.installedOn, planStartedOn), months);
}

/** The plan's next visit: its earliest unit's, or a year after its start when no unit is known yet. */
export function planVisitDueOn(units: readonly PlanUnitFacts[], startedOn: string): string {
  if (units.length === 0) return nextVisitDueOn(startedOn, null);
  return units.map((unit) => unitVisitDueOn(unit, startedOn)).sort()[0]!;
}

function laterOf(a: string | null, b: string): string {
  return a !== null && a > b ? a : b;
}

/** A plan the customer can still cancel from Mis equipos. */
export function isCancellable(state: PlanState): boolean {
  return state === "activo" || state === "pendiente_pago";
}
