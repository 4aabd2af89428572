import { and, eq, or, sql } from "drizzle-orm";
import type { UnitCover } from "~/domain/repairs/repair-coverage";
import { REPAIR_FAMILIES, type RepairFamily, type RepairFormValues } from "~/domain/repairs/repair-fields";
import { products } from "../catalogue/catalogue-schema.server";
import type { Database } from "../db/client.server";
import { installedUnits, jobs } from "../jobs/jobs-schema.server";
import { maintenancePlans, planUnits } from "../maintenance/maintenance-schema.server";

/*
 * A unit of «Mis equipos» a breakdown is reported for (issue 31): only the signed-in customer's
 * own (the unit's e-mail is theirs, verified), with its plate, its guarantees and the running
 * plan that maintains it; and the contact details of the job that installed it, to prefill.
 */

export type RepairUnit = {
  id: number;
  name: string;
  family: RepairFamily;
  brand: string;
  model: string;
  serialNumber: string;
  cover: UnitCover;
  contact: Partial<RepairFormValues>;
};

export async function unitForRepair(db: Pick<Database, "select">, email: string, installedUnitId: number): Promise<RepairUnit | null> {
  const mine = email.trim().toLowerCase();
  const [row] = await db
    .select({ unit: installedUnits, family: products.family, customer: jobs.customer, place: jobs.workPlace })
    .from(installedUnits)
    .innerJoin(jobs, eq(jobs.id, installedUnits.jobId))
    .leftJoin(products, eq(products.id, installedUnits.productId))
    .where(and(eq(installedUnits.id, installedUnitId), sql`lower(${installedUnits.customerEmail}) = ${mine}`));
  if (!row) return null;
  const { unit } = row;
  const serial = unit.serialNumber.trim().toUpperCase();
  const [plan] = await db
    .select({ id: maintenancePlans.id, covers: maintenancePlans.covers })
    .from(planUnits)
    .innerJoin(maintenancePlans, eq(maintenancePlans.id, planUnits.planId))
    .where(
      and(
        eq(maintenancePlans.state, "activo"),
        sql`lower(${maintenancePlans.customerEmail}) = ${mine}`,
        or(eq(planUnits.installedUnitId, unit.id), serial ? sql`upper(trim(${planUnits.serialNumber})) = ${serial}` : sql`false`),
      ),
    )
    .limit(1);
  const family = REPAIR_FAMILIES.find((one) => one === row.family) ?? "otro";
  const place = row.place;
  return {
    id: unit.id,
    name: `${unit.brand} ${unit.model}`.trim() || "Equipo instalado",
    family,
    brand: unit.brand,
    model: unit.model,
    serialNumber: unit.serialNumber,
    cover: {
      labourWarrantyUntil: unit.labourWarrantyUntil,
      partsWarrantyUntil: unit.partsWarrantyUntil,
      legalGuaranteeUntil: unit.legalGuaranteeUntil,
      plan: plan ? { id: plan.id, repairLabour: plan.covers.repairLabour } : null,
    },
    contact: { name: row.customer.name, phone: row.customer.phone, email: mine, address: place.address, postcode: place.postcode, town: place.town },
  };
}
