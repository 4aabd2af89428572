import { and, eq } from "drizzle-orm";
import { repairBill, type RepairBill } from "~/domain/repairs/repair-bill";
import type { Transaction } from "../db/client.server";
import type { Job } from "./job-charges.server";
import type { JobInvoiceDraft } from "./job-invoices.server";
import { jobCharges, workReports } from "./jobs-schema.server";

/*
 * A repair's invoice (issue 31): what the signed report says was done, less what the breakdown's
 * coverage pays for (domain/repairs/repair-bill.ts). Computed from the stored report and the
 * job's repair terms, so the owner's «Emitir la factura» later (once the NIF is known) issues
 * exactly what the customer signed.
 */

/**
 * The call-out fee the repair's invoice charges: the one the breakdown's form said, unless it was
 * paid online with the breakdown (invoiced apart then, decision 0037).
 */
export async function callOutToCharge(tx: Pick<Transaction, "select">, job: Pick<Job, "id" | "repair">): Promise<number> {
  if (!job.repair) return 0;
  const [paid] = await tx
    .select({ id: jobCharges.id })
    .from(jobCharges)
    .where(and(eq(jobCharges.jobId, job.id), eq(jobCharges.kind, "senal"), eq(jobCharges.state, "pagado")))
    .limit(1);
  return paid ? 0 : job.repair.coverage.callOutCents;
}

/** The bill of a repair job's signed report; null before the report. */
export async function repairBillOf(tx: Pick<Transaction, "select">, job: Pick<Job, "id" | "repair">): Promise<RepairBill | null> {
  const [report] = await tx.select({ content: workReports.content }).from(workReports).where(eq(workReports.jobId, job.id)).limit(1);
  const outcome = report?.content.repair;
  if (!outcome || !job.repair) return null;
  return repairBill({
    callOutCents: await callOutToCharge(tx, job),
    covered: outcome.covered,
    extras: report.content.extras,
    parts: outcome.parts,
    reducedVatConfirmed: outcome.reducedVatConfirmed,
  });
}

export function repairInvoiceDraft(bill: RepairBill): JobInvoiceDraft {
  return { lines: bill.lines, rate: bill.rate, baseCents: bill.baseCents, vatCents: bill.vatCents, payMethod: "Tarjeta, Bizum o transferencia bancaria", operationOn: null };
}
