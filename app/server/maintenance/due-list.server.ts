import { asc, between, eq, inArray, or } from "drizzle-orm";
import { addDays, addMonths, formatYmd } from "~/domain/dates/madrid-dates";
import { gasInspectionDueOn, hasGasUnit } from "~/domain/maintenance/gas-inspection";
import { planVisitDueOn, unitLeakCheckDueOn } from "~/domain/maintenance/plans";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { DUE_KINDS, LEAK_REPAIR_DAYS, type DueItem, type DueMonth } from "~/domain/maintenance/due-items";
import type { Database } from "../db/client.server";
import { installedUnits, jobs } from "../jobs/jobs-schema.server";
import { maintenancePlans, planUnits } from "./maintenance-schema.server";
import { unitFacts } from "./my-plans.server";

/*
 * The owner's due list (issue 31): what falls due in a month — maintenance visits, plan
 * renewals with the money they bring, F-gas leak checks, and the end of the guarantees of units
 * we installed (a customer to call before it ends). Visits and leak checks are computed from
 * each active plan's units (the same rules as Mis equipos); renewals and guarantees are read
 * by date.
 */

/** "YYYY-MM-01" of the month of `day`, and of the months after it. */
export function monthStart(day: string, monthsAhead = 0): string {
  return addMonths(`${day.slice(0, 7)}-01`, monthsAhead);
}

export async function dueInMonth(db: Pick<Database, "select">, firstDay: string): Promise<DueMonth> {
  const lastDay = addDays(addMonths(firstDay, 1), -1);
  const inMonth = (day: string | null) => day !== null && day >= firstDay && day <= lastDay;
  const items: DueItem[] = [];

  const live = await db.select().from(maintenancePlans).where(inArray(maintenancePlans.state, ["activo", "pendiente_pago"])).orderBy(asc(maintenancePlans.id));
  const units = live.length ? await db.select().from(planUnits).where(inArray(planUnits.planId, live.map((plan) => plan.id))).orderBy(asc(planUnits.id)) : [];
  for (const plan of live) {
    const party = { customerName: plan.customerName, customerId: plan.customerId, planId: plan.id };
    const own = units.filter((unit) => unit.planId === plan.id);
    if (inMonth(plan.renewsOn)) items.push({ kind: "renovacion", on: plan.renewsOn, what: `${MAINTENANCE_TITLES[plan.family]} (plan n.º ${plan.id})`, amountCents: plan.priceCents, ...party });
    if (plan.state !== "activo") continue;
    const visit = planVisitDueOn(own.map(unitFacts), plan.startedOn);
    const unitNames = own.map((unit) => `${unit.brand} ${unit.model}`.trim()).filter(Boolean).join(", ");
    if (inMonth(visit)) items.push({ kind: "visita", on: visit, what: `${MAINTENANCE_TITLES[plan.family]}${unitNames ? `: ${unitNames}` : " (equipo por indicar)"}`, amountCents: null, ...party });
    const inspection = hasGasUnit(own) ? gasInspectionDueOn(plan.gasInspectedOn) : null;
    if (inMonth(inspection)) items.push({ kind: "inspeccion-gas", on: inspection!, what: `${plan.place.address}, ${plan.place.town}: la hace la distribuidora (última el ${formatYmd(plan.gasInspectedOn!)})`, amountCents: null, ...party });
    for (const unit of own) {
      const repair = unit.leakFoundOn ? addDays(unit.leakFoundOn, LEAK_REPAIR_DAYS) : null;
      if (inMonth(repair)) {
        items.push({ kind: "fuga", on: repair!, what: `${`${unit.brand} ${unit.model}`.trim()}: fuga encontrada el ${formatYmd(unit.leakFoundOn!)}; repararla y comprobarla de nuevo en el mes siguiente`, amountCents: null, ...party });
      }
      const check = unitLeakCheckDueOn(unitFacts(unit), plan.startedOn);
      if (inMonth(check)) items.push({ kind: "fugas", on: check!, what: `${`${unit.brand} ${unit.model}`.trim()} (${unit.refrigerant}, ${unit.chargeKg} kg)`, amountCents: null, ...party });
    }
  }

  const ending = await db
    .select({ unit: installedUnits, customer: jobs.customer })
    .from(installedUnits)
    .innerJoin(jobs, eq(jobs.id, installedUnits.jobId))
    .where(
      or(
        between(installedUnits.labourWarrantyUntil, firstDay, lastDay),
        between(installedUnits.partsWarrantyUntil, firstDay, lastDay),
        between(installedUnits.legalGuaranteeUntil, firstDay, lastDay),
      ),
    );
  for (const { unit, customer } of ending) {
    const name = `${unit.brand} ${unit.model}`.trim();
    const ends: [string | null, string][] = [
      [unit.labourWarrantyUntil, "mano de obra"],
      [unit.partsWarrantyUntil, "piezas"],
      [unit.legalGuaranteeUntil, "garantía legal"],
    ];
    for (const [on, label] of ends) {
      if (inMonth(on)) items.push({ kind: "garantia", on: on!, what: `${name}, n.º de serie ${unit.serialNumber} (${label})`, customerName: customer.name, customerId: null, planId: null, amountCents: null });
    }
  }

  items.sort((a, b) => a.on.localeCompare(b.on) || DUE_KINDS.indexOf(a.kind) - DUE_KINDS.indexOf(b.kind) || a.customerName.localeCompare(b.customerName, "es"));
  return { firstDay, items, renewalsCents: items.reduce((sum, item) => sum + (item.kind === "renovacion" ? item.amountCents! : 0), 0) };
}
