import { eq } from "drizzle-orm";
import { repairReference, URGENCY_LABELS } from "~/domain/repairs/repair-fields";
import type { RepairTerms } from "~/domain/repairs/repair-bill";
import { audit } from "../audit.server";
import type { Database, Transaction } from "../db/client.server";
import { installedUnits } from "../jobs/jobs-schema.server";
import { openServiceJob } from "../jobs/open-job.server";
import { askDeposit } from "../jobs/job-charges.server";
import { repairRequests } from "./repairs-schema.server";
import { unitLine } from "./repair-requests.server";

/*
 * A breakdown becomes a repair job (issue 31): without a written quote, «Pendiente de programar»,
 * scheduled like any other job from its page. The job carries what the request said it would
 * cost and the unit's parts guarantee (RepairTerms), so the technician's report prices the repair
 * as the customer was told. One job per breakdown: pressing twice opens it once.
 */

export type OpenedRepairJob = { ok: true; jobId: number; opened: boolean } | { ok: false; status: 404 | 409; message: string };

export const REPAIR_CANCELLED = "Esta avería está anulada: cámbiela a «Nueva» o «Atendida» antes de crear su trabajo.";

/** The later of the unit's parts guarantees (ours, 2 years; the legal one, 3 years for a consumer), if we installed it. */
async function partsGuaranteeUntil(tx: Transaction, installedUnitId: number | null): Promise<string | null> {
  if (installedUnitId === null) return null;
  const [unit] = await tx.select({ parts: installedUnits.partsWarrantyUntil, legal: installedUnits.legalGuaranteeUntil }).from(installedUnits).where(eq(installedUnits.id, installedUnitId));
  if (!unit) return null;
  return unit.legal && unit.legal > unit.parts ? unit.legal : unit.parts;
}

type RepairRow = typeof repairRequests.$inferSelect;

/** Opens the breakdown's job in the caller's transaction (the request's row locked); returns its id. */
async function openJobOf(tx: Transaction, repair: RepairRow, now: Date): Promise<number> {
  const reference = repairReference(repair.id);
  const terms: RepairTerms = { requestId: repair.id, reference, token: repair.token, coverage: repair.coverage, partsGuaranteeUntil: await partsGuaranteeUntil(tx, repair.installedUnitId) };
  const place = { address: repair.address, postcode: repair.postcode, town: repair.town, province: "Madrid" };
  const jobId = await openServiceJob(
    tx,
    {
      kind: "reparacion",
      title: `Avería ${reference}`,
      customer: { name: repair.customerName, nif: "", email: repair.customerEmail, phone: repair.customerPhone, ...place },
      workPlace: place,
      units: [],
      notes: [`Equipo: ${unitLine(repair)}`, `Qué le pasa: ${repair.problem}`, `Urgencia: ${URGENCY_LABELS[repair.urgency]}`, repair.availability ? `Cuándo pueden ir: ${repair.availability}` : ""].filter(Boolean).join("\n"),
      repair: terms,
    },
    now,
  );
  await tx.update(repairRequests).set({ jobId, updatedAt: now }).where(eq(repairRequests.id, repair.id));
  return jobId;
}

export async function openRepairJob(db: Database, staff: { email: string }, repairId: number, now = new Date()): Promise<OpenedRepairJob> {
  return db.transaction(async (tx): Promise<OpenedRepairJob> => {
    const [repair] = await tx.select().from(repairRequests).where(eq(repairRequests.id, repairId)).for("update");
    if (!repair) return { ok: false, status: 404, message: "Esta avería no existe." };
    if (repair.jobId !== null) return { ok: true, jobId: repair.jobId, opened: false };
    if (repair.state === "anulada") return { ok: false, status: 409, message: REPAIR_CANCELLED };
    const jobId = await openJobOf(tx, repair, now);
    await tx.update(repairRequests).set({ state: "atendida", updatedAt: now }).where(eq(repairRequests.id, repair.id));
    await audit(tx, staff, { action: "crear trabajo de reparación", entity: "averia", entityId: repair.id, before: { estado: repair.state }, after: { estado: "atendida", trabajo: jobId } });
    return { ok: true, jobId, opened: true };
  });
}

/**
 * The customer chose to pay the call-out fee online when sending the breakdown (issue 31): its
 * repair job is opened at once («Pendiente de programar»; the breakdown stays «Nueva» until the
 * owner arranges the visit) and the fee is asked as the job's advance, which the customer pays
 * on the breakdown's page (card or Bizum). Returns the charge to pay, or null when there is
 * nothing to pay (a covered unit, a cancelled breakdown, or already paid).
 */
export async function askCallOutOnline(db: Database, repairId: number, now = new Date()): Promise<{ jobId: number; chargeId: number } | null> {
  return db.transaction(async (tx) => {
    const [repair] = await tx.select().from(repairRequests).where(eq(repairRequests.id, repairId)).for("update");
    if (!repair || repair.state === "anulada" || repair.coverage.callOutCents <= 0) return null;
    const jobId = repair.jobId ?? (await openJobOf(tx, repair, now));
    const charge = await askDeposit(tx, jobId, repair.coverage.callOutCents, now);
    if (!charge) return null;
    await audit(tx, "sistema", { action: "pedir desplazamiento por adelantado", entity: "averia", entityId: repair.id, before: null, after: { trabajo: jobId, importe: charge.amountCents } });
    return { jobId, chargeId: charge.id };
  });
}
